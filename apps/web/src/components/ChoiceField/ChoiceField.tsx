import { NativeSelect } from '@mantine/core';
import type { FocusEventHandler, ReactNode } from 'react';

export interface Choice {
  value: string;
  label: string;
}

interface ChoiceFieldProps {
  label: string;
  placeholder: string;
  data: readonly Choice[] | readonly string[];
  value?: string | null;
  onChange(value: string | null): void;
  onFocus?: FocusEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  error?: ReactNode;
  withAsterisk?: boolean;
  /** The placeholder can be chosen again to leave the field empty. */
  clearable?: boolean;
}

/**
 * A choice from a list as the phone's own picker (a native <select>), for the public registration
 * form: parents fill it in on phones, where the system picker is the familiar one, and it costs the
 * page a fraction of a custom dropdown's work (Mantine's Select builds a popover, a positioning
 * engine and a listbox per field; five of them were most of /register's blocking time on a phone).
 * Empty is null, as the form holds it.
 */
export function ChoiceField({ label, placeholder, data, value, onChange, onFocus, onBlur, error, withAsterisk, clearable }: ChoiceFieldProps) {
  const choices = data.map((choice) => (typeof choice === 'string' ? { value: choice, label: choice } : choice));
  return (
    <NativeSelect
      label={label}
      withAsterisk={withAsterisk}
      error={error}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      onFocus={onFocus}
      onBlur={onBlur}
      data={[{ value: '', label: placeholder, disabled: !clearable }, ...choices]}
    />
  );
}
