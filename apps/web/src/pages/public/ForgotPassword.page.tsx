import { useState } from 'react';
import { Alert, Anchor, Button, Card, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_MESSAGES, passwordResetConfirm, passwordResetRequest } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { loginPathFor } from '../../auth/session.js';
import { showServerErrors, zodErrors } from '../../forms/validation.js';
import { translateMessage } from '../../i18n/messages.js';
import { PasswordField } from '../../components/PasswordField/PasswordField.js';
import '../../styles/sign-in-forms.js';

type Step = 'request' | 'confirm';

/**
 * /forgot-password?for=parent|driver|admin: asks for a code by text message, then takes the code
 * (or a welcome code the office sent) with a new password, and goes back to the sign-in page it
 * came from. Drivers name their account by the phone they sign in with, everyone else by email.
 * A code goes to the phone on the account, so the page says what to do when that phone has changed:
 * call the office (its support phones from the company settings, as on the landing page).
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const role = params.get('for') === 'driver' ? 'driver' : params.get('for') === 'admin' ? 'admin' : 'parent';
  const byPhone = role === 'driver';
  const [step, setStep] = useState<Step>('request');
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { identifier: '', code: '', newPassword: '' } });
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const confirm = useMutation(trpc.auth.confirmPasswordReset.mutationOptions());
  const settings = useQuery(trpc.public.settings.queryOptions()).data;
  const officePhones = [settings?.supportPhone1, settings?.supportPhone2].filter((phone): phone is string => Boolean(phone));

  const identifierField = (
    <TextInput
      label={byPhone ? t('forgotPassword.phone') : t('forgotPassword.email')}
      type={byPhone ? 'tel' : 'email'}
      inputMode={byPhone ? 'numeric' : 'email'}
      autoComplete={byPhone ? 'tel-national' : 'username'}
      {...form.getInputProps('identifier')}
    />
  );

  const sendCode = form.onSubmit(async (values) => {
    if (request.isPending) return;
    const errors = zodErrors(passwordResetRequest, { identifier: values.identifier });
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      await request.mutateAsync({ identifier: values.identifier });
      setSent(true);
      setStep('confirm');
    } catch (error) {
      notify({ title: t('forgotPassword.sendFailed'), message: errorMessage(error, t('forgotPassword.sendFailed')), variant: 'destructive' });
    }
  });

  const setPassword = form.onSubmit(async (values) => {
    if (confirm.isPending) return;
    const errors = zodErrors(passwordResetConfirm, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      await confirm.mutateAsync(values);
      notify({ title: t('forgotPassword.done'), message: translateMessage(ACCOUNT_MESSAGES.passwordReset) });
      await navigate(loginPathFor(role));
    } catch (error) {
      notify({
        title: t('forgotPassword.saveFailed'),
        message: showServerErrors(error, form.setErrors, t('forgotPassword.saveFailed')),
        variant: 'destructive',
      });
    }
  });

  return (
    <Container size={440} py={60}>
      <Card withBorder radius="md" padding="xl">
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {t('forgotPassword.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {step === 'request' ? t('forgotPassword.requestText') : t('forgotPassword.confirmText')}
          </Text>
        </Stack>
        {step === 'request' ? (
          <form onSubmit={sendCode} noValidate>
            <Stack>
              {identifierField}
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? t('forgotPassword.sending') : t('forgotPassword.sendCode')}
              </Button>
              <Button variant="subtle" size="sm" onClick={() => setStep('confirm')}>
                {t('forgotPassword.haveCode')}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={setPassword} noValidate>
            <Stack>
              {sent && (
                <Alert color="teal" role="status">
                  {translateMessage(ACCOUNT_MESSAGES.resetCodeSent)}
                </Alert>
              )}
              {identifierField}
              <TextInput label={t('forgotPassword.code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.getInputProps('code')} />
              <PasswordField
                label={t('forgotPassword.newPassword')}
                description={t('forgotPassword.newPasswordHint')}
                autoComplete="new-password"
                {...form.getInputProps('newPassword')}
              />
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? t('forgotPassword.saving') : t('forgotPassword.save')}
              </Button>
              <Button variant="subtle" size="sm" onClick={() => setStep('request')}>
                {t('forgotPassword.sendAgain')}
              </Button>
            </Stack>
          </form>
        )}
        {/* The same words for everyone, whether or not an account matches: the page never tells which accounts exist. */}
        <Stack gap={4} mt="lg" component="section" aria-labelledby="phone-changed-title">
          <Title order={2} size="h5" id="phone-changed-title">
            {t('forgotPassword.phoneChangedTitle')}
          </Title>
          <Text size="sm">{officePhones.length > 0 ? t('forgotPassword.phoneChangedText') : t('forgotPassword.phoneChangedNoPhone')}</Text>
          {officePhones.map((phone) => (
            <Group gap={6} key={phone}>
              <IconPhone size={16} aria-hidden />
              <Anchor href={`tel:+973${phone}`} dir="ltr">
                {phone}
              </Anchor>
            </Group>
          ))}
        </Stack>
        <Text ta="center" mt="md" size="sm">
          <Anchor component={Link} to={loginPathFor(role)}>
            {t('forgotPassword.backToSignIn')}
          </Anchor>
        </Text>
      </Card>
    </Container>
  );
}
