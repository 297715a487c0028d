import { Anchor, Button, Card, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginInput } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { rememberSignedInUser } from '../../auth/session.js';
import { zodErrors } from '../../forms/validation.js';

/** /parent-login (spec sections 2, 5 and 8): parents only; anyone else is signed out again. */
export function ParentLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const form = useForm({ initialValues: { email: '', password: '' } });
  const login = useMutation(trpc.auth.login.mutationOptions());
  const logout = useMutation(trpc.auth.logout.mutationOptions());

  const submit = form.onSubmit(async (values) => {
    if (login.isPending) return;
    const errors = zodErrors(loginInput, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { user } = await login.mutateAsync(values);
      if (user.role !== 'parent') {
        await logout.mutateAsync().catch(() => undefined);
        rememberSignedInUser(null);
        notify({ title: t('login.accessDenied'), message: t('login.parentsOnly'), variant: 'destructive' });
        return;
      }
      rememberSignedInUser(user);
      notify({ title: t('login.welcome'), message: t('login.welcomeText', { name: user.name }) });
      await navigate('/parent');
    } catch (error) {
      notify({ title: t('login.failed'), message: errorMessage(error, t('login.invalidCredentials')), variant: 'destructive' });
    }
  });

  return (
    <Container size={440} py={60}>
      <Card withBorder radius="md" padding="xl">
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {t('parentLogin.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('parentLogin.subtitle')}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('login.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
            <PasswordInput label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
            <Button type="submit" disabled={login.isPending}>
              {login.isPending ? t('login.signingIn') : t('login.signIn')}
            </Button>
          </Stack>
        </form>
        <Text size="sm" ta="center" mt="md">
          {t('parentLogin.noAccount')}{' '}
          <Anchor component={Link} to="/register">
            {t('parentLogin.registerLink')}
          </Anchor>
        </Text>
      </Card>
    </Container>
  );
}
