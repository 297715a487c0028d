import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { CONFLICT_FIELDS, fieldErrors } from '@school-transport/contracts';
import { errorMessage, fieldIssues, serverMessage } from '../trpc.js';
import { translateMessages } from '../i18n/messages.js';

/**
 * Forms validate with the same Zod contract the server checks, so both sides show the very same
 * words (in the screen's language: the contract's messages are catalog keys): a tiny adapter
 * rather than a resolver package. Keys are field paths ("vehicle.seats"), which are Mantine's
 * paths too. Empty when valid.
 */
export function zodErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : translateMessages(fieldErrors(result.error.issues));
}

/** The same, as a Mantine form's `validate` option. */
export function zodValidate<Values>(schema: z.ZodType): (values: Values) => FormErrors {
  return (values) => zodErrors(schema, values);
}

/**
 * What a refused save tells the form: the field messages of a 400, or the field a 409 names.
 * Returns the message for the toast.
 */
export function showServerErrors(error: unknown, setErrors: (errors: FormErrors) => void, fallback: string): string {
  const message = errorMessage(error, fallback);
  const issues = fieldIssues(error);
  // The contract names the field of a conflict by its English message.
  const conflictField = CONFLICT_FIELDS[serverMessage(error) ?? ''];
  if (Object.keys(issues).length > 0) setErrors(issues);
  else if (conflictField) setErrors({ [conflictField]: message });
  return message;
}
