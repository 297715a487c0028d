import type { FormErrors } from '@mantine/form';
import { errorMessage } from '../../trpc.js';
import { notify } from '../../notify.js';
import { showServerErrors } from '../../forms/validation.js';

export interface ChangeToasts<T> {
  success: (result: T) => { title: string; message?: string };
  failure: string;
}

/**
 * Every admin save and status switch goes the same way: a toast either way; on success the lists
 * are read again (`after`); on failure a form, if there is one, shows the server's field messages,
 * and `refused` sees the error (a full bus's refusal offers 'Allow over capacity').
 * Answers the result, or undefined when the change was refused.
 */
export async function runAdminChange<T>(
  change: () => Promise<T>,
  toasts: ChangeToasts<T>,
  options: { after: () => Promise<void>; setErrors?: (errors: FormErrors) => void; refused?: (error: unknown) => void },
): Promise<T | undefined> {
  try {
    const result = await change();
    notify(toasts.success(result));
    await options.after();
    return result;
  } catch (error) {
    options.refused?.(error);
    const message = options.setErrors ? showServerErrors(error, options.setErrors, toasts.failure) : errorMessage(error, toasts.failure);
    notify({ title: toasts.failure, message, variant: 'destructive' });
    return undefined;
  }
}
