import { useEffect, useRef } from 'react';
import { Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { trpcClient } from '../../trpc.js';
import { notify } from '../../notify.js';
import { rememberSignedInUser } from '../../auth/session.js';
import '../../styles/sign-in-forms.js';

/**
 * Development only (Router.tsx loads it only in dev builds): signs out, signs in as the admin the
 * development server is configured with, and opens /admin-dashboard. The credentials come from the
 * server at run time, never from this bundle.
 */
export function ForceAdminLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development; one sign-in is enough.
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const response = await fetch('/api/dev/force-admin-credentials', { credentials: 'include' });
        if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
        const credentials = (await response.json()) as { email: string; password: string };
        await trpcClient.auth.logout.mutate();
        const { user } = await trpcClient.auth.login.mutate({ email: credentials.email, password: credentials.password });
        rememberSignedInUser(user);
        await navigate('/admin-dashboard', { replace: true });
      } catch (error) {
        console.error('Force admin login failed', error);
        notify({ title: t('dev.forceAdminFailed'), message: error instanceof Error ? error.message : '', variant: 'destructive' });
      }
    })();
  }, [navigate, t]);

  return (
    <Container size="sm" py="xl">
      <Stack align="center">
        <Title order={1} size="h3">
          {t('dev.forceAdminTitle')}
        </Title>
        <Loader />
        <Text c="dimmed">{t('dev.forceAdminWorking')}</Text>
      </Stack>
    </Container>
  );
}
