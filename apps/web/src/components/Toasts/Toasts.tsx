import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './toasts.css';
import { useEffect, useRef } from 'react';
import { useDirection } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@school-transport/contracts';

/** F8 takes the keyboard to the notifications. */
export const NOTIFICATIONS_HOTKEY = 'F8';

/**
 * The toast area (spec: at most one toast at a time, 5000 ms; notify() replaces the shown one),
 * inside a labelled region, 'Notifications (F8)', that F8 focuses from anywhere in the app: a
 * keyboard user reaches a toast's close button with F8 then Tab, wherever they are on the page.
 * Its own chunk, loaded after the first paint: toasts raised before it arrives wait in the store.
 */
export function Toasts() {
  const { t } = useTranslation();
  // The reading side's corner: top right in English, top left in Arabic.
  const { dir } = useDirection();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const focusRegion = (event: KeyboardEvent) => {
      if (event.key !== NOTIFICATIONS_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      region.current?.focus();
    };
    window.addEventListener('keydown', focusRegion);
    return () => window.removeEventListener('keydown', focusRegion);
  }, []);

  return (
    <div ref={region} role="region" aria-label={t('notifications.region', { hotkey: NOTIFICATIONS_HOTKEY })} tabIndex={-1} data-notifications-region>
      {/* In the region rather than in a portal at the end of the page; the toasts are fixed to the corner all the same. */}
      <Notifications limit={1} autoClose={TOAST_DURATION_MS} position={dir === 'rtl' ? 'top-left' : 'top-right'} withinPortal={false} />
    </div>
  );
}
