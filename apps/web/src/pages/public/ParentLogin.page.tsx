import { Anchor, Container, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginInput } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { currentLanguage } from '../../i18n/current-language.js';
import { useFinishSignIn } from '../../auth/use-finish-sign-in.js';
import { zodErrors } from '../../forms/validation.js';
import { LoginCard } from '../../components/LoginCard/LoginCard.js';
import '../../styles/sign-in-forms.js';
import { PasswordField } from '../../components/PasswordField/PasswordField.js';
import { ForgotPasswordLink } from '../../components/ForgotPasswordLink/ForgotPasswordLink.js';

/** /parent-login: parents only; anyone else is signed out again. */
export function ParentLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const form = useForm({ initialValues: { email: '', password: '' } });
  const login = useMutation(trpc.auth.login.mutationOptions());
  const finishSignIn = useFinishSignIn();

  const submit = form.onSubmit(async (values) => {
    if (login.isPending) return;
    const errors = zodErrors(loginInput, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { user } = await login.mutateAsync({ ...values, language: currentLanguage() });
      if (await finishSignIn(user, { roles: ['parent'], deniedMessage: t('login.parentsOnly') })) await navigate('/parent');
    } catch (error) {
      notify({ title: t('login.failed'), message: errorMessage(error, t('login.invalidCredentials')), variant: 'destructive' });
    }
  });

  return (
    <Container size={440} py={60}>
      <LoginCard
        title={t('parentLogin.title')}
        subtitle={t('parentLogin.subtitle')}
        onSubmit={submit}
        pending={login.isPending}
        footer={
          <Text size="sm" ta="center" mt="md">
            {t('parentLogin.noAccount')}{' '}
            <Anchor component={Link} to="/register">
              {t('parentLogin.registerLink')}
            </Anchor>
          </Text>
        }
      >
        <TextInput label={t('login.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
        <ForgotPasswordLink role="parent" />
      </LoginCard>
    </Container>
  );
}
