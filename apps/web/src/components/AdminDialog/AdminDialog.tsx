import { Modal, type ModalProps } from '@mantine/core';
import { useReturnFocusToOpener } from '../../a11y/use-return-focus-to-opener.js';
import { usePhoneScreen } from './use-phone-screen.js';

/**
 * Every dialog of the admin console: Mantine's Modal, full screen on a phone (a form of 20 fields in
 * a box narrower than the screen is hard to fill with a thumb), and the focus back on the button that
 * opened it when it closes, also when it is unmounted rather than closed (the console's dialogs are
 * mostly mounted only while open, where Mantine's own return does not reach). The close (X) keeps the
 * theme's name, and is 44 px on a phone like every dialog's (styles/touch-targets.css).
 */
export function AdminDialog({ opened = true, fullScreen, ...props }: Omit<ModalProps, 'opened'> & { opened?: boolean }) {
  const phone = usePhoneScreen();
  useReturnFocusToOpener(opened);
  return <Modal opened={opened} fullScreen={fullScreen ?? phone} {...props} />;
}
