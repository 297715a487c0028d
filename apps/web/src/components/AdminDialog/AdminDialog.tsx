import { Modal, type ModalProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useReturnFocusToOpener } from '../../a11y/useReturnFocusToOpener.js';
import { usePhoneScreen } from './usePhoneScreen.js';

/**
 * Every dialog of the admin console: Mantine's Modal, full screen on a phone (a form of 20 fields in
 * a box narrower than the screen is hard to fill with a thumb) with a 44 px close (X), and the focus
 * back on the button that opened it when it closes, also when it is unmounted rather than closed
 * (the console's dialogs are mostly mounted only while open, where Mantine's own return does not reach).
 */
export function AdminDialog({ opened = true, fullScreen, ...props }: Omit<ModalProps, 'opened'> & { opened?: boolean }) {
  const { t } = useTranslation();
  const phone = usePhoneScreen();
  useReturnFocusToOpener(opened);
  // Given here, these props replace the theme's default close button props: the name comes along.
  const closeButtonProps = phone ? { 'aria-label': t('actions.close'), size: 44 } : undefined;
  return <Modal opened={opened} fullScreen={fullScreen ?? phone} closeButtonProps={closeButtonProps} {...props} />;
}
