import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@school-transport/contracts';
import { useSession } from '../auth/session.js';
import { notify } from '../notify.js';
import { saveAccountLanguage } from './account-language.js';
import { applyLanguage, rememberLanguage } from './language.js';
import { isLanguage } from './current-language.js';

/** The language switch's state: the language shown, and a change that this browser and the account keep. */
export function useLanguageChoice(): { language: Language; change: (next: Language) => Promise<void>; pending: boolean } {
  const { i18n, t } = useTranslation();
  const { user } = useSession();
  const [pending, setPending] = useState(false);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';

  const change = async (next: Language) => {
    if (pending || next === language) return;
    setPending(true);
    try {
      await applyLanguage(next);
      rememberLanguage(next, { signedOut: !user });
      if (user) await saveAccountLanguage(next);
    } catch (error) {
      console.error('Changing the language failed', error);
      notify({ title: t('language.failed'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return { language, change, pending };
}
