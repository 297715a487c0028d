import { lazy, Suspense, useState } from 'react';
import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandX, IconClipboardCheck, IconHeartHandshake, IconPhone, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../trpc.js';
import { usePageHydrated } from '../../routing/page-hydrated.js';

/** The dialogs are downloaded when first opened, not with the page. */
const TermsModal = lazy(() => import('../../components/TermsModal/TermsModal.js').then((m) => ({ default: m.TermsModal })));
const LoginDialog = lazy(() => import('../../components/LoginDialog/LoginDialog.js').then((m) => ({ default: m.LoginDialog })));

/** The landing page: headline, three points, contacts from the settings, two ways in. */
export function LandingPage() {
  // Not a lazy page (routing/lazy-page.tsx does this for those): its own hydration lifts the inert markup.
  usePageHydrated();
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const [termsOpen, setTermsOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  // Once opened, a dialog stays mounted so that closing it keeps Mantine's exit transition.
  const [termsMounted, setTermsMounted] = useState(false);
  const [loginMounted, setLoginMounted] = useState(false);
  const settings = useQuery(trpc.public.settings.queryOptions()).data;

  const points = [
    { icon: IconClipboardCheck, title: t('landing.points.easyTitle'), text: t('landing.points.easyText') },
    { icon: IconShieldLock, title: t('landing.points.secureTitle'), text: t('landing.points.secureText') },
    { icon: IconHeartHandshake, title: t('landing.points.friendlyTitle'), text: t('landing.points.friendlyText') },
  ];
  const phones = [settings?.supportPhone1, settings?.supportPhone2].filter((phone): phone is string => Boolean(phone));
  const socials = [
    { url: settings?.instagramUrl, label: t('landing.instagram'), icon: IconBrandInstagram },
    { url: settings?.facebookUrl, label: t('landing.facebook'), icon: IconBrandFacebook },
    { url: settings?.xUrl, label: t('landing.x'), icon: IconBrandX },
  ].filter((social): social is typeof social & { url: string } => Boolean(social.url));

  return (
    <Container size="lg" py={60}>
      <Stack align="center" gap="lg" ta="center">
        <Title order={1}>{t('landing.headline')}</Title>
        <Text c="dimmed" size="lg" maw={640}>
          {t('landing.intro')}
        </Text>
        <Group>
          <Button
            size="lg"
            onClick={() => {
              setTermsMounted(true);
              setTermsOpen(true);
            }}
          >
            {t('landing.registerStudent')}
          </Button>
          <Button
            size="lg"
            variant="outline"
            onClick={() => {
              setLoginMounted(true);
              setLoginOpen(true);
            }}
          >
            {t('landing.parentPortal')}
          </Button>
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 1, sm: 3 }} mt={60} spacing="lg">
        {points.map((point) => (
          <Card key={point.title} withBorder padding="lg" radius="md">
            <ThemeIcon size="xl" radius="md" variant="light">
              <point.icon aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h4" mt="md">
              {point.title}
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              {point.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      {(phones.length > 0 || socials.length > 0) && (
        <Stack align="center" mt={60} gap="xs">
          <Title order={2} size="h4">
            {t('landing.contactTitle')}
          </Title>
          {phones.map((phone) => (
            <Group gap={6} key={phone}>
              <IconPhone size={16} aria-hidden />
              <Anchor href={`tel:+973${phone}`}>{t('landing.supportPhone', { phone })}</Anchor>
            </Group>
          ))}
          {socials.length > 0 && (
            <Group gap="md" aria-label={t('landing.followUs')}>
              {socials.map((social) => (
                <Anchor key={social.label} href={social.url} target="_blank" rel="noopener noreferrer">
                  <Group gap={4}>
                    <social.icon size={18} aria-hidden />
                    {social.label}
                  </Group>
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      )}

      <Suspense fallback={null}>
        {termsMounted && (
          <TermsModal
            opened={termsOpen}
            onClose={() => setTermsOpen(false)}
            onAccept={(accepted) => {
              setTermsOpen(false);
              // /register need not ask again for the version just accepted here (nor in which language).
              void navigate('/register', { state: accepted });
            }}
          />
        )}
        {loginMounted && <LoginDialog opened={loginOpen} onClose={() => setLoginOpen(false)} />}
      </Suspense>
    </Container>
  );
}
