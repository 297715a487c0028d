import type { Page } from '@playwright/test';
import { expect, failedRequest, test } from '../../fixtures/test.js';
import { OPEN_DIALOG, checkScreen, expectLanguage, forEachViewport, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { uniquePhone } from '../../fixtures/admin.js';
import { adminWords, named } from '../../fixtures/admin-words.js';
import { signInByEmail, uniqueName } from '../../fixtures/session.js';
import { meta, registerStudent } from '../../fixtures/students.js';
import { messages as arMessages } from '../../../apps/web/src/i18n/ar/messages.js';
import { officeDay } from '../../../apps/web/src/i18n/en/office-day.js';
import { everyDayASchoolDay, restoreSchoolWeek } from '../../fixtures/school-day.js';

/**
 * Seats: a bus with one seat and one rider refuses a second child in the words of the contract,
 * in English and Arabic; an admin may allow it with a reason; the drivers table shows riders
 * against seats for each run.
 */

interface FullBus {
  driverName: string;
  waitingLastName: string;
}

/** A driver whose bus has one seat, already taken, and a registered student without a driver. */
async function fullBus(page: Page, baseURL: string): Promise<FullBus> {
  const { schools, areas } = await meta(page);
  const stamp = uniqueName('Seat').replace(/\s+/g, '');
  const driverName = uniqueName('Seat Bus');
  const driver = await page.request.post('/api/admin/drivers', {
    data: {
      name: driverName,
      phone: uniquePhone(),
      licenseNo: `DL-${stamp}`,
      password: 'driver-e2e-pass',
      vehicle: { plate: `SEAT ${stamp.slice(-4)}`, seats: 1 },
    },
  });
  expect(driver.status(), await driver.text()).toBe(201);
  const driverId = ((await driver.json()) as { driver: { id: string } }).driver.id;
  const rider = `${stamp}Rider`;
  const waitingLastName = `${stamp}Waiting`;
  for (const lastName of [rider, waitingLastName])
    await registerStudent(page, baseURL, { firstName: 'Huda', lastName, schoolId: schools[0]!.id, areaId: areas[0]!.id });
  const found = await page.request.get(`/api/admin/students?search=${rider}`);
  const riderId = ((await found.json()) as { students: { id: string }[] }).students[0]!.id;
  const assigned = await page.request.post('/api/admin/students/bulk-update', { data: { studentIds: [riderId], driverId } });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { driverName, waitingLastName };
}

/** Opens the waiting student's edit dialog, chooses the full bus and saves: answers the dialog. */
async function assignToFullBus(page: Page, bus: FullBus, words: ReturnType<typeof adminWords>) {
  await page.goto(`/admin?tab=students&search=${bus.waitingLastName}`);
  const row = page.getByRole('row', { name: new RegExp(bus.waitingLastName) });
  await row.getByRole('button', { name: named(words.students.actions.edit) }).click();
  const dialog = page.getByRole('dialog', { name: words.students.form.editTitle });
  await dialog.getByRole('combobox', { name: words.students.form.driver, exact: true }).click();
  await page.getByRole('option', { name: bus.driverName, exact: true }).click();
  await dialog.getByRole('button', { name: words.admin.common.save, exact: true }).click();
  return dialog;
}

test('a full bus refuses an assignment with the message; an admin allows it with a reason; the drivers table counts riders against seats', async ({
  page,
  server,
  expectConsoleError,
}) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const bus = await fullBus(page, server.url);
  const w = adminWords('en');

  await page.goto('/admin?tab=drivers');
  const driverRow = page.getByRole('row', { name: new RegExp(bus.driverName) });
  await expect(driverRow).toContainText('Morning 1 / 1');
  await expect(driverRow).toContainText('Afternoon 1 / 1');
  await expect(driverRow.getByText('Full')).toHaveCount(2);

  expectConsoleError(failedRequest(409, '/trpc/admin.students.update'));
  const dialog = await assignToFullBus(page, bus, w);
  const refusal = dialog.getByRole('alert').filter({ hasText: 'This bus is full' });
  await expect(refusal).toHaveText(/This bus is full for the morning run \(1 of 1 seats\)\./);
  await expect(page.getByText('This bus is full for the morning run (1 of 1 seats).').first()).toBeVisible();
  await expect(dialog).toBeVisible();

  await refusal.getByRole('checkbox', { name: 'Allow over capacity' }).check();
  await refusal.getByRole('textbox', { name: /^Reason/ }).fill('Sister of the rider, shares her seat until the new bus comes');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Student updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/admin?tab=drivers');
  const overRow = page.getByRole('row', { name: new RegExp(bus.driverName) });
  await expect(overRow).toContainText('Morning 2 / 1');
  await expect(overRow.getByText('Over capacity')).toHaveCount(2);
});

