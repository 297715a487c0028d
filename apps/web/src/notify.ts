import { notifications } from '@mantine/notifications';
import i18n from './i18n/index.js';

/**
 * The toast system: one toast at a time, a new one replaces the shown one.
 * 'destructive' is the spec's error variant.
 */
export function notify(options: { title: string; message?: string; variant?: 'default' | 'destructive' }): void {
  notifications.clean();
  notifications.show({
    title: options.title,
    message: options.message ?? '',
    color: options.variant === 'destructive' ? 'red' : 'teal',
    // A named close button, and the message dark enough to read (WCAG AA); Mantine's default is dimmed grey.
    closeButtonProps: { 'aria-label': i18n.t('actions.close') },
    styles: { description: { color: 'var(--mantine-color-dark-7)' } },
  });
}
