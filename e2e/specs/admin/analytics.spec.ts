import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { bahrainDate } from '@school-transport/contracts';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { adminTab, openAdminTab } from '../../fixtures/admin.js';
import { signInByEmail, uniqueName } from '../../fixtures/session.js';
import { registerThroughApi } from '../../fixtures/registration.js';

// The office is in Bahrain: the browser's "today" is the business day the server files changes under.
test.use({ timezoneId: 'Asia/Bahrain' });

interface Statistics {
  totalStudents: number;
  paidStudents: number;
  unpaidStudents: number;
  unassignedStudents: number;
  schools: number;
  drivers: number;
  monthlyRevenue: string;
  paidRevenue: string;
  pendingRevenue: string;
  studentsThisMonth: number;
  studentsLastMonth: number;
  growthPercent: number | null;
  byArea: { id: string; name: string; students: number }[];
}

async function statistics(page: Page): Promise<Statistics> {
  const response = await page.request.get('/api/admin/statistics');
  expect(response.status()).toBe(200);
  return (await response.json()) as Statistics;
}

/** A registration through the public API with a name of its own; answers the new student's id (from the bell's list). */
async function registerStudent(page: Page, firstName: string): Promise<{ id: string; automatedId: string; schoolName: string; areaName: string }> {
  const meta = (await (await page.request.get('/api/meta')).json()) as { schools: { id: string; name: string }[]; areas: { id: string; name: string }[] };
  const school = meta.schools[0]!;
  const area = meta.areas[0]!;
  await registerThroughApi(page.request, {
    schoolId: school.id,
    firstName,
    fathersName: 'Bell',
    lastName: 'Check',
    grade: '2',
    studentSchoolId: `E2E-${Date.now()}`,
    parentName: 'Bell Parent',
    parentEmail: `bell-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`,
    parentPhone: '36222222',
    password: 'parent-pass',
    areaId: area.id,
  });
  const list = (await (await page.request.get('/api/admin/unassigned-students?limit=200')).json()) as {
    students: { id: string; firstName: string; automatedId: string }[];
  };
  const student = list.students.find((candidate) => candidate.firstName === firstName);
  expect(student, 'the new student is among those without a driver').toBeTruthy();
  return { id: student!.id, automatedId: student!.automatedId, schoolName: school.name, areaName: area.name };
}

