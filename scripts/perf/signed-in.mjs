// Signs the measuring browser in as the demo parent or the demo driver, on a server started with the
// demo data, so that Lighthouse measures the screens they land on. The sign-in happens in the browser
// itself (a fetch from a page of the app), so the session's cookie is in the browser's own cookie jar
// and every request of the page, its fetches included, carries it as a phone's would. Lighthouse
// resets a page's caches and storage before each run but not its cookies.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const DEMO = {
  parent: { path: '/api/auth/login', body: { email: 'parent@demo.bh', password: 'demo-parent' }, page: '/parent' },
  driver: { path: '/api/driver/login', body: { phone: '33000001', password: 'demo-driver' }, page: '/driver' },
};

export const SIGNED_IN_PAGES = Object.fromEntries(Object.entries(DEMO).map(([role, { page }]) => [page, role]));

/** puppeteer-core is Lighthouse's own dependency: resolved from where Lighthouse is installed. */
async function loadPuppeteer() {
  const require = createRequire(import.meta.url);
  const path = createRequire(require.resolve('lighthouse')).resolve('puppeteer-core');
  return (await import(pathToFileURL(path).href)).default;
}

/**
 * Signs the browser listening on `chromePort` in as `role` ('parent' or 'driver'); throws when the
 * sign-in is refused, so that a run never measures the sign-in page it would be sent back to.
 */
export async function signInBrowser(chromePort, baseUrl, role) {
  const { path, body } = DEMO[role];
  const puppeteer = await loadPuppeteer();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/favicon.svg`);
    const answer = await page.evaluate(
      async (url, json) => {
        const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: json, credentials: 'same-origin' });
        return { status: response.status, text: await response.text() };
      },
      `${baseUrl}${path}`,
      JSON.stringify(body),
    );
    if (answer.status !== 200) throw new Error(`Signing in at ${path} answered ${answer.status}: ${answer.text}`);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}