test('a substitute whose bus is full is refused in the substitute dialog; an admin hands the run over with a reason', async ({
  page,
  server,
  expectConsoleError,
}) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const spare = await fullBus(page, server.url);
  // The waiting student rides with another driver, who is ill today: the full bus is asked to cover.
  const stamp = uniqueName('Ill').replace(/\s+/g, '');
  const illName = uniqueName('Ill Bus');
  const ill = await page.request.post('/api/admin/drivers', {
    data: {
      name: illName,
      phone: uniquePhone(),
      licenseNo: `DL-${stamp}`,
      password: 'driver-e2e-pass',
      vehicle: { plate: `ILL ${stamp.slice(-4)}`, seats: 10 },
    },
  });
  expect(ill.status(), await ill.text()).toBe(201);
  const illId = ((await ill.json()) as { driver: { id: string } }).driver.id;
  const waiting = ((await (await page.request.get(`/api/admin/students?search=${spare.waitingLastName}`)).json()) as { students: { id: string }[] })
    .students[0]!.id;
  expect((await page.request.post('/api/admin/students/bulk-update', { data: { studentIds: [waiting], driverId: illId } })).status()).toBe(200);
  const settingsBefore = await everyDayASchoolDay(page.request);
  try {
    const od = officeDay;
    await page.goto('/admin?tab=today');
    await expect(page.getByRole('heading', { level: 2, name: od.title })).toBeVisible({ timeout: 20_000 });
    const morning = page.getByRole('table', { name: od.runs.title }).getByRole('row').filter({ hasText: illName }).filter({ hasText: od.runs.runName.morning });
    await morning.getByRole('button', { name: `Hand ${illName}, ${od.runs.runName.morning} to a substitute` }).click();
    const dialog = page.getByRole('dialog', { name: `Substitute: ${illName}, ${od.runs.runName.morning}` });
    await dialog.getByRole('combobox', { name: od.substitute.driver }).click();
    await page.getByRole('option', { name: spare.driverName, exact: true }).click();

    expectConsoleError(failedRequest(409, '/trpc/admin.schoolDay.substitute'));
    await dialog.getByRole('button', { name: od.substitute.save }).click();
    // The spare bus's one seat is taken by its own rider: the covered run's child would be one too many.
    const refusal = dialog.getByRole('alert').filter({ hasText: 'This bus is full for the morning run (1 of 1 seats).' });
    await expect(refusal).toBeVisible();
    await expect(dialog).toBeVisible();
    await refusal.getByRole('checkbox', { name: 'Allow over capacity' }).check();
    await refusal.getByRole('textbox', { name: /^Reason/ }).fill('No other bus free this morning');
    await dialog.getByRole('button', { name: od.substitute.save }).click();
    await expect(dialog).toBeHidden();
    await expect(morning).toContainText(od.runs.substitute.replace('{{name}}', spare.driverName));
  } finally {
    await restoreSchoolWeek(server.url, settingsBefore);
  }
});

// The refusal and the drivers' counts pass the accessibility gate in both languages, on a phone and a desktop.
test.describe.configure({ timeout: 4 * 60_000 });
forEachViewport(({ viewport, language, label }) => {
  test.describe(`seats, ${label}`, () => {
    test.use({ viewport });
    test.afterEach(async ({ page }) => {
      await setAccountLanguage(page.request, 'en');
    });

    test('the refusal in the edit dialog and the drivers table', async ({ page, server, expectConsoleError }) => {
      const w = adminWords(language);
      await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
      const bus = await fullBus(page, server.url);
      await showLanguage(page, language, { signedIn: true });

      await page.goto('/admin?tab=drivers');
      await expectLanguage(page, language);
      await expect(page.getByRole('row', { name: new RegExp(bus.driverName) })).toContainText(`${w.admin.seats.runs.morning} 1 / 1`);
      await checkScreen(page, { route: 'admin-drivers-seats', role: 'admin', language });

      // The bell names the full runs under the students without a driver.
      await page.getByRole('button', { name: named(w.analytics.bell.label) }).click();
      const bell = page.getByRole('dialog', { name: w.analytics.bell.title });
      await expect(bell.getByRole('list', { name: w.analytics.bell.fullRuns })).toContainText(`${bus.driverName}: ${w.analytics.bell.runs.morning} 1 / 1`);
      await checkScreen(page, { route: 'admin-bell-full-runs', role: 'admin', language }, { include: '[role="dialog"]' });
      await page.keyboard.press('Escape');
      await expect(bell).toBeHidden();

      expectConsoleError(failedRequest(409, '/trpc/admin.students.update'));
      const dialog = await assignToFullBus(page, bus, w);
      const message =
        language === 'ar'
          ? arMessages.students.busFullMorning.replace('{{riders}}', '1').replace('{{seats}}', '1')
          : 'This bus is full for the morning run (1 of 1 seats).';
      const refusal = dialog.getByRole('alert').filter({ hasText: message });
      await expect(refusal).toBeVisible();
      await refusal.getByRole('checkbox', { name: w.admin.seats.allowOverCapacity }).check();
      await expect(refusal.getByRole('textbox', { name: new RegExp(`^${w.admin.seats.reason}`) })).toBeVisible();
      await checkScreen(page, { route: 'admin-students-over-capacity', role: 'admin', language }, { include: OPEN_DIALOG });
    });
  });
});
