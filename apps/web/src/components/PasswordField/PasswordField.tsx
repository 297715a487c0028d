import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's PasswordInput, marked invalid (aria-invalid) while it shows an error: Mantine ties the
 * error to the field (aria-describedby) but, unlike its other inputs, does not say the field is
 * invalid, so a screen reader would not announce it.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput {...props} aria-invalid={props.error ? true : undefined} />;
}
