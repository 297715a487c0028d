import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { adminTab, openAdminTab, uniquePhone } from '../../fixtures/admin.js';
import { signInByEmail, uniqueName } from '../../fixtures/session.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { bodyRows, meta, openStudents, registerStudent } from '../../fixtures/students.js';

/** A one-word name no other run uses, so a search finds exactly this test's students. */
const uniqueWord = (prefix: string) => uniqueName(prefix).replace(/\s+/g, '');

/** Picks an option of a Mantine Select inside a dialog or region (its options open in a portal). */
async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function riffa(page: Page) {
  const { schools, areas } = await meta(page);
  const area = areas.find((a) => a.name === 'Riffa') ?? areas[0]!;
  return { school: schools[0]!, area };
}

test('the office adds a driver, assigns them to a registered student, marks the fee paid and prints the invoice', async ({ page, server }) => {
  const { school, area } = await riffa(page);
  const lastName = uniqueWord('Invoice');
  const { automatedId } = await registerStudent(page, server.url, { firstName: 'Maryam', lastName, schoolId: school.id, areaId: area.id });
  const driverName = uniqueName('Route Driver');
  const driverPhone = uniquePhone();

  await openAdminTab(page, 'Drivers');
  await page.getByRole('button', { name: 'Add Driver' }).click();
  const driverDialog = page.getByRole('dialog', { name: 'Add Driver' });
  await driverDialog.getByLabel('Driver Name').fill(driverName);
  await driverDialog.getByLabel('Phone Number').fill(driverPhone);
  await driverDialog.getByLabel('License Number').fill('DL-E2E-INV');
  await driverDialog.getByLabel(/^Password/).fill('driver-e2e-pass');
  await driverDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Driver added')).toBeVisible();

  await adminTab(page, 'Students');
  await page.getByLabel('Search students').fill(lastName);
  await expect(bodyRows(page)).toHaveCount(1);
  const row = page.getByRole('row', { name: new RegExp(lastName) });
  await expect(row).toContainText(automatedId);
  await expect(row).toContainText('Unassigned');
  await expect(row).toContainText('Pending');
  await expect(row).toContainText(`${area.price} BHD`);
  await expect(page).toHaveURL(new RegExp(`search=${lastName}`));

  await row.getByRole('button', { name: /^Edit / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Student' });
  await expect(dialog.getByLabel('Last Name')).toHaveValue(lastName);
  await pick(page, dialog, 'Driver', driverName);
  await pick(page, dialog, 'Payment Status', 'Paid');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Student updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(driverName);
  await expect(row).toContainText('Paid');

  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: /^Print invoice for / }).click();
  const invoice = await popup;
  await expect(invoice).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
  await expect(invoice.getByText('Invoice Generated')).toBeVisible();
  await expect(invoice.getByText(/^Invoice No\. INV-\d{6}$/)).toBeVisible();
  await expect(invoice.getByText(automatedId)).toBeVisible();
  await expect(invoice.getByText(`Maryam Ahmed ${lastName}`)).toBeVisible();
  await expect(invoice.getByTestId('monthly-fee')).toHaveText(`${area.price} BHD`);
  await expect(invoice.getByTestId('payment-status')).toHaveText('Paid');
  await expect(invoice.getByTestId('total-due')).toHaveText('0.00 BHD');
  await expect(invoice.getByText(`${driverName} (${driverPhone})`)).toBeVisible();
  await expect(invoice.getByText(school.name)).toBeVisible();
  // The company's details come from the settings (the demo data fills them).
  await expect(invoice.getByRole('heading', { level: 1 })).toHaveText('Demo Student Transport W.L.L.');
  await expect(invoice.getByText('Bank transfer (number or IBAN): BH00DEMO00000000000000')).toBeVisible();
  await invoice.close();
});

