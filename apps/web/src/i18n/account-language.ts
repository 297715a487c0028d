import type { Language, SessionUser } from '@school-transport/contracts';
import { queryClient, trpc, trpcClient } from '../trpc.js';
import { applyLanguage, rememberLanguage, takeSignedOutChoice } from './language.js';
import { currentLanguage } from './current-language.js';

/** Saves a signed-in user's choice on the account, and puts the answer in the session cache. */
export async function saveAccountLanguage(language: Language): Promise<SessionUser> {
  const { user } = await trpcClient.auth.setLanguage.mutate({ language });
  queryClient.setQueryData(trpc.auth.user.queryKey(), { user });
  return user;
}

/**
 * At sign-in the screens follow the account's language, unless the switch was used on this
 * browser while signed out (a driver who turned the sign-in page to Arabic wants Arabic after it):
 * that choice is then saved on the account. Answers the user as the account now reads.
 */
export async function languageAtSignIn(user: SessionUser): Promise<SessionUser> {
  const chosen = takeSignedOutChoice();
  let signedIn = user;
  if (chosen && chosen !== user.language) {
    try {
      const { user: updated } = await trpcClient.auth.setLanguage.mutate({ language: chosen });
      signedIn = updated;
    } catch (error) {
      // The account keeps its language; the screens follow it.
      console.error('Saving the language on the account failed', error);
    }
  }
  await followAccountLanguage(signedIn);
  return signedIn;
}

/** The screens in the signed-in account's language (after sign-in, or a reload with a session). */
export async function followAccountLanguage(user: SessionUser): Promise<void> {
  if (user.language !== currentLanguage()) await applyLanguage(user.language);
  rememberLanguage(user.language);
}
