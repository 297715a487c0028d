import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail, uniqueName } from '../../fixtures/session.js';
import { uniquePhone } from '../../fixtures/admin.js';
import { expectNoAxeViolations, expectNoSidewaysScroll, settle } from '../../fixtures/a11y.js';
import { schoolWithFamilies } from '../../fixtures/office-families.js';
import { fill } from '../../fixtures/catalogs.js';
import { officeDay } from '../../../apps/web/src/i18n/en/office-day.js';
import { parentDay } from '../../../apps/web/src/i18n/en/parent-day.js';
import { students } from '../../../apps/web/src/i18n/en/students.js';

test.use({ viewport: { width: 360, height: 740 } });

/**
 * At 360 px: a child boards the morning bus; in the afternoon the driver's phone is dead, so the
 * office acts for the driver and, the school handing grade 2 only to named adults, names the parent
 * who received the child; the Attendance tab then shows the rides per school, run and student, and
 * who received the child, and downloads them as CSV; the office then lifts the school's rule for
 * this one child from the student's dialog.
 */
test("the office names who received a child for the driver, and the Attendance tab shows it with this month's rides per school, run and student", async ({
  page,
}) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const school = await schoolWithFamilies(page.request, ['en']);
  const [family] = school.families;
  const driverName = uniqueName('Attendance Driver');
  const driver = await page.request.post('/api/admin/drivers', {
    data: { name: driverName, phone: uniquePhone(), licenseNo: uniqueName('L').replace(/\s/g, '-'), password: 'driver-pass-1' },
  });
  expect(driver.status(), await driver.text()).toBe(201);
  const { driver: created } = (await driver.json()) as { driver: { id: string } };
  expect((await page.request.post('/api/admin/students/bulk-update', { data: { studentIds: [family!.studentId], driverId: created.id } })).status()).toBe(200);

  // Whatever weekday the test runs on, today is a school day for the mark; the settings are put back after.
  const before = ((await (await page.request.get('/api/admin/settings/school-day')).json()) as { settings: Record<string, unknown> }).settings;
  try {
    const everyDay = await page.request.put('/api/admin/settings/school-day', {
      data: { ...before, schoolDays: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], noServiceDates: [] },
    });
    expect(everyDay.status(), await everyDay.text()).toBe(200);
    const boarded = await page.request.post(`/api/admin/drivers/${created.id}/runs/morning/marks`, {
      data: { studentId: family!.studentId, event: 'boarded', clientId: uniqueName('office').replace(/\s/g, '-') },
    });
    expect(boarded.status(), await boarded.text()).toBe(201);
    const rule = await page.request.put(`/api/admin/schools/${school.schoolId}/handover-rule`, { data: { upToGrade: '2' } });
    expect(rule.status(), await rule.text()).toBe(200);

    // The afternoon, for the driver: a plain drop is not offered for this child; the office names who received them.
    const child = `${family!.firstName} ${family!.lastName}`;
    const parent = `Parent ${family!.lastName}`;
    await page.goto('/admin?tab=today');
    const afternoonRow = page
      .getByRole('table', { name: officeDay.runs.title })
      .getByRole('row')
      .filter({ hasText: driverName })
      .filter({ hasText: officeDay.runs.runName.afternoon });
    await afternoonRow.getByRole('button', { name: `Act for driver on ${driverName}, ${officeDay.runs.runName.afternoon}` }).click();
    const dialog = page.getByRole('dialog', { name: `For the driver: ${driverName}, ${officeDay.runs.runName.afternoon}` });
    await dialog.getByRole('button', { name: `${officeDay.act.event.afternoon.boarded}: ${child}` }).click();
    await expect(dialog.getByRole('status')).toContainText('1 on board');
    await dialog.getByRole('button', { name: `${officeDay.act.event.afternoon.dropped}: ${child}` }).click();
    const choices = dialog.getByTestId('act-handover');
    await expect(choices).toContainText(fill(officeDay.act.handover.title, { name: family!.firstName }));
    await expect(choices.getByRole('button', { name: officeDay.act.handover.nobodyHere })).toBeVisible();
    await choices
      .getByRole('button', {
        name: new RegExp(`^${fill(officeDay.act.handover.handTo, { name: parent, relation: parentDay.handover.relation.parent }).replace(/[()]/g, '\\$&')}`),
      })
      .click();
    await expect(dialog.getByTestId('received-by')).toHaveText(fill(officeDay.act.receivedBy, { name: parent, relation: parentDay.handover.relation.parent }));
    await dialog.getByRole('button', { name: officeDay.act.close }).first().click();

    await page.goto('/admin?tab=attendance');
    await expect(page.getByRole('heading', { level: 2, name: 'Attendance' })).toBeVisible();
    await expect(page.getByText(/^[A-Z][a-z]+ \d{4}: \d+ school days? with service so far$/)).toBeVisible();
    const schoolRow = page.getByRole('region', { name: 'Per school' }).getByRole('row', { name: new RegExp(school.schoolName) });
    await expect(schoolRow.getByRole('cell')).toHaveText([school.schoolName, '1', '2', '0', '0']);
    const runRows = page.getByRole('region', { name: 'Per run' }).getByRole('row').filter({ hasText: driverName });
    await expect(runRows.nth(0).getByRole('cell')).toHaveText(['Morning', driverName, '1', '1', '0', '0']);
    await expect(runRows.nth(1).getByRole('cell')).toHaveText(['Afternoon', driverName, '1', '1', '0', '0']);
    const studentRow = page.getByRole('region', { name: 'Per student' }).getByRole('row', { name: new RegExp(family!.lastName) });
    await expect(studentRow.getByRole('cell').nth(3)).toHaveText('MorningRides 1 · Absent 0 · No-shows 0');
    await expect(studentRow.getByRole('cell').nth(4)).toHaveText('AfternoonRides 1 · Absent 0 · No-shows 0');
    const handedOver = page.getByRole('region', { name: 'Who received each child' }).getByRole('row').filter({ hasText: family!.lastName });
    await expect(handedOver.getByRole('cell').nth(2)).toHaveText('Afternoon');
    await expect(handedOver.getByRole('cell').nth(3)).toHaveText(`${parent} (parent)`);

    await settle(page);
    await expectNoAxeViolations(page, 'the Attendance tab at 360 px');
    await expectNoSidewaysScroll(page, 'the Attendance tab at 360 px');
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/attendance-360.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download per school (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}-schools\.csv$/);
    const csv = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
    expect(csv.split('\n')[0]).toBe('\uFEFFSchool,Students,School days,Rides,Absences,No-shows');
    expect(csv).toMatch(new RegExp(`\\n${school.schoolName},1,\\d+,2,0,0\\n`));

    // The office lifts the school's rule for this one child from the student's dialog.
    await page.goto(`/admin?tab=students&edit=${family!.studentId}`);
    const handoverSwitch = page
      .getByRole('dialog', { name: 'Edit Student' })
      .getByRole('switch', { name: fill(students.handover.switch, { name: family!.firstName }) });
    await expect(handoverSwitch).toBeChecked();
    await handoverSwitch.click();
    await expect(handoverSwitch).not.toBeChecked();
    await expect(page.getByRole('dialog', { name: 'Edit Student' })).toContainText(students.handover.lifted);
    await expect
      .poll(async () => (await (await page.request.get(`/api/admin/students/${family!.studentId}/handover`)).json()) as unknown)
      .toEqual({ required: false, byRule: true });
  } finally {
    await page.request.put('/api/admin/settings/school-day', { data: before });
  }
});
