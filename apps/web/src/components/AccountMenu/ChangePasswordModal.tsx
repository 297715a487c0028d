import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH, passwordChange, STAFF_PASSWORD_MIN_LENGTH } from '@school-transport/contracts';
import { trpc } from '../../trpc.js';
import { notify } from '../../notify.js';
import { useSession } from '../../auth/session.js';
import { showServerErrors, zodValidate } from '../../forms/validation.js';
import { translateMessage } from '../../i18n/messages.js';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';
import { usePhoneScreen } from '../AdminDialog/use-phone-screen.js';
import { PasswordField } from '../PasswordField/PasswordField.js';

/** Change Password: the current password and a new one; the account's other sessions end, this one stays. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const phone = usePhoneScreen();
  useReturnFocusToOpener(true);
  const form = useForm({ initialValues: { currentPassword: '', newPassword: '' }, validate: zodValidate(passwordChange) });
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const minimum = user?.role === 'admin' || user?.role === 'staff' ? STAFF_PASSWORD_MIN_LENGTH : PASSWORD_MIN_LENGTH;

  const submit = form.onSubmit(async (values) => {
    if (change.isPending) return;
    try {
      await change.mutateAsync(values);
      notify({ title: t('account.changed'), message: translateMessage(ACCOUNT_MESSAGES.passwordChanged) });
      onClose();
    } catch (error) {
      notify({ title: t('account.changeFailed'), message: showServerErrors(error, form.setErrors, t('account.changeFailed')), variant: 'destructive' });
    }
  });

  return (
    <Modal opened onClose={onClose} title={t('account.changePassword')} fullScreen={phone}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordField label={t('account.currentPassword')} autoComplete="current-password" data-autofocus {...form.getInputProps('currentPassword')} />
          <PasswordField
            label={t('account.newPassword')}
            description={t('account.newPasswordHint', { count: minimum })}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t('account.changing') : t('account.change')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
