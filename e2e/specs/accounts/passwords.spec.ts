import type { APIRequestContext } from '@playwright/test';
import { registerParent } from '../../fixtures/parent-account.js';
import { expect, test } from '../../fixtures/test.js';
import { startGateway, type GatewayCall } from '../../fixtures/gateway.js';
import { signInByEmail } from '../../fixtures/session.js';

/** Whether the email and password sign in, asked of the API (a refused sign-in in the page would log a console error). */
async function signsIn(api: APIRequestContext, email: string, password: string): Promise<boolean> {
  const answer = await api.post('/api/auth/login', { data: { email, password } });
  return answer.status() === 200;
}

test('a parent who forgot the password gets a code by text message, sets a new password and signs in', async ({ page, server, playwright }) => {
  const gateway = await startGateway(server.gatewayPort, 200);
  const api = await playwright.request.newContext({ baseURL: server.url });
  try {
    const parent = await registerParent(api, 'first-family-pass');

    await page.goto('/parent-login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password\?for=parent$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
    // What to do when the account's phone has changed: the office's phones from the company settings, before anything is typed.
    const { supportPhone1 } = (await (await api.get('/api/settings')).json()) as { supportPhone1: string };
    expect(supportPhone1).toMatch(/^\d{8}$/);
    const phoneChanged = page.getByRole('region', { name: 'Phone number changed?' });
    await expect(phoneChanged).toContainText('If that number has changed, call the office to update it');
    await expect(phoneChanged.getByRole('link', { name: supportPhone1 })).toHaveAttribute('href', `tel:+973${supportPhone1}`);
    await page.getByLabel('Email you sign in with').fill(parent.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account matches, we have sent a code by text message.' })).toBeVisible();
    // The same words after the code is asked for: they say nothing of whether the account exists.
    await expect(phoneChanged.getByRole('link', { name: supportPhone1 })).toBeVisible();

    // The code, as the SMS gateway received it from the outbox.
    const resetTexts = (): GatewayCall[] =>
      gateway.calls.filter((call) => call.body.to === `+973${parent.phone}` && call.body.templateKey === 'password_reset');
    await expect.poll(() => resetTexts().length, { timeout: 15_000 }).toBe(1);
    const text = resetTexts()[0]!.body.text;
    expect(text).toMatch(/Your password reset code is \d{6}\. It is valid for 15 minutes\./);
    const code = /\b(\d{6})\b/.exec(text)![1]!;

    await expect(page.getByLabel('Email you sign in with')).toHaveValue(parent.email);
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('New Password').fill('second-family-pass');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByText('Your password has been changed. Please sign in with your new password.')).toBeVisible();
    await expect(page).toHaveURL(/\/parent-login$/);

    await page.getByLabel('Email').fill(parent.email);
    await page.getByLabel('Password', { exact: true }).fill('second-family-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/parent$/);
    await expect(page.getByText('Welcome, Yousif Nasser')).toBeVisible();
    expect(await signsIn(api, parent.email, 'first-family-pass')).toBe(false);
  } finally {
    await api.dispose();
    await gateway.close();
  }
});

/**
 * The account menu walked once: Change Password, then Sign Out Everywhere. Which sessions each
 * ends is proven in apps/api/src/domain/admin/accounts.test.ts ('changing a password' and 'sign out
 * everywhere'); here, what the parent sees and that the menu's two actions reach those rules.
 */
test('a signed-in parent changes the password from the account menu, other devices are signed out; Sign Out Everywhere then ends this session and the others', async ({
  page,
  server,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: server.url });
  const otherDevice = await playwright.request.newContext({ baseURL: server.url });
  try {
    const parent = await registerParent(api, 'first-family-pass');
    expect(await signsIn(otherDevice, parent.email, 'first-family-pass')).toBe(true);
    await signInByEmail(page, parent.email, 'first-family-pass');
    await page.goto('/parent');

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Current Password').fill('first-family-pass');
    await dialog.getByLabel('New Password').fill('second-family-pass');
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Your password has been changed. You have been signed out on your other devices.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // This page stays signed in; the other device is not any more.
    await page.reload();
    await expect(page.getByText('Welcome, Yousif Nasser')).toBeVisible();
    expect((await otherDevice.get('/api/auth/user')).status()).toBe(401);
    expect(await signsIn(api, parent.email, 'second-family-pass')).toBe(true);
    expect(await signsIn(api, parent.email, 'first-family-pass')).toBe(false);

    // Signed in elsewhere again with the new password, then out of everywhere from this page.
    expect(await signsIn(otherDevice, parent.email, 'second-family-pass')).toBe(true);
    // The dashboard's own requests finish first: one still under way when the session ends is answered 401.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out Everywhere' }).click();
    await expect(page.getByText('Signed out on every device')).toBeVisible();
    await expect(page).toHaveURL(/\/parent-login$/);
    expect((await otherDevice.get('/api/auth/user')).status()).toBe(401);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  } finally {
    await api.dispose();
    await otherDevice.dispose();
  }
});