test('editing shows the spec messages, and ?edit=<id> opens the dialog from a link', async ({ page, server }) => {
  const { school, area } = await riffa(page);
  const lastName = uniqueWord('Validation');
  await registerStudent(page, server.url, { firstName: 'Huda', lastName, schoolId: school.id, areaId: area.id });
  await openStudents(page, `search=${lastName}`);
  await expect(bodyRows(page)).toHaveCount(1);

  await page.getByRole('button', { name: `Edit Huda Ahmed ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Student' });
  await dialog.getByLabel('Primary Contact').fill('');
  await dialog.getByLabel('Full Address').fill('');
  await dialog.getByLabel('Monthly Price (BHD)').fill('');
  await dialog.getByLabel('First Name').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Primary contact is required')).toBeVisible();
  await expect(dialog.getByText('Address is required')).toBeVisible();
  await expect(dialog.getByText('Price is required')).toBeVisible();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await dialog.getByLabel('Primary Contact').fill('1234');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Phone number must be 8 digits')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(lastName) })).toContainText('Huda');

  const list = (await (await page.request.get(`/api/admin/students?search=${lastName}`)).json()) as { students: { id: string }[] };
  await page.goto(`/admin?tab=students&edit=${list.students[0]!.id}`);
  await expect(page.getByRole('dialog', { name: 'Edit Student' }).getByLabel('Last Name')).toHaveValue(lastName);
  await page.getByRole('dialog', { name: 'Edit Student' }).getByLabel('Monthly Price (BHD)').fill('27.5');
  await page.getByRole('dialog', { name: 'Edit Student' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Student updated successfully')).toBeVisible();
  await expect(page).not.toHaveURL(/edit=/);
  await expect(page.getByRole('row', { name: new RegExp(lastName) })).toContainText('27.50 BHD');
});

test('search, filters, sorting and pages live in the URL, and Back returns to the previous view', async ({ page, server }) => {
  const { school, area } = await riffa(page);
  const lastName = uniqueWord('Pages');
  // One family registers; the office adds 25 more children to it (quicker than 26 sign-ups).
  const family = await registerStudent(page, server.url, { firstName: 'Kid00', lastName, schoolId: school.id, areaId: area.id });
  const registered = [family];
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  for (let i = 1; i < 26; i++) {
    const response = await page.request.post('/api/admin/students', {
      data: {
        firstName: `Kid${String(i).padStart(2, '0')}`,
        fathersName: 'Ahmed',
        lastName,
        grade: '5',
        studentSchoolId: `E2E-P-${Date.now()}-${i}`,
        schoolId: school.id,
        areaId: area.id,
        serviceType: 'BOTH',
        block: '1',
        road: '2',
        houseBuilding: '3',
        parent: { kind: 'existing', emailOrPhone: family.parentEmail },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    registered.push({ automatedId: ((await response.json()) as { student: { automatedId: string } }).student.automatedId, parentEmail: family.parentEmail });
  }
  await openStudents(page, `search=${lastName}&pageSize=25`);
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(page.getByText('1–25 of 26')).toBeVisible();

  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(bodyRows(page)).toHaveCount(1);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect(bodyRows(page)).toHaveCount(25);

  // Sorting by name, ascending: Kid00 first; the URL keeps it.
  await page
    .locator('main')
    .getByRole('button', { name: /^Student\b/ })
    .click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(bodyRows(page).first()).toContainText(`Kid00 Ahmed ${lastName}`);

  // A student marked paid; the Payment filter finds only that one.
  const { students } = (await (await page.request.get(`/api/admin/students?search=${registered[7]!.automatedId}`)).json()) as { students: { id: string }[] };
  expect((await page.request.post('/api/admin/students/bulk-update', { data: { studentIds: [students[0]!.id], paymentStatus: 'paid' } })).status()).toBe(200);
  await page.reload();
  await pick(page, page.locator('main'), 'Payment', 'Paid');
  await expect(page).toHaveURL(/paymentStatus=paid/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Kid07');
  await page.goBack();
  await expect(bodyRows(page)).toHaveCount(25);

  // Without a driver: all 26 are unassigned; by automated ID: one.
  await pick(page, page.locator('main'), 'Driver', 'Without a driver');
  await expect(page).toHaveURL(/unassigned=1/);
  await expect(page.getByText('Total: 26')).toBeVisible();
  await page.getByLabel('Search students').fill(registered[3]!.automatedId);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Kid03');

  await page.getByLabel('Search students').fill(`${lastName}-nobody`);
  await expect(page.getByText('No students match this view.')).toBeVisible();
});

test('several students get a driver in one step, the filtered list exports as CSV, and a deleted student can be restored', async ({ page, server }) => {
  const { school, area } = await riffa(page);
  const lastName = uniqueWord('Bulk');
  const first = await registerStudent(page, server.url, { firstName: 'Salman', lastName, schoolId: school.id, areaId: area.id });
  await registerStudent(page, server.url, { firstName: 'مريم', lastName, schoolId: school.id, areaId: area.id });
  await openStudents(page, `search=${lastName}`);
  await expect(bodyRows(page)).toHaveCount(2);

  await page.getByRole('checkbox', { name: 'Select every student on this page' }).check();
  const bulk = page.getByRole('region', { name: '2 students selected' });
  await pick(page, bulk, 'Driver for the selected students', 'Ahmed Demo');
  await bulk.getByRole('button', { name: 'Assign driver' }).click();
  await expect(page.getByText('Updated 2 students')).toBeVisible();
  await expect(bulk).toBeHidden();
  await expect(bodyRows(page).filter({ hasText: 'Ahmed Demo' })).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\n');
  expect(lines[0]).toContain('Student ID,First Name');
  expect(lines).toHaveLength(3);
  expect(lines.join('\n')).toContain('مريم');
  expect(lines.filter((line) => line.includes('Ahmed Demo'))).toHaveLength(2);

  // Add a brother to the first family, found by the parent's email.
  await page.getByRole('button', { name: 'Add Student' }).click();
  const add = page.getByRole('dialog', { name: 'Add Student' });
  await add.getByLabel('Parent email or phone').fill(first.parentEmail);
  await add.getByRole('button', { name: 'Find' }).click();
  await expect(add.getByText(/^Found: E2E Parent/)).toBeVisible();
  await add.getByLabel('First Name').fill('Younis');
  await add.getByLabel("Father's Name").fill('Ahmed');
  await add.getByLabel('Last Name').fill(lastName);
  await pick(page, add, 'Grade', '2');
  await add.getByLabel('Student School ID').fill(`E2E-ADD-${Date.now()}`);
  await pick(page, add, 'School', school.name);
  await pick(page, add, 'Area', `${area.name} - ${area.price} BHD`);
  await add.getByLabel('Block').fill('338');
  await add.getByLabel('Road').fill('3803');
  await add.getByLabel('House/Building').fill('12');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Student created')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(3);

  await page.getByRole('button', { name: `Delete Younis Ahmed ${lastName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete student?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Student deleted')).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(2);

  await page.getByLabel('Show deleted students').check();
  await expect(bodyRows(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Restore Younis Ahmed ${lastName}` }).click();
  await expect(page.getByText('Student restored')).toBeVisible();
  await page.getByLabel('Show deleted students').uncheck();
  await expect(bodyRows(page)).toHaveCount(3);
});
