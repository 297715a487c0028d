import { useMemo } from 'react';
import { mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The theme with the words Mantine's components carry themselves (the password field's show/hide
 * button says "Toggle password visibility" by default) taken from the catalogs, so they follow
 * the language like every other string; and a name for the close (X) button of every dialog and
 * drawer, which Mantine leaves without one (axe: button-name).
 */
export function useLocalizedTheme(base: MantineThemeOverride): MantineThemeOverride {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () =>
      mergeThemeOverrides(base, {
        components: {
          PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('actions.togglePassword', { lng: language }) } } },
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close', { lng: language }) } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close', { lng: language }) } } },
        },
      }),
    [base, t, language],
  );
}
