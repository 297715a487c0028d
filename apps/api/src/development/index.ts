/**
 * What only development and demo servers need: the demo data with its published passwords and the
 * developer shortcut behind /force-admin-login. Bundled on its own (dist/development.js, made by
 * `pnpm build:demo`), never by `pnpm build`, so a production build holds none of it.
 */
export { seedDemo, DEMO_SIGN_INS } from '@school-transport/db/demo';
export { registerDevShims } from './dev-shims.js';
export { startTapStandIn } from './tap-stand-in.js';
