import type { Locator } from '@playwright/test';
import { expect, failedRequest, test } from '../../fixtures/test.js';
import { DEMO } from '../../fixtures/accounts.js';
import { signInByEmail, signInDriver } from '../../fixtures/session.js';
import { expectLanguage, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { registerParent } from '../../fixtures/parent-account.js';
import { site as arSite } from '../../../apps/web/src/i18n/ar/site.js';

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

/**
 * Where a text sits on screen: the middle of the first occurrence of `text` inside `scope`, measured
 * on the rendered text itself (a Range), so that the visual order is read whatever the markup.
 */
async function textX(scope: Locator, text: string): Promise<number> {
  return scope.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const box = range.getBoundingClientRect();
      return box.x + box.width / 2;
    }
    throw new Error(`${wanted} is not in ${root.textContent ?? ''}`);
  }, text);
}

test('a phone set to Arabic signs in on the Arabic page and lands on the Arabic dashboard', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.url, locale: 'ar-BH', viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    // An account whose language nobody chose (registered through the API: English).
    const account = await registerParent(page.request, 'arabic-phone-1');
    await page.request.post('/api/auth/logout');
    await page.goto('/parent-login');
    await expectLanguage(page, 'ar');
    await page.getByLabel(arSite.login.email).fill(account.email);
    await page.getByLabel(arSite.login.password, { exact: true }).fill('arabic-phone-1');
    await page.getByRole('button', { name: arSite.login.signIn }).click();
    await expect(page).toHaveURL(/\/parent$/);
    // Before, the account's untouched English won here.
    await expectLanguage(page, 'ar');
    await expect(page.getByRole('button', { name: 'English', exact: true }).first()).toBeVisible();
    expect(((await (await page.request.get('/api/auth/user')).json()) as { user: { language: string } }).user.language).toBe('ar');
  } finally {
    await context.close();
  }
});

test('in Arabic, names, phone numbers and dates keep their order: the parent’s card and the driver’s header', async ({ browser, server }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await signInByEmail(page, DEMO.parent.email, DEMO.parent.password);
    await showLanguage(page, 'ar', { signedIn: true });
    try {
      await page.goto('/parent');
      await expectLanguage(page, 'ar');
      // 'Ahmed Demo · 33000001': right to left, the name comes first (at the right), the phone after it.
      const driverLine = page.getByRole('article', { name: 'Sara Hassan Demo' }).getByText('Ahmed Demo');
      await expect(driverLine).toBeVisible();
      const line = driverLine.locator('xpath=ancestor::div[1]');
      expect(await textX(line, 'Ahmed Demo')).toBeGreaterThan(await textX(line, '33000001'));
    } finally {
      await setAccountLanguage(page.request, 'en');
    }

    const driver = await context.newPage();
    await signInDriver(driver, DEMO.driver.phone, DEMO.driver.password);
    await showLanguage(driver, 'ar', { signedIn: true });
    try {
      await driver.goto('/driver/today');
      await expectLanguage(driver, 'ar');
      // 'Ahmed Demo · 27 نوفمبر 2026' was drawn '27 · Ahmed Demo نوفمبر 2026': the day's number had joined the name.
      const header = driver.locator('header p', { hasText: 'Ahmed Demo' });
      // The day is drawn once today's list has arrived.
      await expect(header).toHaveText(/\d+ \S+ \d{4}/);
      const [, day, month, year] = /(\d+) (\S+) (\d{4})/.exec((await header.textContent()) ?? '') ?? [];
      expect(day, (await header.textContent()) ?? '').toBeTruthy();
      const [name, dayX, monthX, yearX] = [
        await textX(header, 'Ahmed Demo'),
        await textX(header, `${day} `),
        await textX(header, month!),
        await textX(header, year!),
      ];
      expect(name).toBeGreaterThan(dayX);
      expect(dayX).toBeGreaterThan(monthX);
      expect(monthX).toBeGreaterThan(yearX);
    } finally {
      await setAccountLanguage(driver.request, 'en');
    }
  } finally {
    await context.close();
  }
});
