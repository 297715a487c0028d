import type { z } from 'zod';

/** A field's first message, keyed by its path ("vehicle.seats"): how forms and REST answers show Zod issues. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}
