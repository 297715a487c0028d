import type { z } from 'zod';
import { fieldErrors } from '@school-transport/contracts';

/**
 * The form's field errors from the same Zod contract the server checks: empty when valid. A tiny
 * adapter rather than a resolver package, so both sides show the very same words.
 */
export function zodErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error.issues);
}
