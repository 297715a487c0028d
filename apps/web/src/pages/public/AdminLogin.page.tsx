import { useState } from 'react';
import { Center, Container, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isOfficeRole, OFFICE_ROLES } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { currentLanguage } from '../../i18n/current-language.js';
import { useSession } from '../../auth/session.js';
import { useFinishSignIn } from '../../auth/use-finish-sign-in.js';
import { LanguageSwitch } from '../../components/LanguageSwitch/LanguageSwitch.js';
import { LoginCard } from '../../components/LoginCard/LoginCard.js';
import { PageLoader } from '../../components/PageLoader/PageLoader.js';
import '../../styles/sign-in-forms.js';
import { PasswordField } from '../../components/PasswordField/PasswordField.js';
import { ForgotPasswordLink } from '../../components/ForgotPasswordLink/ForgotPasswordLink.js';

/**
 * /admin-login, for the office (admins and staff). A signed-in admin or staff member goes straight to /admin-dashboard;
 * anyone else signed in sees the form (sending them on would loop between guard and login).
 */
export function AdminLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const form = useForm({ initialValues: { email: '', password: '' } });
  const login = useMutation(trpc.auth.login.mutationOptions());
  const finishSignIn = useFinishSignIn();
  // Set when this form signed the admin in: then the way on is /admin, not the already-signed-in redirect.
  const [signedInHere, setSignedInHere] = useState(false);

  const submit = form.onSubmit(async (values) => {
    if (login.isPending) return;
    if (!values.email.trim() || !values.password) {
      notify({ title: t('adminLogin.missing'), message: t('adminLogin.missingText'), variant: 'destructive' });
      return;
    }
    try {
      const { user: signedIn } = await login.mutateAsync({ ...values, language: currentLanguage() });
      // Set before the session cache learns of the admin, so this page does not redirect first.
      if (isOfficeRole(signedIn.role)) setSignedInHere(true);
      if (await finishSignIn(signedIn, { roles: OFFICE_ROLES, deniedMessage: t('login.adminsOnly') })) await navigate('/admin');
    } catch (error) {
      notify({ title: t('adminLogin.failed'), message: errorMessage(error, t('login.invalidCredentials')), variant: 'destructive' });
    }
  });

  if (isLoading) return <PageLoader />;
  if (user && isOfficeRole(user.role) && !signedInHere && !login.isPending) return <Navigate to="/admin-dashboard" replace />;

  return (
    <Center mih="100vh" bg="gray.0">
      <Container size={440} w="100%">
        <Group justify="flex-end" mb="xs">
          <LanguageSwitch />
        </Group>
        <LoginCard title={t('adminLogin.title')} subtitle={t('adminLogin.subtitle')} onSubmit={submit} pending={login.isPending} centered>
          <TextInput label={t('adminLogin.email')} type="email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordField label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
          <ForgotPasswordLink role="admin" />
        </LoginCard>
      </Container>
    </Center>
  );
}
