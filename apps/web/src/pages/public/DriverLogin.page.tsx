import { Anchor, Container, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { driverLoginInput } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { currentLanguage } from '../../i18n/current-language.js';
import { useFinishSignIn } from '../../auth/use-finish-sign-in.js';
import { homePathFor } from '../../auth/session.js';
import { zodErrors } from '../../forms/validation.js';
import { LoginCard } from '../../components/LoginCard/LoginCard.js';
import '../../styles/sign-in-forms.js';
import { PasswordField } from '../../components/PasswordField/PasswordField.js';
import { ForgotPasswordLink } from '../../components/ForgotPasswordLink/ForgotPasswordLink.js';

/** /driver-login: a bus's crew sign in by phone: a driver goes to their dashboard, an attendant to the bus's day. */
export function DriverLoginPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const form = useForm({ initialValues: { phone: '', password: '' } });
  const login = useMutation(trpc.auth.driverLogin.mutationOptions());
  const finishSignIn = useFinishSignIn();

  const submit = form.onSubmit(async (values) => {
    if (login.isPending) return;
    const errors = zodErrors(driverLoginInput, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { user } = await login.mutateAsync({ ...values, language: currentLanguage() });
      if (await finishSignIn(user)) await navigate(homePathFor(user.role));
    } catch (error) {
      notify({ title: t('driverLogin.failed'), message: errorMessage(error, t('driverLogin.failed')), variant: 'destructive' });
    }
  });

  return (
    <Container size={440} py={60}>
      <LoginCard
        title={t('driverLogin.title')}
        subtitle={t('driverLogin.subtitle')}
        onSubmit={submit}
        pending={login.isPending}
        footer={
          <>
            {import.meta.env.DEV && (
              <Text size="xs" c="dimmed" mt="md">
                {t('driverLogin.devHint')}
              </Text>
            )}
            <Anchor component={Link} to="/" size="sm" mt="md" display="flex" style={{ alignItems: 'center', justifyContent: 'center', gap: 4 }}>
              <IconArrowLeft size={16} aria-hidden className="mirror-in-rtl" />
              {t('driverLogin.backHome')}
            </Anchor>
          </>
        }
      >
        <TextInput label={t('driverLogin.phone')} inputMode="numeric" autoComplete="tel-national" {...form.getInputProps('phone')} />
        <PasswordField label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
        <ForgotPasswordLink role="driver" />
      </LoginCard>
    </Container>
  );
}
