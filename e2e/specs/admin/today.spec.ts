import type { Locator, Page } from '@playwright/test';
import { expect, failedRequest, test } from '../../fixtures/test.js';
import { OPEN_DIALOG, checkScreen, expectFitsWidth, expectLanguage, expectTouchTargets, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { bahrainDays, markAsDriver, restoreSchoolWeek, seedSchoolDayFamily, signedInDriverApi, type SchoolDayFamily } from '../../fixtures/school-day.js';
import { pickDay, shortDate } from '../../fixtures/date-picker.js';
import { officeDay as en } from '../../../apps/web/src/i18n/en/office-day.js';
import { officeDay as ar } from '../../../apps/web/src/i18n/ar/office-day.js';

/**
 * The office's Today tab on a phone: every driver's runs with their counts as the driver marks
 * children (marks made through the API, as the driver), Record absence for a family that phoned
 * and its Cancel, a substitute for a day's run, and the accessibility gate on the tab and its dialogs.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 3 * 60_000 });

let family: SchoolDayFamily;
test.beforeAll(async ({ server }) => {
  family = await seedSchoolDayFamily(server.url, `tdy${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, family.settingsBefore);
});

async function openToday(page: Page, heading = en.title): Promise<void> {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin?tab=today');
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible({ timeout: 20_000 });
}

/** The runs table's row of the family's driver for one run. */
const runRow = (page: Page, runName: string) =>
  page.getByRole('table', { name: en.runs.title }).getByRole('row').filter({ hasText: family.driver.name }).filter({ hasText: runName });

/** The row's cells by their column's heading. */
async function cellsOf(page: Page, row: Locator): Promise<Record<string, string>> {
  const headings = await page.getByRole('table', { name: en.runs.title }).getByRole('columnheader').allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(headings.map((heading, index) => [heading.trim(), (cells[index] ?? '').trim()]));
}

test('the driver’s marks show in the runs’ counts, and an ended run is done', async ({ page, server }) => {
  const [sara, yousif] = family.children as [SchoolDayFamily['children'][number], SchoolDayFamily['children'][number]];
  await openToday(page);
  const morning = runRow(page, en.runs.runName.morning);
  await expect(morning).toContainText(en.runs.statusName.not_started);
  expect(await cellsOf(page, morning)).toMatchObject({ [en.runs.expected]: '2', [en.runs.boarded]: '0', [en.runs.noShow]: '0' });

  const driver = await signedInDriverApi(server.url, family.driver);
  await markAsDriver(driver, 'morning', sara.id, 'boarded', 20);
  await markAsDriver(driver, 'morning', yousif.id, 'no_show', 18);
  await page.getByRole('button', { name: en.refresh }).click();
  await expect(morning).toContainText(en.runs.statusName.in_progress);
  await expect
    .poll(() => cellsOf(page, morning))
    .toMatchObject({ [en.runs.expected]: '0', [en.runs.boarded]: '1', [en.runs.dropped]: '0', [en.runs.noShow]: '1' });
  // An open run with a child on board comes first: only other open runs (another test's, in this
  // worker's database) may stand above it, never one not started or done. (Text content: the
  // badges' inner text is upper-cased by their style.)
  const rows = await page.getByRole('table', { name: en.runs.title }).getByRole('row').allTextContents();
  const position = rows.findIndex((row) => row.includes(family.driver.name) && row.includes(en.runs.runName.morning));
  expect(position).toBeGreaterThan(0);
  expect(rows.slice(1, position).filter((row) => !row.includes(en.runs.statusName.in_progress))).toEqual([]);
  expect(rows.slice(position + 1).some((row) => row.includes(en.runs.statusName.not_started))).toBe(true);
  await checkScreen(page, { route: 'admin-today', role: 'admin', language: 'en' });
  await expectTouchTargets(page, 'admin-today');

  await markAsDriver(driver, 'morning', sara.id, 'dropped', 2);
  expect((await driver.post('/api/driver/runs/morning/end', { data: {} })).status()).toBe(200);
  await driver.dispose();
  await page.getByRole('button', { name: en.refresh }).click();
  await expect(morning).toContainText(en.runs.statusName.done);
  await expect.poll(() => cellsOf(page, morning)).toMatchObject({ [en.runs.boarded]: '0', [en.runs.dropped]: '1', [en.runs.noShow]: '1' });
});

test('Record absence for a family that phoned: listed on its day, then cancelled', async ({ page }) => {
  const { tomorrow } = bahrainDays();
  const yousif = family.children[1]!;
  await openToday(page);
  const opener = page.getByRole('button', { name: en.absences.record });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: en.record.title });
  await expect(dialog).toBeVisible();
  await expectFitsWidth(page, dialog, 'record-absence dialog');
  expect.soft((await dialog.boundingBox())?.width, 'full screen on a phone').toBeCloseTo(360, 0);
  await checkScreen(page, { route: 'admin-record-absence', role: 'admin', language: 'en' }, { include: OPEN_DIALOG });

  // No student chosen: the dialog asks for one.
  await dialog.getByRole('button', { name: en.record.submit }).click();
  await expect(dialog.getByText(en.record.studentRequired)).toBeVisible();

  await dialog.getByRole('combobox', { name: en.record.student }).fill(yousif.firstName);
  await page.getByRole('option', { name: new RegExp(`^${yousif.firstName} ${yousif.lastName}`) }).click();
  await pickDay(page, dialog.getByRole('button', { name: 'Day', exact: true }), tomorrow);
  await dialog.getByRole('radio', { name: 'Afternoon run' }).check();
  await dialog.getByLabel('Reason (optional)').fill('Dentist, mother phoned');
  await dialog.getByRole('button', { name: en.record.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.record.recorded })).toBeVisible();
  await expect(dialog).toBeHidden();

  await pickDay(page, page.getByRole('button', { name: en.date, exact: true }), tomorrow);
  await expect(
    page.getByText(
      `Showing ${new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${tomorrow}T12:00:00Z`))}`,
    ),
  ).toBeVisible();
  const row = page
    .getByRole('table', { name: en.absences.title })
    .getByRole('row')
    .filter({ hasText: `${yousif.firstName} ${yousif.lastName}` });
  await expect(row).toContainText(shortDate(tomorrow));
  await expect(row).toContainText(en.absences.runName.afternoon);
  await expect(row).toContainText('Dentist, mother phoned');
  // The afternoon's expected count on that day leaves the absent child out.
  await expect.poll(() => cellsOf(page, runRow(page, en.runs.runName.afternoon))).toMatchObject({ [en.runs.expected]: '1', [en.runs.absent]: '1' });

  await row.getByRole('button', { name: `Cancel the absence of ${yousif.firstName} ${yousif.lastName}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.absences.cancelled })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('the office acts for a driver whose phone is dead: marks a child, is refused End while the child is on board and while another is unmarked, then ends the run', async ({
  page,
  expectConsoleError,
}) => {
  const sara = family.children[0]!;
  const saraName = `${sara.firstName} ${sara.lastName}`;
  await openToday(page);
  const afternoon = runRow(page, en.runs.runName.afternoon);
  const opener = afternoon.getByRole('button', { name: `Act for driver on ${family.driver.name}, ${en.runs.runName.afternoon}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `For the driver: ${family.driver.name}, ${en.runs.runName.afternoon}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  // Each child with their status as the driver's screen has it (the server's, not the dialog's own).
  const saraItem = dialog.getByRole('listitem').filter({ hasText: saraName });
  for (const item of await dialog.getByRole('listitem').all()) await expect(item.getByText(en.act.status.expected, { exact: true })).toBeVisible();
  await expectTouchTargets(page, 'act-for-driver dialog');
  await checkScreen(page, { route: 'admin-act-for-driver', role: 'admin', language: 'en' }, { include: OPEN_DIALOG });

  await dialog.getByRole('button', { name: `${en.act.event.afternoon.boarded}: ${saraName}` }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: saraName })).toContainText(en.act.event.afternoon.boarded);
  await expect(dialog.getByRole('status')).toContainText('1 on board');
  await expect(saraItem.getByText(en.act.status.boarded, { exact: true })).toBeVisible();

  // End refused on purpose: the browser logs the 409.
  expectConsoleError(failedRequest(409, '/trpc/admin.schoolDay.endRun'));
  await dialog.getByRole('button', { name: en.act.end }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'still on the bus' })).toHaveText(`1 child is still on the bus: ${saraName}`);

  await dialog.getByRole('button', { name: `${en.act.event.afternoon.dropped}: ${saraName}` }).click();
  await expect(dialog.getByRole('status')).toContainText('1 dropped');
  await expect(saraItem.getByText(en.act.status.dropped, { exact: true })).toBeVisible();
  // A run ends with every child accounted for: the brother nobody marked is named, then marked not here.
  const brother = family.children[1]!;
  const brotherName = `${brother.firstName} ${brother.lastName}`;
  await dialog.getByRole('button', { name: en.act.end }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'not marked' })).toHaveText(`1 child is not marked yet: ${brotherName}`);
  await dialog.getByRole('button', { name: `${en.act.event.afternoon.no_show}: ${brotherName}` }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: brotherName }).getByText(en.act.status.no_show, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: en.act.end }).click();
  await expect(dialog).toBeHidden();
  await expect(afternoon).toContainText(en.runs.statusName.done);
  await expect.poll(() => cellsOf(page, afternoon)).toMatchObject({ [en.runs.boarded]: '0', [en.runs.dropped]: '1', [en.runs.expected]: '0' });
});

