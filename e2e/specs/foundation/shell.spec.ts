import { expect, test } from '../../fixtures/test.js';
import { DEMO } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

test('an unknown path shows the Page Not Found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the production build has no developer pages', async ({ page }) => {
  for (const path of ['/force-admin-login', '/test-register']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
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
