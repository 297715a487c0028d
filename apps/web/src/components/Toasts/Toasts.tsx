import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@school-transport/contracts';

/**
 * The toast area (spec: at most one toast at a time, 5000 ms; notify() replaces the shown one).
 * Its own chunk, loaded after the first paint: toasts raised before it arrives wait in the store.
 */
export function Toasts() {
  // The reading side's corner: top right in English, top left in Arabic.
  const { dir } = useDirection();
  return <Notifications limit={1} autoClose={TOAST_DURATION_MS} position={dir === 'rtl' ? 'top-left' : 'top-right'} />;
}
