import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { CONFLICT_FIELDS, fieldErrors } from '@school-transport/contracts';
import { errorMessage, fieldIssues } from '../../trpc.js';

/**
 * Mantine form validation by the same Zod schema the server checks: each field shows the first
 * message the contract gives for it (keys like "vehicle.seats" are Mantine's paths too).
 */
export function zodValidate<Values>(schema: z.ZodType): (values: Values) => FormErrors {
  return (values) => {
    const result = schema.safeParse(values);
    return result.success ? {} : fieldErrors(result.error.issues);
  };
}

/**
 * What a refused save tells the form: the field messages of a 400, or the field a 409 names.
 * Returns the message for the toast.
 */
export function showServerErrors(error: unknown, setErrors: (errors: FormErrors) => void, fallback: string): string {
  const message = errorMessage(error, fallback);
  const issues = fieldIssues(error);
  const conflictField = CONFLICT_FIELDS[message];
  if (Object.keys(issues).length > 0) setErrors(issues);
  else if (conflictField) setErrors({ [conflictField]: message });
  return message;
}