test('the substitute dialog, and the tab in Arabic, right to left', async ({ page }) => {
  await openToday(page);
  // Today's runs have ended (the tests above): a substitute is named for tomorrow's.
  await pickDay(page, page.getByRole('button', { name: en.date, exact: true }), bahrainDays().tomorrow);
  const afternoon = runRow(page, en.runs.runName.afternoon);
  await expect(afternoon).toContainText(en.runs.statusName.not_started);
  await expect(afternoon.getByRole('button', { name: /Act for the driver/ }), 'acting for a driver is for today’s runs').toHaveCount(0);
  await afternoon.getByRole('button', { name: `Hand ${family.driver.name}, ${en.runs.runName.afternoon} to a substitute` }).click();
  const dialog = page.getByRole('dialog', { name: `Substitute: ${family.driver.name}, ${en.runs.runName.afternoon}` });
  await expect(dialog).toBeVisible();
  await checkScreen(page, { route: 'admin-substitute', role: 'admin', language: 'en' }, { include: OPEN_DIALOG });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await showLanguage(page, 'ar', { signedIn: true });
  try {
    await page.goto('/admin?tab=today');
    await expectLanguage(page, 'ar');
    await expect(page.getByRole('heading', { level: 2, name: ar.title })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: ar.runs.title })).toContainText(family.driver.name);
    await checkScreen(page, { route: 'admin-today', role: 'admin', language: 'ar' });
    await page.getByRole('button', { name: ar.absences.record }).click();
    await expect(page.getByRole('dialog', { name: ar.record.title })).toBeVisible();
    await checkScreen(page, { route: 'admin-record-absence', role: 'admin', language: 'ar' }, { include: OPEN_DIALOG });
  } finally {
    await setAccountLanguage(page.request, 'en');
  }
});
