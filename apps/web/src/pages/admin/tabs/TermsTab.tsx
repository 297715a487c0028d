import { useState } from 'react';
import { Badge, Button, Card, Group, Spoiler, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../trpc.js';
import { runAdminChange } from '../../../components/AdminForm/run-admin-change.js';
import { TermsFormModal } from '../../../components/AdminTermsForm/TermsFormModal.js';
import { TermsArabicModal } from '../../../components/AdminTermsForm/TermsArabicModal.js';
import { refreshAdminData, useTermsVersions } from '../../../queries/admin-queries.js';
import { formatDateTime } from '../../../i18n/format.js';
import { ListState } from './ListState.js';

/**
 * Terms versions with their English and Arabic texts; one is active, and registrations record the
 * one they accepted and in which language. A version without its Arabic text cannot be made active
 * until that is written.
 */
export function TermsTab() {
  const { t, i18n } = useTranslation('admin');
  const terms = useTermsVersions();
  const dateOf = (iso: string) => formatDateTime(iso, i18n.language);
  const [writing, setWriting] = useState(false);
  const [translating, setTranslating] = useState<{ id: string; version: number; content: string } | null>(null);
  const activate = useMutation(trpc.admin.terms.activate.mutationOptions());
  const versions = terms.data?.terms ?? [];
  const current = versions.find((version) => version.active);

  const makeActive = (id: string, version: number) =>
    runAdminChange(
      () => activate.mutateAsync({ id }),
      { success: () => ({ title: t('terms.activated', { version }) }), failure: t('terms.saveFailed') },
      { after: refreshAdminData },
    );

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('terms.title')}</Title>
        {/* A new version starts from the current one's text: it waits for the versions to load. */}
        <Button onClick={() => setWriting(true)} disabled={!terms.data}>
          {t('terms.add')}
        </Button>
      </Group>
      <ListState query={terms}>
        {versions.length === 0 && <Text c="dimmed">{t('terms.empty')}</Text>}
        {versions.map((version) => (
          <Card key={version.id} withBorder padding="lg" role="article" aria-label={t('terms.version', { version: version.version })}>
            <Group justify="space-between" mb="xs">
              <Group gap="sm">
                <Title order={3} size="h4">
                  {t('terms.version', { version: version.version })}
                </Title>
                {version.active && (
                  <Badge color="green" variant="light">
                    {t('terms.active')}
                  </Badge>
                )}
                {version.contentAr === null && (
                  <Badge color="yellow" variant="light">
                    {t('terms.noArabic')}
                  </Badge>
                )}
              </Group>
              <Group gap="xs">
                {version.contentAr === null && (
                  <Button size="xs" variant="default" onClick={() => setTranslating(version)}>
                    {t('terms.writeArabic')}
                  </Button>
                )}
                {!version.active && (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => void makeActive(version.id, version.version)}
                    disabled={activate.isPending || version.contentAr === null}
                  >
                    {t('terms.makeActive')}
                  </Button>
                )}
              </Group>
            </Group>
            <Text size="xs" c="dimmed" mb="sm">
              {version.active && version.effectiveFrom
                ? t('terms.effectiveFrom', { date: dateOf(version.effectiveFrom) })
                : t('terms.createdAt', { date: dateOf(version.createdAt) })}
            </Text>
            <Spoiler maxHeight={160} showLabel={t('terms.showMore')} hideLabel={t('terms.showLess')}>
              <Stack gap="sm">
                <div>
                  <Text size="xs" fw={600}>
                    {t('terms.english')}
                  </Text>
                  <Text size="sm" lang="en" dir="ltr" style={{ whiteSpace: 'pre-wrap' }}>
                    {version.content}
                  </Text>
                </div>
                <div>
                  <Text size="xs" fw={600}>
                    {t('terms.arabic')}
                  </Text>
                  {version.contentAr === null ? (
                    <Text size="sm" c="dimmed">
                      {t('terms.arabicMissing')}
                    </Text>
                  ) : (
                    <Text size="sm" lang="ar" dir="rtl" style={{ whiteSpace: 'pre-wrap' }}>
                      {version.contentAr}
                    </Text>
                  )}
                </div>
              </Stack>
            </Spoiler>
          </Card>
        ))}
      </ListState>
      {writing && (
        <TermsFormModal
          starting={{ content: current?.content ?? '', contentAr: current?.contentAr ?? '' }}
          onClose={() => setWriting(false)}
          onSaved={refreshAdminData}
        />
      )}
      {translating && <TermsArabicModal version={translating} onClose={() => setTranslating(null)} onSaved={refreshAdminData} />}
    </Stack>
  );
}
