import { expect, failedRequest, test } from '../../fixtures/test.js';
import { DEMO } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

test('the demo parent sees both children with driver, fee, area and address, and logs out', async ({ page, expectConsoleError }) => {
  await signInByEmail(page, DEMO.parent.email, DEMO.parent.password);
  await page.goto('/parent');
  await expect(page.getByText('Welcome, Fatima Demo')).toBeVisible();

  const sara = page.getByRole('article', { name: 'Sara Hassan Demo' });
  await expect(sara.getByText('Active Service')).toBeVisible();
  await expect(sara.getByText('Ahmed Demo · 33000001')).toBeVisible();
  await expect(sara.getByText('30.00 BHD')).toBeVisible();
  await expect(sara.getByText('Both Ways')).toBeVisible();
  await expect(sara.getByText('Riffa')).toBeVisible();

  const ali = page.getByRole('article', { name: 'Ali Hassan Demo' });
  await expect(ali.getByText('Driver Not Assigned')).toHaveCount(2);
  await expect(ali.getByText('25.00 BHD')).toBeVisible();
  await expect(ali.getByText('Home to School')).toBeVisible();
  await expect(ali.getByText('Demo Riffa School')).toBeVisible();

  // The fees section loads after the cards: when Logout is pressed before it has, its request may
  // reach the server after the session has ended and be refused (the dashboard is gone by then).
  expectConsoleError(failedRequest(401, '/trpc/parent.fees.list'));
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
