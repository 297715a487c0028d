import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { amountLabel, monthLabel, registerLedgerFamily as registerFamily } from '../../fixtures/fees.js';

// The office is in Bahrain: the browser's "today" is the business day the server files changes under.
test.use({ timezoneId: 'Asia/Bahrain' });

async function setPaymentStatusInEditDialog(page: Page, studentId: string, status: 'Paid' | 'Pending') {
  await page.goto(`/admin?tab=students&edit=${studentId}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Student' });
  // The dialog waits for the student and the form's lists: slow on a busy machine, so a longer wait.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('combobox', { name: 'Payment Status', exact: true }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Student updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('Paid in the Students edit dialog records the month in the ledger with a receipt; Pending voids it', async ({ page, browser }) => {
  // Two browsers and six pages: more than the default minute when the machine is busy.
  test.slow();
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
  await expect.poll(() => parentPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

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
  const summary = (await (await page.request.get('/api/admin/fees/year-summary')).json()) as {
    months: { month: string; expectedBhd: string; collectedBhd: string }[];
  };
  const current = summary.months.find((m) => m.month === month)!;

  await page.goto('/admin?tab=analytics');
  const chart = page.getByRole('region', { name: 'Fees Collected vs Expected' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-rectangle').first()).toBeVisible();
  const table = chart.getByRole('table', { name: 'Fees collected and expected per month' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row', { name: new RegExp(`^${monthLabel(month)}`) })).toContainText(
    `${amountLabel(current.expectedBhd)}${amountLabel(current.collectedBhd)}`,
  );

  // The years before and after are one click away.
  const firstYear = Number(summary.months[0]!.month.slice(0, 4));
  await expect(chart).toContainText(`School year ${firstYear}–${firstYear + 1}`);
  await chart.getByRole('button', { name: 'Previous school year' }).click();
  await expect(chart).toContainText(`School year ${firstYear - 1}–${firstYear}`);
  await chart.getByRole('button', { name: 'Next school year' }).click();
  await expect(chart).toContainText(`School year ${firstYear}–${firstYear + 1}`);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(chart).toBeVisible();
  // The charts re-measure after the resize; the page settles without sideways scrolling.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
