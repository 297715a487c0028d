import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type DriverWorld } from '../../fixtures/driver-world.js';

/** The driver's day as the browser sees it (same machine, same time zone). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

async function signInWithForm(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/driver-login');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill(phone);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/driver-dashboard$/);
}

async function openRun(page: Page, run: 'Morning Run' | 'Afternoon Run'): Promise<void> {
  await page.getByRole('tab', { name: new RegExp(`^${run}`) }).click();
  await expect(page.getByRole('tab', { name: new RegExp(`^${run}`) })).toHaveAttribute('aria-selected', 'true');
}

/** The students shown, by name, whichever layout the width gives: cards on a phone, table rows on a wide screen. */
function shownStudents(page: Page, wide: boolean): Locator {
  const panel = page.getByRole('tabpanel');
  return wide ? panel.locator('tbody tr') : panel.getByRole('article');
}

async function expectShown(page: Page, wide: boolean, names: string[]): Promise<void> {
  const rows = shownStudents(page, wide);
  await expect(rows).toHaveCount(names.length);
  for (const [index, name] of names.entries()) await expect(rows.nth(index)).toContainText(name);
}

for (const { label, viewport, wide } of [
  { label: 'phone (390 px)', viewport: { width: 390, height: 844 }, wide: false },
  { label: 'wide screen (1280 px)', viewport: { width: 1280, height: 900 }, wide: true },
]) {
  test.describe(`driver portal on a ${label}`, () => {
    test.use({ viewport });

    test('the driver sees exactly their own students on the right run, can call, search, print and export the CSV', async ({ page, driverWorld }) => {
      const world: DriverWorld = driverWorld;
      await page.addInitScript(() => {
        (window as unknown as { printCalls: number }).printCalls = 0;
        window.print = () => {
          (window as unknown as { printCalls: number }).printCalls += 1;
        };
      });
      await signInWithForm(page, world.driver.phone, world.driver.password);

      // The info card of the signed-in driver.
      const card = page.getByRole('region', { name: 'My Details' });
      await expect(card).toContainText(world.driver.name);
      await expect(card).toContainText(world.driver.phone);
      await expect(card).toContainText(world.driver.licenseNo);
      await expect(card).toContainText('BUS 4521 · 24 seats');
      await expect(card).toContainText('Isa Town, Sanad');
      await expect(card.getByText('Students', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('3');

      // Morning: Noor (both ways) and Maryam (home to school), grouped by school; never Ali, the deleted student or another driver's.
      await openRun(page, 'Morning Run');
      await expectShown(page, wide, ['Noor "Nana" Haddad, Jr', 'Maryam Saleh']);
      await expect(page.getByRole('heading', { name: 'Al Noor School · 1 student' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Riffa Views School · 1 student' })).toBeVisible();
      await expect(page.getByRole('tabpanel')).not.toContainText(/Ali|Deleted|Otherkid|Unassigned/);
      // One tap to call: both of Maryam's numbers, one of Noor's; big enough to hit.
      const callMaryam = page.getByRole('link', { name: 'Call 36112233 for Maryam Yousif Saleh' });
      await expect(callMaryam).toHaveAttribute('href', 'tel:36112233');
      await expect(page.getByRole('link', { name: 'Call 39445566 for Maryam Yousif Saleh' })).toHaveAttribute('href', 'tel:39445566');
      await expect(page.getByRole('link', { name: /^Call .* for Noor/ })).toHaveCount(1);
      const box = await callMaryam.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      // Nothing spills sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Labelled controls, enough contrast for sunlight (WCAG AA), and no other axe findings.
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      // Afternoon: Noor and Ali.
      await openRun(page, 'Afternoon Run');
      await expectShown(page, wide, ['Ali Saleh', 'Noor "Nana" Haddad, Jr']);
      await expect(page.getByRole('tabpanel')).not.toContainText('Maryam');

      // The search narrows the run.
      await page.getByRole('searchbox', { name: 'Search students' }).fill('ali');
      await expectShown(page, wide, ['Ali Saleh']);
      await page.getByRole('searchbox', { name: 'Search students' }).fill('nobody-like-this');
      await expect(page.getByText('No students match your search.')).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search students' }).fill('');

      // Print List: the afternoon run alone, with the company's contact text.
      await page.getByRole('button', { name: 'Print List' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Student List Generated' })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      const printed = page.getByTestId('driver-print-list');
      await expect(printed).toBeVisible();
      await expect(printed).toContainText(`Student List: ${world.driver.name}`);
      await expect(printed).toContainText('Afternoon Run');
      await expect(printed).toContainText(world.contactText);
      await expect(printed.locator('tbody tr')).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Print List' })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });
      await expect(printed).toBeHidden();

      // Export CSV of the morning run.
      await openRun(page, 'Morning Run');
      const ids = ((await (await page.request.get('/api/driver/students')).json()) as { students: { firstName: string; automatedId: string }[] }).students;
      const idOf = (firstName: string) => ids.find((s) => s.firstName === firstName)!.automatedId;
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe(`driver-students-${world.driver.name}-${today()}.csv`);
      await expect(page.getByRole('alert').filter({ hasText: 'Export Complete' })).toBeVisible();
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8').slice(1);
      expect(text.split('\r\n')).toEqual([
        "ID,Name,Father's Name,Grade,School,Area,Address,Contact,Contact 2,Service Type",
        `${idOf('Noor "Nana"')},"Noor ""Nana"" Haddad, Jr",Yousif,4 A,Al Noor School,Sanad,"Block 801, Road 12, House 7",36112233,,Both Ways`,
        `${idOf('Maryam')},Maryam Saleh,Yousif,4 A,Riffa Views School,Isa Town,'=1+2 Villa Road,36112233,39445566,Home → School`,
        '',
      ]);
    });
  });
}

test('a driver with no students sees the empty state, and Export CSV says No Data without a file', async ({ page, driverWorld }) => {
  await signInWithForm(page, driverWorld.emptyDriver.phone, driverWorld.emptyDriver.password);
  await expect(page.getByRole('heading', { name: 'No Students Assigned' })).toBeVisible();
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'No Data' });
  await expect(toast).toContainText('No students to export');
  await page.waitForTimeout(500);
  expect(downloads).toBe(0);

  // Logout goes to the driver login, and the dashboard is closed again.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/driver-login$/);
  await page.goto('/driver-dashboard');
  await expect(page).toHaveURL(/\/driver-login$/);
});

test("the admin opens a driver's list from the Drivers tab, read-only, with the same runs", async ({ page, driverWorld }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.request.post('/api/auth/login', { data: driverWorld.admin });
  expect(response.status()).toBe(200);
  await page.goto('/admin?tab=drivers');
  await page.getByRole('button', { name: `Students of ${driverWorld.driver.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Students of ${driverWorld.driver.name}` });
  await expect(dialog.getByText('Read-only: this is the list the driver sees.')).toBeVisible();
  await dialog.getByRole('tab', { name: /^Afternoon Run/ }).click();
  await expect(dialog.getByRole('tabpanel').locator('tbody tr')).toHaveCount(2);
  await expect(dialog.getByRole('tabpanel')).toContainText('Ali Saleh');
  await expect(dialog.getByRole('tabpanel')).not.toContainText('Maryam');
  await expect(dialog.getByRole('button', { name: /Edit|Delete|Save/ })).toHaveCount(0);
});
