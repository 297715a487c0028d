import { readFileSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const NM = String.raw`[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?`;
const lib = (names: string) => new RegExp(`${NM}(?:${names})[\\\\/]`);
const mantineComponents = (names: string[]) => new RegExp(`${NM}@mantine[\\\\/]core[\\\\/]esm[\\\\/]components[\\\\/](?:${names.join('|')})[\\\\/]`);

/** The toast area's libraries (src/components/Toasts, loaded on every page after the first paint). */
const TOASTS = [
  lib('@mantine[\\\\/]notifications|react-transition-group|@babel[\\\\/]runtime'),
  mantineComponents(['Notification', 'CloseButton', 'Portal', 'Transition']),
  /[\\/]@mantine[\\/]hooks[\\/]esm[\\/](?:use-merged-ref|use-force-update|use-drag|use-reduced-motion|use-did-update)[\\/]/,
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/](?:Box[\\/]get-style-object|utils[\\/]get-default-z-index)[\\/]/,
  // Notifications keep the page from scrolling while a toast is dragged away (the dialogs use it too).
  lib('react-remove-scroll|react-remove-scroll-bar|use-sidecar|use-callback-ref|react-style-singleton|tslib|get-nonce|detect-node-es'),
  /[\\/]@mantine[\\/]core[\\/]styles[\\/](?:CloseButton|Notification)\.css$/,
  /[\\/]src[\\/]components[\\/]Toasts[\\/]/,
];

/** The contract's modules a sign-in form uses (the messages are every area's: the English catalog holds them all). */
const SIGN_IN_CONTRACTS = /[\\/]packages[\\/]contracts[\\/]src[\\/](?:messages|fields|validation|auth)\.ts$/;
/** The rest of the contract: what the parent's, the office's and the driver's screens send and read. */
const CONTRACTS_SIGNED_IN = [/[\\/]packages[\\/]contracts[\\/]src[\\/]/];

/** A sign-in form: its inputs, the form state, the shared contract (Zod) and the app's form helpers. */
const SIGN_IN = [
  mantineComponents(['Input', 'InputBase', 'TextInput', 'PasswordInput', 'ActionIcon']),
  // Mantine's shared helpers: whatever the toast area does not hold.
  /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]/,
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/,
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]utils[\\/](?!Floating[\\/])/,
  lib('zod|@mantine[\\\\/]form|klona|fast-deep-equal'),
  // Only a sign-in form's part of the contract: Zod builds every schema when its chunk runs (a few
  // milliseconds each on a phone), so the registration's go with the public forms and the signed-in
  // areas' with those areas (CONTRACTS_SIGNED_IN).
  SIGN_IN_CONTRACTS,
  /[\\/]src[\\/](?:forms|auth)[\\/]/,
  /[\\/]src[\\/]i18n[\\/](?:messages|format|labels|en[\\/]messages)\.ts$/,
  /[\\/]src[\\/]components[\\/](?:PasswordField|LoginCard)[\\/]/,
  // A sign-in form's stylesheets (styles/sign-in-forms.ts; the Mantine files it names: signInStylesheets); signed-in.ts takes Mantine's whole styles.css.
  /[\\/]src[\\/]styles[\\/]sign-in-forms\.ts$/,
];

/** The Mantine stylesheets styles/sign-in-forms.ts imports, read from it: that file is their one list. */
function signInStylesheets(root: string): RegExp {
  const names = [...readFileSync(resolve(root, 'src', 'styles', 'sign-in-forms.ts'), 'utf8').matchAll(/'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g)].map((match) => match[1]);
  if (names.length === 0) throw new Error('src/styles/sign-in-forms.ts imports no Mantine stylesheet');
  return new RegExp(`[\\\\/]@mantine[\\\\/]core[\\\\/]styles[\\\\/](?:${names.join('|')})\\.css$`);
}

/** The rest of the public pages: the dialogs, the registration form's selects, radios and grid. */
const PUBLIC_FORMS = [
  mantineComponents(['Alert', 'Checkbox', 'Radio', 'Divider', 'Grid', 'List', 'Select', 'Combobox', 'Popover', 'ScrollArea', 'Modal', 'ModalBase', 'Overlay', 'FocusTrap', 'VisuallyHidden']),
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]utils[\\/]Floating[\\/]/,
  lib('@floating-ui[\\\\/][^\\\\/]+'),
  /[\\/]src[\\/]a11y[\\/]/,
  /[\\/]src[\\/]components[\\/](?:TermsModal|RegistrationForm|PaymentInstructions)[\\/]/,
  /[\\/]packages[\\/]contracts[\\/]src[\\/]registration\.ts$/,
  // The other public forms' and dialogs' stylesheets (styles/public-forms.ts): a sign-in page does not parse them.
  /[\\/]src[\\/]styles[\\/]public-forms\.ts$/,
  /[\\/]@mantine[\\/]core[\\/]styles[\\/][A-Za-z]+\.css$/,
];

/**
 * Left to itself the bundler cuts the lazily loaded code into one chunk per set of pages that share
 * a module: /register needed 31 files (TextInput, Input, use-id, CloseButton, the contract in four
 * pieces...), /parent-login 19. The server speaks HTTP/1.1, so a phone opens at most 6 connections to
 * it and every further 6 files cost one more round trip on mobile data (150 ms in Lighthouse's slow
 * 4G) before the page can paint.
 *
 * These groups gather that code by what the public pages need: the toast area's, a sign-in form's,
 * and the rest of the public forms and dialogs'; /parent-login then loads 2 files beyond the first
 * load and /register 4. The signed-in areas load the groups they use, the contract's schemas that
 * only they need (`contracts`), and keep their own chunks.
 *
 * What the first load holds must stay out of every group (a group holding one of its modules would be
 * pulled into the first load): the vendor groups, of higher priority, take the libraries it needs;
 * the app's own modules and the stylesheets the entry imports are found by walking the entry's
 * imports within src/ (the app has no re-exporting index files, so an import there is a real use).
 * The contract package's index re-exports everything, so of the contract only options.ts (the
 * language list) is kept out by name. A group takes no modules beyond those it matches
 * (`includeDependenciesRecursively: false`): the first load's modules stay where they are.
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
    test: (id: string) => (firstLoad.has(id) && id.startsWith(src) && !/[\\/]main\.tsx$/.test(id)) || /[\\/]@tabler[\\/]icons-react[\\/]|[\\/]contracts[\\/]src[\\/]options\.ts$|vite[\\/]preload-helper/.test(id),
    priority: 4,
    includeDependenciesRecursively: false,
  };
  return { plugin, groups: [shared, group('toasts', TOASTS, 3), group('sign-in', [...SIGN_IN, signInStylesheets(root)], 2), group('public-forms', PUBLIC_FORMS, 1), group('contracts', CONTRACTS_SIGNED_IN, 0)] };
}
