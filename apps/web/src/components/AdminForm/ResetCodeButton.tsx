import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { translateMessage } from '../../i18n/messages.js';
import { runAdminChange } from './run-admin-change.js';

/**
 * 'Send Reset Code' on a parent's or driver's record: the server texts the account a code to
 * choose a new password (the office never sees it). A plain button, so it also sits inside a form.
 */
export function ResetCodeButton({ label, hint, failure, send }: { label: string; hint: string; failure: string; send: () => Promise<{ message: string }> }) {
  const [pending, setPending] = useState(false);
  const click = async () => {
    setPending(true);
    try {
      await runAdminChange(send, { success: (result) => ({ title: translateMessage(result.message) }), failure }, { after: () => Promise.resolve() });
    } finally {
      setPending(false);
    }
  };
  return (
    <Group gap="sm" wrap="wrap">
      <Button type="button" variant="light" size="xs" onClick={() => void click()} disabled={pending}>
        {label}
      </Button>
      <Text size="xs" c="dimmed" style={{ flex: '1 1 12rem' }}>
        {hint}
      </Text>
    </Group>
  );
}
