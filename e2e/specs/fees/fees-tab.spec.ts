import type { APIRequestContext } from '@playwright/test';
import { expect, failedRequest, test } from '../../fixtures/test.js';
import { bahrainDate, currentServiceMonth, dueWindow } from '@school-transport/contracts';
import { DEMO, E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { registerThroughApi } from '../../fixtures/registration.js';

/** A registered family of its own, through the public API. */
async function registerFamily(request: APIRequestContext) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const { schools, areas } = (await (await request.get('/api/meta')).json()) as { schools: { id: string }[]; areas: { id: string; price: string }[] };
  const area = areas.find((a) => a.id !== 'area-002') ?? areas[0]!;
  const parentName = `Tab Parent ${stamp}`;
  const phone = `3${stamp.slice(-7)}`;
  await registerThroughApi(request, {
    schoolId: schools[0]!.id,
    firstName: 'Omar',
    fathersName: 'Ali',
    // Sorted by last name, the family's row comes first on the tab's first page however many students other specs added.
    lastName: `AaaTab${stamp.slice(-5)}`,
    grade: '2',
    studentSchoolId: `TAB-${stamp}`,
    parentName,
    parentEmail: `tab-${stamp}@example.com`,
    parentPhone: phone,
    password: 'tab-parent-pass',
    areaId: area.id,
  });
  return { parentName, phone, studentName: `Omar AaaTab${stamp.slice(-5)}`, price: area.price };
}

test('the office generates a month, records a partial payment, voids it, and reaches overdue families on WhatsApp', async ({ page, expectConsoleError }) => {
  const family = await registerFamily(page.request);
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin?tab=fees');
  await expect(page.getByRole('heading', { level: 2, name: 'Fees' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate fees' }).click();
  await expect(page.getByText('Fees generated')).toBeVisible();

  const row = page.getByRole('table', { name: 'Fee rows' }).getByRole('row', { name: new RegExp(family.studentName) });
  await expect(row).toContainText(`${family.price} BHD`);
  const collectedBefore = (await page.getByRole('group', { name: 'Collected' }).textContent()) ?? '';

  await row.getByRole('button', { name: /^Record payment for/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Amount (BHD)')).toHaveValue(family.price);
  await dialog.getByLabel('Amount (BHD)').fill('99999');
  expectConsoleError(failedRequest(400, '/trpc/admin.fees.recordPayment'));
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('The amount is more than what is due on the chosen months')).toBeVisible();
  await dialog.getByLabel('Amount (BHD)').fill('5');
  await dialog.getByLabel('Reference').fill('CASH-1');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(row).toContainText('5.00 BHD');
  await expect(page.getByRole('group', { name: 'Collected' })).not.toHaveText(collectedBefore);

  await row.getByRole('button', { name: /^Void RCT-/ }).click();
  const voidDialog = page.getByRole('dialog', { name: /^Void payment RCT-/ });
  await voidDialog.getByRole('button', { name: 'Void payment' }).click();
  await expect(voidDialog.getByText('Reason is required')).toBeVisible();
  await voidDialog.getByLabel('Reason').fill('Entered on the wrong family');
  await voidDialog.getByRole('button', { name: 'Void payment' }).click();
  await expect(page.getByText('Payment voided')).toBeVisible();
  await expect(row).toContainText('0.00 BHD');
  await expect(page.getByRole('group', { name: 'Collected' })).toHaveText(collectedBefore);

  // Overdue families (past their due date) are listed with a WhatsApp link when there are any.
  const overdue = page.getByRole('region', { name: 'Overdue families' });
  await expect(overdue).toBeVisible();
  const familyRow = overdue.getByRole('row', { name: new RegExp(family.parentName) });
  const month = currentServiceMonth(bahrainDate(new Date()));
  if (dueWindow(month).dueDate < bahrainDate(new Date())) {
    const link = familyRow.getByRole('link', { name: `Message ${family.parentName} on WhatsApp` });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^https://wa\\.me/973${family.phone}\\?text=`));
  } else {
    await expect(familyRow).toHaveCount(0);
  }
});

test('the Fees tab and the parent Fees section fit a 360 px wide phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin?tab=fees');
  await expect(page.getByRole('heading', { level: 2, name: 'Fees' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.goto('/admin?tab=paymentProofs');
  await expect(page.getByRole('heading', { level: 2, name: 'Payment proofs' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.request.post('/api/admin/fees/generate', { data: { month: currentServiceMonth(bahrainDate(new Date())) } });
  await signInByEmail(page, DEMO.parent.email, DEMO.parent.password);
  await page.goto('/parent');
  await expect(page.getByRole('heading', { level: 2, name: 'Fees' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Upload payment proof for/ }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
