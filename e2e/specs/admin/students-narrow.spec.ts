import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

test.use({ viewport: { width: 360, height: 740 } });

test('at 360 px the students table scrolls inside its own region and the page does not', async ({ page }) => {
  // The sidebar is behind the burger at this width: open the tab by its address.
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin?tab=students');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(360);
  const editButton = page.getByRole('button', { name: /^Edit / }).first();
  await editButton.scrollIntoViewIfNeeded();
  const box = await editButton.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(44);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/students-360.png`, fullPage: true });
});
