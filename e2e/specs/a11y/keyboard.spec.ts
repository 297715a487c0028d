import type { Locator, Page } from '@playwright/test';
import { expect, failedRequest, test } from '../../fixtures/test.js';
import { showLanguage, type Language } from '../../fixtures/a11y.js';
import { fill, wordsOf } from '../../fixtures/catalogs.js';

/**
 * With the keyboard alone: Tab reaches the landing page's Parent Portal with a visible
 * focus ring, Enter opens the sign-in dialog with focus inside it, Tab stays inside it, Escape
 * closes it and focus is back on Parent Portal; and F8 takes focus to the
 * notifications region, from where Tab reaches the toast's close button.
 */

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 25): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style, 'the focused control shows a focus ring').not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
}

for (const language of ['en', 'ar'] as const satisfies readonly Language[]) {
  const words = wordsOf(language);

  test(`keyboard only (${language}): the sign-in dialog opens, keeps and returns focus; F8 reaches the notifications`, async ({ page, expectConsoleError }) => {
    await showLanguage(page, language);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: words.site.landing.headline })).toBeVisible();

    const portal = page.getByRole('button', { name: words.site.landing.parentPortal });
    await tabTo(page, portal);
    await expectVisibleFocus(portal);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: words.site.login.dialogTitle });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // The focus trap: a round of Tab presses never leaves the dialog.
    for (let presses = 0; presses < 8; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(portal).toBeFocused();

    // A failed sign-in raises a toast; F8 takes focus to its region, Tab to its close button.
    expectConsoleError(failedRequest(401, '/trpc/auth.login'));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: words.site.login.email, exact: true }).fill('nobody@example.com');
    await dialog.getByRole('textbox', { name: words.site.login.password, exact: true }).fill('wrong-password');
    await dialog.getByRole('textbox', { name: words.site.login.password, exact: true }).press('Enter');
    const region = page.getByRole('region', { name: fill(words.common.notifications.region, { hotkey: 'F8' }) });
    const toast = region.getByRole('alert').filter({ hasText: words.site.login.failed });
    await expect(toast).toBeVisible();
    await page.keyboard.press('F8');
    await expect(region).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(toast.getByRole('button', { name: words.common.actions.close })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast).toBeHidden();
  });
}
