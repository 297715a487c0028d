import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { precompress } from './build/precompress.js';
import { routePreloads } from './build/route-preloads.js';
import { lazyChunks } from './build/lazy-chunks.js';
import { driverAppShell } from './build/driver-app-shell.js';
import { pureContracts } from './build/pure-contracts.js';
import { PAGE_ROUTES } from './src/routing/routes.js';

/** In development Vite serves the app and passes /api and /trpc to the API server (pnpm dev starts both). */
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

/**
 * Libraries that change rarely get chunks of their own, so a release of the app's code does not
 * make phones download React and Mantine again. Only what the first page needs ('$initial') goes
 * into these chunks: Mantine components used only by the admin console stay with the admin chunks.
 */
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  {
    name: 'mantine',
    test: /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@mantine[\\/](?:core|hooks|notifications|store)[\\/]/,
    priority: 20,
  },
  { name: 'query', test: /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(?:@tanstack|@trpc|i18next|react-i18next)[\\/]/, priority: 10 },
].map((group) => ({ ...group, tags: ['$initial' as const] }));

/** The Arabic catalogs (src/i18n/ar/*.ts, loaded on demand by i18n/index.ts) travel as one chunk, fetched once. */
const arabicCatalogs = { name: 'i18n-ar', test: /[\\/]src[\\/]i18n[\\/]ar[\\/]/, priority: 40 };

/** What App.tsx loads lazily on every page: the toast area (its stylesheet goes into a server-rendered page). */
const EVERY_PAGE = ['src/components/Toasts/Toasts.tsx'];

/**
 * The driver's screen is an installable app that opens without signal (src/pages/driver/today/driver-app.ts):
 * a web manifest and a service worker whose scope is /driver/ only, so no other role's page and no
 * server-rendered page is ever served by it. It precaches the app shell the driver's screen needs
 * (build/driver-app-shell.ts) and answers a navigation under /driver/ with the cached index.html
 * when offline. It caches no /api or /trpc answer: the screen keeps today's list itself (IndexedDB).
 */
const DRIVER_SCREEN = ['src/pages/driver/DriverToday.page.tsx', ...EVERY_PAGE];
const driverApp = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  filename: 'driver-sw.js',
  manifestFilename: 'driver.webmanifest',
  scope: '/driver/',
  includeAssets: [],
  manifest: {
    id: '/driver/today',
    name: 'Student Transport: Driver',
    short_name: 'Bus Driver',
    description: "Today's runs: mark each child boarded and dropped, with or without signal.",
    start_url: '/driver/today',
    scope: '/driver/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#228be6',
    icons: [
      { src: '/driver-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/driver-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    ],
  },
  workbox: {
    // The manifest's icons are added by the plugin (includeManifestIcons).
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'favicon.svg'],
    manifestTransforms: [
      (entries) => {
        const shell = driverAppShell(join(import.meta.dirname, 'dist'), DRIVER_SCREEN);
        return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] };
      },
    ],
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/driver\//],
    // Nothing else is cached: every /api and /trpc answer comes from the network.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

/**
 * The manifest is linked by the driver's screen alone (driver-app.ts), not by the index.html every
 * page shares: the parents' and the office's pages are not offered as the driver's app.
 */
const manifestLinkOnDriverScreenOnly: Plugin = {
  name: 'school-transport:manifest-link-on-driver-screen-only',
  apply: 'build',
  enforce: 'post',
  transformIndexHtml: { order: 'post', handler: (html) => html.replace(/<link rel="manifest"[^>]*>/, '') },
};

/** The lazily loaded code in a few chunks rather than dozens of tiny ones (build/lazy-chunks.ts). */
const lazy = lazyChunks(import.meta.dirname);

/**
 * `vite build --ssr` (the build script's second step) writes dist-ssr/entry-server.js, with which the
 * API server renders the public pages to HTML (src/entry-server.tsx). It is self-contained (every
 * library bundled in) and never served: it lives outside dist.
 */
const serverBuild = defineConfig({
  plugins: [react()],
  ssr: { noExternal: true },
  build: { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, copyPublicDir: false, rolldownOptions: { input: 'src/entry-server.tsx' } },
});

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverBuild
    : {
        plugins: [react(), pureContracts(), lazy.plugin, routePreloads(PAGE_ROUTES, EVERY_PAGE), driverApp, manifestLinkOnDriverScreenOnly, precompress()],
        server: {
          port: 5173,
          proxy: { '/api': apiTarget, '/trpc': apiTarget },
        },
        build: {
          // No source maps in the public build: they would publish the source (scripts/check-production-build.mjs).
          sourcemap: false,
          // dist/.vite/manifest.json: the size check (scripts/web-size.mjs) reads which chunks each page loads.
          manifest: true,
          chunkSizeWarningLimit: 300,
          rolldownOptions: {
            output: { codeSplitting: { groups: [arabicCatalogs, ...vendorGroups, ...lazy.groups] } },
          },
        },
      },
);
