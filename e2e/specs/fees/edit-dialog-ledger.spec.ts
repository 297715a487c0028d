import { expect, test, type Page } from '@playwright/test';
import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';

// The office is in Bahrain: the browser's "today" is the business day the server files changes under.
test.use({ timezoneId: 'Asia/Bahrain' });

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** A family of its own through the public registration; answers the student's id from the office's list. */
async function registerFamily(page: Page) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const parent = { email: `ledger-${stamp}@example.com`, password: 'ledger-parent-pass' };
  const { schools, areas } = (await (await page.request.get('/api/meta')).json()) as { schools: { id: string }[]; areas: { id: string; price: string }[] };
  const { id: termsVersionId } = (await (await page.request.get('/api/terms')).json()) as { id: string };
  const area = areas.find((a) => a.id !== 'area-002') ?? areas[0]!;
  // Sorted by last name, the family's row comes first on the Fees tab's first page.
  const lastName = `AaaLedger${stamp.slice(-5)}`;
  const response = await page.request.post('/api/registrations', {
    data: {
      schoolId: schools[0]!.id,
      firstName: 'Huda',
      fathersName: 'Salman',
      lastName,
      grade: '3',
      studentSchoolId: `LED-${stamp}`,
      parentName: `Ledger Parent ${stamp}`,
      parentEmail: parent.email,
      parentPhone: `3${stamp.slice(-7)}`,
      password: parent.password,
      serviceType: 'BOTH',
      areaId: area.id,
      block: '1',
      road: '2',
      houseBuilding: '3',
      termsAccepted: true,
      termsVersionId,
    },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return { ...parent, lastName, studentName: `Huda ${lastName}`, price: area.price };
}

async function setPaymentStatusInEditDialog(page: Page, studentId: string, status: 'Paid' | 'Pending') {
  await page.goto(`/admin?tab=students&edit=${studentId}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Student' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Payment Status', exact: true }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Student updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('Paid in the Students edit dialog records the month in the ledger with a receipt; Pending voids it', async ({ page, browser }) => {
  const family = await registerFamily(page);
  const month = currentServiceMonth(bahrainDate(new Date()));
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const found = (await (await page.request.get(`/api/admin/students?search=${family.lastName}`)).json()) as { students: { id: string }[] };
  const studentId = found.students[0]!.id;

  await setPaymentStatusInEditDialog(page, studentId, 'Paid');

  // The Fees tab shows the month paid by the office, with its receipt.
  await page.goto('/admin?tab=fees');
  await expect(page.getByRole('heading', { level: 2, name: 'Fees' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Fee rows' }).getByRole('row', { name: new RegExp(family.studentName) });
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('link', { name: /^Receipt RCT-\d{6}/ })).toContainText(`${family.price} BHD`);

  // The parent sees the month paid, with the receipt to download or print.
  const parentContext = await browser.newContext();
  const parentPage = await parentContext.newPage();
  await signInByEmail(parentPage, family.email, family.password);
  await parentPage.goto('/parent');
  const parentRow = parentPage.getByRole('region', { name: `Fees of ${family.studentName}` }).getByRole('listitem', { name: monthLabel(month) });
  await expect(parentRow).toContainText('Paid');
  const printLink = parentRow.getByRole('link', { name: /^View and print receipt RCT-\d{6}$/ });
  const receiptNumber = /RCT-\d{6}/.exec((await printLink.getAttribute('aria-label'))!)![0];
  await printLink.click();
  await expect(parentPage).toHaveURL(/\/receipts\/[0-9a-f-]{36}$/);
  await expect(parentPage.getByRole('heading', { level: 2, name: 'Receipt' })).toBeVisible();
  await expect(parentPage.getByRole('main')).toContainText(receiptNumber);
  await expect(parentPage.getByRole('main')).toContainText('Other');
  await expect(parentPage.getByRole('group', { name: 'Total paid' })).toContainText(`${family.price} BHD`);
  await expect(parentPage.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(parentPage.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /\/api\/receipts\/[0-9a-f-]{36}\.pdf$/);
  // The printable page fits a phone.
  await parentPage.setViewportSize({ width: 360, height: 740 });
  expect(await parentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Pending in the dialog voids the month's payment: nothing paid, no receipt, and the parent's receipt is marked void.
  await setPaymentStatusInEditDialog(page, studentId, 'Pending');
  await page.goto('/admin?tab=fees');
  await expect(row).not.toContainText('Paid');
  await expect(row.getByRole('link', { name: /^Receipt RCT-/ })).toHaveCount(0);
  await parentPage.reload();
  await expect(parentPage.getByRole('main')).toContainText('VOID: set unpaid in the edit dialog');
  await parentContext.close();
});

test('the Analytics tab charts fees collected vs expected for each month of the school year', async ({ page }) => {
  const month = currentServiceMonth(bahrainDate(new Date()));
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  expect((await page.request.post('/api/admin/fees/generate', { data: { month } })).status()).toBe(200);
  const summary = (await (await page.request.get('/api/admin/fees/year-summary')).json()) as { months: { month: string; expectedBhd: string; collectedBhd: string }[] };
  const current = summary.months.find((m) => m.month === month)!;

  await page.goto('/admin?tab=analytics');
  const chart = page.getByRole('region', { name: 'Fees Collected vs Expected' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-rectangle').first()).toBeVisible();
  const table = chart.getByRole('table', { name: 'Fees collected and expected per month' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row', { name: new RegExp(`^${monthLabel(month)}`) })).toContainText(`${current.expectedBhd}${current.collectedBhd}`);

  // The years before and after are one click away.
  const firstYear = Number(summary.months[0]!.month.slice(0, 4));
  await expect(chart).toContainText(`School year ${firstYear}–${firstYear + 1}`);
  await chart.getByRole('button', { name: 'Previous school year' }).click();
  await expect(chart).toContainText(`School year ${firstYear - 1}–${firstYear}`);
  await chart.getByRole('button', { name: 'Next school year' }).click();
  await expect(chart).toContainText(`School year ${firstYear}–${firstYear + 1}`);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(chart).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
