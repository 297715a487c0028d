import { useState } from 'react';
import { Button, Card, Center, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { rememberSignedInUser, useSession } from '../../auth/session.js';
import { PageLoader } from '../../components/PageLoader/PageLoader.js';

/**
 * /admin-login (spec sections 2, 5 and 8). A signed-in admin goes straight to /admin-dashboard;
 * anyone else signed in sees the form (sending them on would loop between guard and login).
 */
export function AdminLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const form = useForm({ initialValues: { email: '', password: '' } });
  const login = useMutation(trpc.auth.login.mutationOptions());
  const logout = useMutation(trpc.auth.logout.mutationOptions());
  // Set when this form signed the admin in: then the way on is /admin, not the already-signed-in redirect.
  const [signedInHere, setSignedInHere] = useState(false);

  const submit = form.onSubmit(async (values) => {
    if (login.isPending) return;
    if (!values.email.trim() || !values.password) {
      notify({ title: t('adminLogin.missing'), message: t('adminLogin.missingText'), variant: 'destructive' });
      return;
    }
    try {
      const { user: signedIn } = await login.mutateAsync(values);
      if (signedIn.role !== 'admin') {
        await logout.mutateAsync().catch(() => undefined);
        rememberSignedInUser(null);
        notify({ title: t('login.accessDenied'), message: t('login.adminsOnly'), variant: 'destructive' });
        return;
      }
      setSignedInHere(true);
      rememberSignedInUser(signedIn);
      notify({ title: t('login.welcome'), message: t('login.welcomeText', { name: signedIn.name }) });
      await navigate('/admin');
    } catch (error) {
      notify({ title: t('adminLogin.failed'), message: errorMessage(error, t('login.invalidCredentials')), variant: 'destructive' });
    }
  });

  if (isLoading) return <PageLoader />;
  if (user?.role === 'admin' && !signedInHere && !login.isPending) return <Navigate to="/admin-dashboard" replace />;

  return (
    <Center mih="100vh" bg="gray.0">
      <Container size={440} w="100%">
        <Card withBorder radius="md" padding="xl">
          <Stack gap={4} mb="lg" ta="center">
            <Title order={1} size="h3">
              {t('adminLogin.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('adminLogin.subtitle')}
            </Text>
          </Stack>
          <form onSubmit={submit} noValidate>
            <Stack>
              <TextInput label={t('adminLogin.email')} type="email" autoComplete="username" {...form.getInputProps('email')} />
              <PasswordInput label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
              <Button type="submit" disabled={login.isPending}>
                {login.isPending ? t('login.signingIn') : t('login.signIn')}
              </Button>
            </Stack>
          </form>
        </Card>
      </Container>
    </Center>
  );
}
