import { expect, test } from '../../fixtures/test.js';
import { DEMO } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

test('an unknown path shows the Page Not Found page, and so do the developer pages: the production build has none', async ({ page }) => {
  for (const path of ['/no/such/page', '/force-admin-login', '/test-register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' }), path).toBeVisible();
  }
});

test('the header greets a signed-in parent and logs out back to the landing page', async ({ page }) => {
  await signInByEmail(page, DEMO.parent.email, DEMO.parent.password);
  await page.goto('/');
  await expect(page.getByText('Hello, Fatima Demo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page.getByText('Hello, Fatima Demo')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('a session check while the network is down is handled quietly: still signed in, no console error, and fine once back', async ({
  page,
  context,
  expectConsoleError,
}) => {
  // The session is checked again once five minutes old, when a screen that reads it opens: the clock moves past that.
  await page.clock.install();
  await signInByEmail(page, DEMO.parent.email, DEMO.parent.password);
  await page.goto('/parent');
  const account = page.getByRole('button', { name: 'Account' });
  const changePassword = async () => {
    await account.click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Change Password' })).toBeHidden();
  };
  await changePassword();

  // Offline, then back on a network that does not carry anything yet (the phone says online; requests fail).
  await context.setOffline(true);
  await page.clock.fastForward('06:00');
  await context.setOffline(false);
  const sessionChecks: string[] = [];
  const sessionCheck = (url: URL) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.user');
  await page.route(sessionCheck, (route) => {
    sessionChecks.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  // Chromium's own line for a request that found no network is expected; the app's report of it is not.
  expectConsoleError(/ERR_INTERNET_DISCONNECTED/);
  await changePassword();
  await expect.poll(() => sessionChecks.length, { message: 'the session was checked while the network was down' }).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  await page.unroute(sessionCheck);

  // Back: the next check answers, the parent is still signed in.
  const answered = page.waitForResponse((response) => response.url().includes('auth.user') && response.status() === 200);
  await changePassword();
  await answered;
  await expect(account).toBeVisible();
});
