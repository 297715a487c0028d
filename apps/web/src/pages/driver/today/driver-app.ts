/**
 * The driver's screen as an installable app that opens without signal: its web manifest and its
 * service worker (built by vite-plugin-pwa, vite.config.ts), both scoped to /driver/, so the
 * parents' and the office's pages and the server-rendered public pages are never served by it.
 * Service workers need a secure context: HTTPS in production, localhost in development and tests.
 */
export const DRIVER_APP_SCOPE = '/driver/';
export const DRIVER_APP_WORKER = '/driver-sw.js';
export const DRIVER_APP_MANIFEST = '/driver.webmanifest';

/** Links the manifest (the install prompt) and registers the worker; a development server has no worker. */
export function installDriverApp(): void {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = DRIVER_APP_MANIFEST;
    document.head.append(link);
  }
  if (import.meta.env.DEV || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register(DRIVER_APP_WORKER, { scope: DRIVER_APP_SCOPE }).catch((error: unknown) => {
    // Without the worker the screen still works online, and its marks still wait on the phone.
    console.warn('The driver app could not be installed for offline use', error);
  });
}
