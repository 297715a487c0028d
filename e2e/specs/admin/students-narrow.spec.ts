import type { Locator } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

test.use({ viewport: { width: 360, height: 740 } });

async function expectThumbSized(target: Locator, what: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box!.height, `${what}: height`).toBeGreaterThanOrEqual(44);
  expect(box!.width, `${what}: width`).toBeGreaterThanOrEqual(44);
}

/**
 * The office's console on a phone, walked once: the sections in a drawer behind the menu button,
 * then the Students section chosen there, whose table scrolls inside its own region.
 */
test('at 360 px the sections are in a drawer behind the menu button; the students table scrolls inside its own region and the page does not', async ({
  page,
}) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections).toBeHidden();
  const menu = page.getByRole('button', { name: 'Admin sections' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(sections).toBeVisible();
  // Escape closes it and gives the focus back to the menu button.
  await page.keyboard.press('Escape');
  await expect(sections).toBeHidden();
  await expect(menu).toBeFocused();
  // A section chosen in the drawer opens, and the drawer closes.
  await menu.click();
  await sections.getByRole('button', { name: /^Students/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Students' })).toBeVisible();
  await expect(sections).toBeHidden();

  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(pageWidth).toBeLessThanOrEqual(360);

  // The table's own scrolling box is a named region a keyboard can reach, and it does scroll sideways.
  const region = page.getByRole('region', { name: 'Students', exact: true });
  await expect(region).toHaveAttribute('tabindex', '0');
  expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((box) => Math.abs(box.scrollLeft))).toBeGreaterThan(0);

  await expectThumbSized(page.getByRole('button', { name: /^Edit / }).first(), 'Edit');
  // A row's checkbox: the whole cell around it ticks it on a phone.
  const firstRow = page.locator('table tbody tr').first();
  const checkbox = firstRow.getByRole('checkbox');
  const cell = firstRow
    .locator('td')
    .filter({ has: page.getByRole('checkbox') })
    .first();
  await expectThumbSized(cell, 'the checkbox cell');
  await cell.click({ position: { x: 4, y: 4 } });
  await expect(checkbox).toBeChecked();
  await expect(page.getByRole('region', { name: '1 student selected' })).toBeVisible();
  await cell.click({ position: { x: 4, y: 4 } });
  await expect(checkbox).not.toBeChecked();

  // The page buttons under the table: named, and thumb-sized.
  for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) await expectThumbSized(page.getByRole('button', { name }), name);
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/students-360.png`, fullPage: true });
});
