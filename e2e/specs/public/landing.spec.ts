import { expect, failedRequest, test } from '../../fixtures/test.js';
import { DEMO, E2E_ADMIN } from '../../fixtures/accounts.js';

test('the landing page shows the headline, the three points and the contacts from the settings; Register Student opens the terms, I Agree waits for the tick, the tick resets on close, accepting opens /register', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Safe & Reliable Student Transport Services' })).toBeVisible();
  for (const point of ['Easy registration flow', 'Secure data protection', 'User-friendly for parents']) {
    await expect(page.getByRole('heading', { name: point })).toBeVisible();
  }
  // The demo settings: two support phones and three social links.
  await expect(page.getByRole('link', { name: 'Support: 39000001' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Support: 39000002' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/demo.transport');
  await expect(page.getByRole('link', { name: 'Facebook' })).toHaveAttribute('href', 'https://facebook.com/demo.transport');
  await expect(page.getByRole('link', { name: 'X', exact: true })).toHaveAttribute('href', 'https://x.com/demo_transport');

  await page.getByRole('button', { name: 'Register Student' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('3 minutes')).toBeVisible();
  const agree = dialog.getByRole('button', { name: 'I Agree' });
  const box = dialog.getByRole('checkbox', { name: 'I have read and agree to the Terms & Conditions' });
  await expect(agree).toBeDisabled();
  await box.check();
  await expect(agree).toBeEnabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Register Student' }).click();
  await expect(box).not.toBeChecked();
  await expect(agree).toBeDisabled();

  await box.check();
  await agree.click();
  await expect(page.getByText('Terms Accepted')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Student Registration' })).toBeVisible();
  // Accepted on the landing page: /register does not ask again.
  await expect(page.getByRole('dialog', { name: 'Terms & Conditions' })).toBeHidden();
});

test.describe('the Parent Portal login dialog', () => {
  // The dialog walked once: its own field checks, a wrong password (the API's answer to it is proven
  // in apps/api/src/domain/auth.test.ts), then a parent's way in with Remember me.
  test('checks the fields with the dialog messages, shows Login Failed with the server message for a wrong password, and sends a parent to /parent', async ({
    page,
    expectConsoleError,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Parent Portal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Parent Portal' });
    const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
    const password = dialog.getByRole('textbox', { name: 'Password', exact: true });
    await email.fill('not-an-email');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();

    expectConsoleError(failedRequest(401, '/trpc/auth.login'));
    await email.fill(DEMO.parent.email);
    await password.fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await password.fill(DEMO.parent.password);
    await dialog.getByRole('checkbox', { name: 'Remember me' }).check();
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/parent$/);
    await expect(page.getByRole('heading', { name: 'Parent Dashboard' })).toBeVisible();
  });

  test('sends an admin to /admin', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Parent Portal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Parent Portal' });
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E_ADMIN.email);
    await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    // The guard let the admin in: no login form is shown there.
    await expect(page.getByRole('banner').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Admin Email' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin$/);
  });
});
