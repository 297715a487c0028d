import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail, uniqueName } from '../../fixtures/session.js';
import { uniquePhone } from '../../fixtures/admin.js';
import { expectNoAxeViolations, expectNoSidewaysScroll, settle } from '../../fixtures/a11y.js';
import { schoolWithFamilies } from '../../fixtures/office-families.js';

test.use({ viewport: { width: 360, height: 740 } });

test("at 360 px the Attendance tab shows this month's rides per school and student, and downloads them as CSV", async ({ page }) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const school = await schoolWithFamilies(page.request, ['en']);
  const [family] = school.families;
  const driver = await page.request.post('/api/admin/drivers', { data: { name: uniqueName('Attendance Driver'), phone: uniquePhone(), licenseNo: uniqueName('L').replace(/\s/g, '-'), password: 'driver-pass-1' } });
  expect(driver.status(), await driver.text()).toBe(201);
  const { driver: created } = (await driver.json()) as { driver: { id: string } };
  expect((await page.request.post('/api/admin/students/bulk-update', { data: { studentIds: [family!.studentId], driverId: created.id } })).status()).toBe(200);

  // Whatever weekday the test runs on, today is a school day for the mark; the settings are put back after.
  const before = ((await (await page.request.get('/api/admin/settings/school-day')).json()) as { settings: Record<string, unknown> }).settings;
  try {
    const everyDay = await page.request.put('/api/admin/settings/school-day', { data: { ...before, schoolDays: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'], noServiceDates: [] } });
    expect(everyDay.status(), await everyDay.text()).toBe(200);
    const boarded = await page.request.post(`/api/admin/drivers/${created.id}/runs/morning/marks`, { data: { studentId: family!.studentId, event: 'boarded', clientId: uniqueName('office').replace(/\s/g, '-') } });
    expect(boarded.status(), await boarded.text()).toBe(201);

    await page.goto('/admin?tab=attendance');
    await expect(page.getByRole('heading', { level: 2, name: 'Attendance' })).toBeVisible();
    await expect(page.getByText(/^[A-Z][a-z]+ \d{4}: \d+ school days? with service so far$/)).toBeVisible();
    const schoolRow = page.getByRole('region', { name: 'Per school' }).getByRole('row', { name: new RegExp(school.schoolName) });
    await expect(schoolRow.getByRole('cell')).toHaveText([school.schoolName, '1', '1', '0', '0']);
    const studentRow = page.getByRole('region', { name: 'Per student' }).getByRole('row', { name: new RegExp(family!.lastName) });
    await expect(studentRow.getByRole('cell').nth(3)).toHaveText('Rides 1 · Absent 0 · No-shows 0');
    await expect(studentRow.getByRole('cell').nth(4)).toHaveText('Rides 0 · Absent 0 · No-shows 0');

    await settle(page);
    await expectNoAxeViolations(page, 'the Attendance tab at 360 px');
    await expectNoSidewaysScroll(page, 'the Attendance tab at 360 px');
    if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/attendance-360.png`, fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download per school (CSV)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}-schools\.csv$/);
    const csv = (await (await download.createReadStream()).toArray()).map((chunk: Buffer) => chunk.toString('utf8')).join('');
    expect(csv.split('\n')[0]).toBe('\uFEFFSchool,Students,School days,Rides,Absences,No-shows');
    expect(csv).toMatch(new RegExp(`\\n${school.schoolName},1,\\d+,1,0,0\\n`));
  } finally {
    await page.request.put('/api/admin/settings/school-day', { data: before });
  }
});
