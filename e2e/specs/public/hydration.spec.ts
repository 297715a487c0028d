import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { DEMO } from '../../fixtures/accounts.js';
import { expectArabicDocument } from '../../fixtures/language.js';

/**
 * A public page arrives as the server rendered it, and the app hydrates that markup instead of
 * rendering it again. A first render in the browser that differs from the server's is a
 * mismatch React reports as a page error (#418, #423, #425), which fails the test (fixtures/test.ts).
 */

/** Waits until the app has hydrated the page: the markup is no longer inert, and one frame later. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
}

test('after a driver signs out on this browser, /admin-login is hydrated without a mismatch', async ({ page, context }) => {
  await page.goto('/driver-login');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(DEMO.driver.phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.driver.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/driver-dashboard$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/driver-login$/);
  await context.clearCookies();

  // The session's answer may reach the browser before the page's part of the markup is hydrated;
  // the first render must still be the server's (nobody known yet).
  await page.goto('/admin-login');
  await expect(page.getByRole('textbox', { name: 'Admin Email', exact: true })).toBeVisible();
  await hydrated(page);
});

test('a tap on the language switch as soon as the page shows waits until the page is hydrated', async ({ page }) => {
  // A slow phone: the page's markup is hydrated well after the app's shell.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto('/parent-login');
  await page.getByRole('button', { name: 'العربية', exact: true }).first().click();
  await expectArabicDocument(page);
  await expect(page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true })).toBeVisible();
  await hydrated(page);
});
