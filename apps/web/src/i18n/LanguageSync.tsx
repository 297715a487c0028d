import { useEffect } from 'react';
import { useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session.js';
import { followAccountLanguage } from './account-language.js';
import { directionOf } from './language.js';
import { isLanguage } from './current-language.js';

/**
 * Keeps Mantine's direction (DirectionProvider) with the language shown, and the screens in the
 * signed-in account's language when a session is found (a reload, another tab that switched).
 */
export function LanguageSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const { user } = useSession();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';

  useEffect(() => setDirection(directionOf(language)), [language, setDirection]);

  useEffect(() => {
    if (user) void followAccountLanguage(user).catch((error: unknown) => console.error('Showing the account language failed', error));
  }, [user]);

  return null;
}
