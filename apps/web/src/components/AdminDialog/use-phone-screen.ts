import { useMediaQuery } from '@mantine/hooks';

/**
 * True below Mantine's `sm` breakpoint (48em, 768 px): where the admin sidebar is a drawer, tables
 * scroll in their own region and dialogs take the whole screen. Read at first render, so a dialog
 * opens at its final size rather than growing to full screen a moment later.
 */
export function usePhoneScreen(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false }) ?? false;
}
