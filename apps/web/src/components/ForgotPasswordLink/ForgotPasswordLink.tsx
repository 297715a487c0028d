import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@school-transport/contracts';

/** 'Forgot password?' under a sign-in form's password: the reset screen, which knows whose sign-in it returns to. */
export function ForgotPasswordLink({ role }: { role: Role }) {
  const { t } = useTranslation('site');
  return (
    <Group justify="flex-end" mt={-8}>
      <Anchor component={Link} to={`/forgot-password?for=${role}`} size="sm">
        {t('login.forgotPassword')}
      </Anchor>
    </Group>
  );
}
