import { useId, useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';

/** A one-day delegate's code: six digits, as the parent's text message gives it. */
const HANDOVER_CODE = /^\d{6}$/;

interface HandoverCodeFieldProps {
  label: string;
  confirmLabel: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
  /** The code typed, once it is six digits and confirmed; the server checks it against the day's codes. */
  onConfirm: (code: string) => void;
}

/**
 * The field where the crew (or the office, reading it from the driver on the phone) types the
 * delegate's code: digits only, confirmed once it has six.
 */
export function HandoverCodeField({ label, confirmLabel, size = 'sm', disabled = false, onConfirm }: HandoverCodeFieldProps) {
  const [code, setCode] = useState('');
  const codeId = useId();
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        id={codeId}
        label={label}
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
        style={{ flex: 1 }}
        size={size}
      />
      <Button
        size={size}
        mih={44}
        disabled={disabled || !HANDOVER_CODE.test(code)}
        onClick={() => {
          onConfirm(code);
          setCode('');
        }}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
