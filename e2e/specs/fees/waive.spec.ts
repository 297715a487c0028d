import { expect, test } from '../../fixtures/test.js';
import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { monthLabel, registerLedgerFamily } from '../../fixtures/fees.js';

test('the office waives a month with a reason, and lifts the waiver', async ({ page }) => {
  const family = await registerLedgerFamily(page);
  const month = currentServiceMonth(bahrainDate(new Date()));
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  expect((await page.request.post('/api/admin/fees/generate', { data: { month } })).status()).toBe(200);

  await page.goto('/admin?tab=fees');
  const row = page.getByRole('table', { name: 'Fee rows' }).getByRole('row', { name: new RegExp(family.studentName) });
  await row.getByRole('button', { name: `Waive the fee of ${family.studentName}, ${monthLabel(month)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Waive the fee of ${family.studentName}, ${monthLabel(month)}` });
  await dialog.getByRole('button', { name: 'Waive' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Sibling discount');
  await dialog.getByRole('button', { name: 'Waive' }).click();
  await expect(page.getByText('Fee waived')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Waived');
  await expect(row.getByRole('button', { name: /^Record payment for/ })).toHaveCount(0);

  // The parent sees the month waived, with nothing to upload.
  const parent = await page.context().browser()!.newContext();
  const parentPage = await parent.newPage();
  await signInByEmail(parentPage, family.email, family.password);
  await parentPage.goto('/parent');
  const parentRow = parentPage.getByRole('region', { name: `Fees of ${family.studentName}` }).getByRole('listitem', { name: monthLabel(month) });
  await expect(parentRow).toContainText('Waived');
  await expect(parentRow.getByRole('button', { name: /^Upload payment proof/ })).toHaveCount(0);
  await parent.close();

  await row.getByRole('button', { name: `Lift the waiver of ${family.studentName}, ${monthLabel(month)}` }).click();
  await expect(page.getByText('Waiver lifted')).toBeVisible();
  await expect(row).not.toContainText('Waived');
  await expect(row.getByRole('button', { name: /^Record payment for/ })).toBeVisible();
});
