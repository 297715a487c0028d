import { Anchor, Button, Card, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { driverLoginInput } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { rememberSignedInUser } from '../../auth/session.js';
import { zodErrors } from '../../forms/validation.js';

/** /driver-login (spec sections 2, 5 and 8): drivers sign in by phone and go to their dashboard. */
export function DriverLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const form = useForm({ initialValues: { phone: '', password: '' } });
  const login = useMutation(trpc.auth.driverLogin.mutationOptions());

  const submit = form.onSubmit(async (values) => {
    if (login.isPending) return;
    const errors = zodErrors(driverLoginInput, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { user } = await login.mutateAsync(values);
      rememberSignedInUser(user);
      notify({ title: t('login.welcome'), message: t('login.welcomeText', { name: user.name }) });
      await navigate('/driver-dashboard');
    } catch (error) {
      notify({ title: t('driverLogin.failed'), message: errorMessage(error, t('driverLogin.failed')), variant: 'destructive' });
    }
  });

  return (
    <Container size={440} py={60}>
      <Card withBorder radius="md" padding="xl">
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {t('driverLogin.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('driverLogin.subtitle')}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label={t('driverLogin.phone')} inputMode="numeric" autoComplete="tel-national" {...form.getInputProps('phone')} />
            <PasswordInput label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
            <Button type="submit" disabled={login.isPending}>
              {login.isPending ? t('login.signingIn') : t('login.signIn')}
            </Button>
          </Stack>
        </form>
        {import.meta.env.DEV && (
          <Text size="xs" c="dimmed" mt="md">
            {t('driverLogin.devHint')}
          </Text>
        )}
        <Anchor component={Link} to="/" size="sm" mt="md" display="block" ta="center">
          {t('driverLogin.backHome')}
        </Anchor>
      </Card>
    </Container>
  );
}
