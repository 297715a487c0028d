import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguageChoice } from '../../i18n/use-language-choice.js';

/**
 * English / العربية: names the other language in that language (and marks it so, for screen
 * readers), and switches the whole app to it. In every header: public, parent, admin, driver.
 */
export function LanguageSwitch({ size = 'xs', variant = 'subtle' }: { size?: ButtonProps['size']; variant?: ButtonProps['variant'] }) {
  const { t } = useTranslation();
  const { language, change, pending } = useLanguageChoice();
  const next = language === 'ar' ? 'en' : 'ar';
  return (
    <Button
      size={size}
      variant={variant}
      lang={next}
      leftSection={<IconLanguage size={16} aria-hidden />}
      onClick={() => void change(next)}
      disabled={pending}
      data-language-switch
    >
      {t(`language.names.${next}`)}
    </Button>
  );
}