test('the dashboard, the bell and the Analytics tab show the real figures, also at 360 px', async ({ page }) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const before = await statistics(page);
  const firstName = uniqueName('Bell').replace(' ', '');
  const student = await registerStudent(page, firstName);
  const stats = await statistics(page);
  // The registration counts once: one more student, unpaid and without a driver, registered this month.
  expect(stats.totalStudents).toBe(before.totalStudents + 1);
  expect(stats.unpaidStudents).toBe(before.unpaidStudents + 1);
  expect(stats.unassignedStudents).toBe(before.unassignedStudents + 1);
  expect(stats.studentsThisMonth).toBe(before.studentsThisMonth + 1);
  expect(stats.paidStudents + stats.unpaidStudents).toBe(stats.totalStudents);

  await page.goto('/admin');
  const card = (label: string) => page.getByRole('group', { name: label });
  await expect(card('Total Students')).toContainText(String(stats.totalStudents));
  await expect(card('Paid Students')).toContainText(String(stats.paidStudents));
  await expect(card('Schools')).toContainText(String(stats.schools));
  await expect(card('Drivers')).toContainText(String(stats.drivers));
  await expect(card('Students Without a Driver')).toContainText(String(stats.unassignedStudents));

  // The bell counts the students without a driver and lists the new one, linking to its edit dialog.
  const bell = page.getByRole('button', { name: `Students without a driver: ${stats.unassignedStudents}` });
  await expect(bell).toBeVisible();
  await bell.click();
  const list = page.getByRole('dialog', { name: 'Students without a driver' });
  const link = list.getByRole('link', { name: new RegExp(`${firstName} Bell Check`) });
  await expect(link).toContainText(student.automatedId);
  await expect(link).toContainText(student.schoolName);
  await expect(link).toHaveAttribute('href', `/admin?tab=students&edit=${student.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?tab=students&edit=${student.id}$`));
  await expect(list).toBeHidden();
  // The link opens the student's edit dialog; closing it leaves the Students tab usable.
  const editDialog = page.getByRole('dialog', { name: 'Edit Student' });
  await expect(editDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editDialog).toBeHidden();

  await adminTab(page, 'Analytics');
  const figure = (label: string) => page.getByRole('group', { name: label });
  await expect(figure('Registered This Month')).toContainText(String(stats.studentsThisMonth));
  await expect(figure('Registered Last Month')).toContainText(String(stats.studentsLastMonth));
  await expect(figure('Growth')).toContainText(stats.growthPercent === null ? '—' : `${stats.growthPercent}%`);
  // Amounts are shown grouped, as the office reads them: 1,234.50.
  const bhd = (amount: string) => `${Number(amount).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} BHD`;
  await expect(figure('Expected Monthly Revenue')).toContainText(bhd(stats.monthlyRevenue));
  const paidVsPending = page.getByRole('region', { name: 'Paid vs Pending' });
  await expect(paidVsPending).toContainText(`Paid: ${stats.paidStudents} student${stats.paidStudents === 1 ? '' : 's'}, ${bhd(stats.paidRevenue)}`);
  await expect(paidVsPending).toContainText(`Pending: ${stats.unpaidStudents} student${stats.unpaidStudents === 1 ? '' : 's'}, ${bhd(stats.pendingRevenue)}`);
  const perArea = page.getByRole('region', { name: 'Students per Area' });
  const area = stats.byArea.find((candidate) => candidate.name === student.areaName)!;
  await expect(perArea.getByText(new RegExp(`^${area.name}: ${area.students} students?, \\d+ paid, [\\d,]+\\.\\d{2} BHD a month$`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Students per School' })).toContainText(student.schoolName);
  await expect(page.getByRole('region', { name: 'Students per Driver' })).toContainText(`Without a driver: ${stats.unassignedStudents}`);
  // The charts themselves are rendered.
  await expect(perArea.locator('.recharts-rectangle').first()).toBeVisible();

  // At 360 px the page does not scroll sideways, and the bell stays reachable.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(figure('Expected Monthly Revenue')).toBeVisible();
  // The charts take their new width from a resize observer, a moment after the window's.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('analytics-360.png'), fullPage: true });
  await page.getByRole('button', { name: /^Students without a driver: \d+$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Students without a driver' }).getByRole('link').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the audit log shows a school edit with its diff, and its filters narrow the list', async ({ page }) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const code = `AUD-${Date.now().toString(36)}`;
  const oldName = uniqueName('Audit School');
  const newName = uniqueName('Audited School');
  const created = await page.request.post('/api/admin/schools', { data: { schoolCode: code, name: oldName } });
  expect(created.status()).toBe(201);
  const areaName = uniqueName('Audit Area');
  expect((await page.request.post('/api/admin/areas', { data: { name: areaName, price: '10.00' } })).status()).toBe(201);

  await openAdminTab(page, 'Schools');
  await page.getByRole('button', { name: `Edit ${oldName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit School' });
  await dialog.getByLabel('School Name').fill(newName);
  await dialog.getByLabel('Contact Phone').fill('17005555');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('School updated')).toBeVisible();

  await adminTab(page, 'Audit Log');
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText(newName);
  await expect(firstRow).toContainText('School');
  await expect(firstRow).toContainText('Edited');
  await expect(firstRow).toContainText(E2E_ADMIN.email);
  await expect(firstRow).toContainText(`Name: ${oldName} → ${newName}`);
  await expect(firstRow).toContainText('Contact phone: (empty) → 17005555');

  // Entity: Area hides the school's edit; School and Edited show it again.
  await page.getByRole('combobox', { name: 'Entity' }).click();
  await page.getByRole('option', { name: 'Area', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(newName) })).toHaveCount(0);
  await expect(page.getByRole('row', { name: new RegExp(areaName) })).toContainText('Price: 10.00');
  const rows = page.getByRole('row');
  const areaRows = await rows.count();
  for (let index = 1; index < areaRows; index++) await expect(rows.nth(index)).toContainText('Area');

  await page.getByRole('combobox', { name: 'Entity' }).click();
  await page.getByRole('option', { name: 'School', exact: true }).click();
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Edited', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(newName) })).toHaveCount(1);
  await expect(page.getByRole('row', { name: new RegExp(`Created.*${oldName}|${oldName}.*Created`) })).toHaveCount(0);

  // Date range: today (Bahrain) keeps it; a day last month has nothing. The test runner's clock may be
  // on UTC, a day behind Bahrain between 21:00 and midnight, so the day is Bahrain's, not the runner's.
  const [year, month, day] = bahrainDate(new Date()).split('-').map(Number) as [number, number, number];
  const today = new Date(year, month - 1, day);
  const dayLabel = (date: Date) => `${date.getDate()} ${date.toLocaleString('en-GB', { month: 'long' })} ${date.getFullYear()}`;
  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: dayLabel(today), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(today), exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(newName) })).toHaveCount(1);

  await page.getByRole('button', { name: 'Date range' }).click();
  await page.getByRole('button', { name: 'Previous month' }).click();
  const lastMonthDay = new Date(today.getFullYear(), today.getMonth() - 1, 3);
  await page.getByRole('button', { name: dayLabel(lastMonthDay), exact: true }).click();
  await page.getByRole('button', { name: dayLabel(lastMonthDay), exact: true }).click();
  await expect(page.getByText('No change matches these filters.')).toBeVisible();

  // Without filters, the school's creation is there too, named by the school's current name.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  const schoolRows = page.getByRole('row', { name: new RegExp(newName) });
  await expect(schoolRows).toHaveCount(2);
  await expect(schoolRows.nth(1)).toContainText('Created');
  await expect(schoolRows.nth(1)).toContainText(`Name: ${oldName}`);
  await expect(schoolRows.nth(1)).toContainText(`School code: ${code}`);

  // At 360 px the table scrolls inside its own region; the page itself does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(schoolRows.first()).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('audit-log-360.png'), fullPage: true });
});
