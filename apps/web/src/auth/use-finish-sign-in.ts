import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Role, SessionUser } from '@school-transport/contracts';
import { trpc } from '../trpc.js';
import { notify } from '../notify.js';
import { rememberSignedInUser } from './session.js';
import { languageAtSignIn } from '../i18n/account-language.js';
import i18n from '../i18n/index.js';

/**
 * The last step of every sign-in form. A form meant for some roles (`only`) signs anyone else out
 * again with 'Access Denied'; otherwise the screens take the account's language, the session cache
 * the user, and a welcome toast shows.
 * Answers whether the user may go on.
 */
export function useFinishSignIn() {
  const { t } = useTranslation('site');
  const logout = useMutation(trpc.auth.logout.mutationOptions());
  return async (user: SessionUser, only?: { roles: readonly Role[]; deniedMessage: string }): Promise<boolean> => {
    if (only && !only.roles.includes(user.role)) {
      await logout.mutateAsync().catch(() => undefined);
      rememberSignedInUser(null);
      notify({ title: t('login.accessDenied'), message: only.deniedMessage, variant: 'destructive' });
      return false;
    }
    // The screens turn to the account's language before the welcome, which is then in it.
    rememberSignedInUser(await languageAtSignIn(user));
    // `t` of this render is bound to the language before sign-in; the welcome reads the current one.
    const welcome = i18n.getFixedT(null, 'site');
    notify({ title: welcome('login.welcome'), message: welcome('login.welcomeText', { name: user.name }) });
    return true;
  };
}
