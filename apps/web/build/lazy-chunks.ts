import { resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The libraries loaded lazily, keyed by package name only (Mantine's file layout inside its package
 * may change with any release): a group takes its packages' modules and, as Rolldown does by default,
 * what they import that no group of higher priority holds. The toast area's @mantine/notifications
 * comes first and so takes the few Mantine components a toast is made of (every page loads it);
 * the rest of Mantine that the later pages use is one chunk, cached once for all of them.
 */
const LIBRARIES = [
  { name: 'toasts', packages: ['@mantine/notifications'], priority: 8 },
  { name: 'mantine-components', packages: ['@mantine/core', '@mantine/hooks'], priority: 7 },
  { name: 'forms', packages: ['zod', '@mantine/form'], priority: 6 },
];
const inPackages = (packages: string[]) => new RegExp(`/node_modules/(?:${packages.join('|')})/.*\\.m?js$`);

/**
 * The contract's modules a sign-in form uses (the messages are every area's: the English catalog
 * holds them all), and the table of rights, which the sign-in forms (who may use the admin
 * console) and src/auth read.
 */
const SIGN_IN_CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/](?:messages|message-codes|fields|validation|auth|permissions)\.ts$/;
/**
 * The registration's schemas: the registration form's, and the student fields the parent's and the
 * office's contracts are built from. A chunk of its own, so that a signed-in screen loading the
 * contract does not load the registration form with it.
 */
const REGISTRATION_CONTRACT = [/[\\/]packages[\\/]contracts[\\/]src[\\/]registration\.ts$/];
/** The rest of the contract: what the parent's, the office's and the driver's screens send and read. */
const CONTRACTS_SIGNED_IN = [/[\\/]packages[\\/]contracts[\\/]src[\\/]/];

/**
 * What a sign-in form shares with the signed-in screens: the contract's messages and the app's way of
 * writing them, numbers and dates (the signed-in screens use them on every page), and the dialogs'
 * focus helper (src/a11y), which the public dialogs and the signed-in screens' lists both use.
 */
const MESSAGES = [
  // Only a sign-in form's part of the contract: Zod builds every schema when its chunk runs (a few
  // milliseconds each on a phone), so the registration's go with the public forms and the signed-in
  // areas' with those areas (CONTRACTS_SIGNED_IN).
  SIGN_IN_CONTRACTS,
  /[\\/]src[\\/](?:forms[\\/]|auth[\\/]permissions\.ts$)/,
  /[\\/]src[\\/]i18n[\\/](?:messages|format|labels|en[\\/]messages)\.ts$/,
  /[\\/]src[\\/]a11y[\\/]/,
];

/**
 * The sign-in form itself (the password field, the card, what follows a sign-in, their stylesheets):
 * a signed-in screen opened directly neither downloads nor parses it.
 */
const SIGN_IN = [
  /[\\/]src[\\/]auth[\\/]use-finish-sign-in\.ts$/,
  /[\\/]src[\\/]components[\\/](?:PasswordField|LoginCard)[\\/]/,
  // A sign-in form's stylesheets (the Mantine files it imports come with it); signed-in.ts takes Mantine's whole styles.css.
  /[\\/]src[\\/]styles[\\/]sign-in-forms\.ts$/,
];

/** The app's side of the rest of the public pages: the dialogs and the registration form. */
const PUBLIC_FORMS = [
  // The registration form and the fields it is made of.
  /[\\/]src[\\/]components[\\/](?:TermsModal|RegistrationForm|PaymentInstructions|ChoiceField|FieldGrid)[\\/]/,
  // The other public forms' and dialogs' stylesheets (styles/public-forms.ts): a sign-in page does not parse them.
  /[\\/]src[\\/]styles[\\/]public-forms\.ts$/,
];

/**
 * Left to itself the bundler cuts the lazily loaded code into one chunk per set of pages that share
 * a module: /register needed 31 files (TextInput, Input, use-id, CloseButton, the contract in four
 * pieces...), /parent-login 19. The server speaks HTTP/1.1, so a phone opens at most 6 connections to
 * it and every further 6 files cost one more round trip on mobile data (150 ms in Lighthouse's slow
 * 4G) before the page can paint.
 *
 * These groups gather it: the libraries by package (LIBRARIES), the app's own code by what the
 * public pages need (a sign-in form's, the rest of the public forms and dialogs'); /parent-login
 * then loads 4 files beyond the first load and the toast area, /register 6 (docs/performance.md).
 * The signed-in areas load the groups they use, the contract's schemas that only they need
 * (`contracts`), and keep their own chunks.
 *
 * What the first load holds must stay out of every group (a group holding one of its modules would be
 * pulled into the first load): the vendor groups, of higher priority, take the libraries it needs;
 * the app's own modules and the stylesheets the entry imports are found by walking the entry's
 * imports within src/ (the app has no re-exporting index files, so an import there is a real use).
 * The contract package's index re-exports everything, so of the contract only options.ts (the
 * language list) is kept out by name. A group of the app's code takes no modules beyond those it
 * matches (`includeDependenciesRecursively: false`): the first load's modules stay where they are.
 */
export function lazyChunks(root: string) {
  const src = resolve(root, 'src') + sep;
  const firstLoad = new Set<string>();
  const lazyRoots = new Set<string>();

  const plugin: Plugin = {
    name: 'school-transport:lazy-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      firstLoad.clear();
      lazyRoots.clear();
      const ids = [...this.getModuleIds()];
      for (const id of ids) if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) lazyRoots.add(id);
      const stack = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (firstLoad.has(id)) continue;
        firstLoad.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          // Within src/ the walk goes on; a library's module imported from there (a stylesheet) is noted.
          if (imported.startsWith(src)) stack.push(imported);
          else firstLoad.add(imported);
        }
      }
    },
  };

  const lazyShared = (id: string) => {
    if (firstLoad.has(id) || /[\\/]packages[\\/]contracts[\\/]src[\\/]options\.ts$/.test(id)) return false;
    // A lazily imported page or dialog is the start of its own chunk.
    return !lazyRoots.has(id) || !/[\\/]src[\\/](?:pages|components)[\\/]/.test(id);
  };
  const group = (name: string, patterns: RegExp[], priority: number) => ({
    name,
    test: (id: string) => lazyShared(id) && patterns.some((pattern) => pattern.test(id)),
    priority,
    includeDependenciesRecursively: false,
  });

  // The first load's own modules that lazy chunks import too (the bundler would give each set of them a
  // chunk of its own: the i18n setup, the language list, Vite's preload helper...), together.
  const shared = {
    name: 'app',
    test: (id: string) =>
      (firstLoad.has(id) && id.startsWith(src) && !/[\\/]main\.tsx$/.test(id)) ||
      /[\\/]@tabler[\\/]icons-react[\\/]|[\\/]contracts[\\/]src[\\/]options\.ts$|vite[\\/]preload-helper/.test(id),
    priority: 4,
    includeDependenciesRecursively: false,
  };
  const libraries = LIBRARIES.map(({ name, packages, priority }) => ({
    name,
    test: (id: string) => lazyShared(id) && inPackages(packages).test(id),
    priority,
  }));
  return {
    plugin,
    groups: [
      ...libraries,
      shared,
      group('messages', MESSAGES, 3),
      group('sign-in', SIGN_IN, 2),
      group('public-forms', PUBLIC_FORMS, 1),
      group('registration-contract', REGISTRATION_CONTRACT, 1),
      group('contracts', CONTRACTS_SIGNED_IN, 0),
    ],
  };
}
