import { Button, Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { emailAddress, isOfficeRole, loginInput, MESSAGES } from '@school-transport/contracts';
import { errorMessage, trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { currentLanguage } from '../../i18n/current-language.js';
import { useFinishSignIn } from '../../auth/use-finish-sign-in.js';
import { zodErrors } from '../../forms/validation.js';
import '../../styles/public-forms.js';
import { PasswordField } from '../PasswordField/PasswordField.js';
import { ForgotPasswordLink } from '../ForgotPasswordLink/ForgotPasswordLink.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';

/** The dialog's own email message; otherwise the login contract as it is. */
const dialogLogin = loginInput.extend({ email: emailAddress(MESSAGES.dialogInvalidEmail) });

/**
 * The landing page's 'Parent Portal' sign-in: email, password, remember me. Admins go to /admin,
 * parents to /parent, anyone else stays where they are.
 */
export function LoginDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('site');
  const navigate = useNavigate();
  const form = useForm({ initialValues: { email: '', password: '', rememberMe: false } });
  const login = useMutation(trpc.auth.login.mutationOptions());
  const finishSignIn = useFinishSignIn();
  useReturnFocusToOpener(opened);

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    if (login.isPending) return;
    const errors = zodErrors(dialogLogin, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const { user } = await login.mutateAsync({ ...values, language: currentLanguage() });
      await finishSignIn(user);
      close();
      if (isOfficeRole(user.role)) await navigate('/admin');
      else if (user.role === 'parent') await navigate('/parent');
    } catch (error) {
      notify({ title: t('login.failed'), message: errorMessage(error, t('login.invalidCredentials')), variant: 'destructive' });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('login.dialogTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('login.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordField label={t('login.password')} autoComplete="current-password" {...form.getInputProps('password')} />
          <ForgotPasswordLink role="parent" />
          <Checkbox label={t('login.rememberMe')} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
          <Button type="submit" loading={false} disabled={login.isPending}>
            {login.isPending ? t('login.signingIn') : t('login.signIn')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
