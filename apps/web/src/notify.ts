import { notifications } from '@mantine/notifications';

/**
 * The toast system: one toast at a time, a new one replaces the shown one (spec section 4).
 * 'destructive' is the spec's error variant.
 */
export function notify(options: { title: string; message?: string; variant?: 'default' | 'destructive' }): void {
  notifications.clean();
  notifications.show({
    title: options.title,
    message: options.message ?? '',
    color: options.variant === 'destructive' ? 'red' : 'teal',
  });
}
