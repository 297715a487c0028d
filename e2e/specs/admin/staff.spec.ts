import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail, uniqueName } from '../../fixtures/session.js';
import { adminTab } from '../../fixtures/admin.js';
import { registerLedgerFamily } from '../../fixtures/fees.js';

/**
 * Office staff: an admin adds a staff member on the Users tab; the staff member signs in on the
 * admin sign-in page, records a payment, and finds neither the Settings tab nor a Delete button;
 * the admin's audit log names them on the payment.
 */
test('an admin adds a staff member, who records a payment without the admins’ tabs and buttons; the audit log names them', async ({ page }) => {
  const family = await registerLedgerFamily(page);
  const staff = {
    name: uniqueName('Noor Staff'),
    email: `staff-${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`,
    password: 'staff-member-pass-1',
  };

  // The admin adds the staff member.
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin');
  await adminTab(page, 'Users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a User' });
  await dialog.getByLabel('Name').fill(staff.name);
  await dialog.getByLabel('Email').fill(staff.email);
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Staff');
  await dialog.getByLabel('Initial password').fill(staff.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User added')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(staff.name) });
  await expect(row).toContainText(staff.email);
  await expect(row).toContainText('Staff');
  await expect(row).toContainText('Never');

  // The staff member signs in on the admin sign-in page.
  await page.context().clearCookies();
  await page.goto('/admin-login');
  await page.getByLabel('Admin Email').fill(staff.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const sections = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(sections.getByRole('button', { name: /^Students/ })).toBeVisible();
  for (const hidden of ['Settings', 'Terms', 'Users', 'Audit Log'])
    await expect(sections.getByRole('button', { name: new RegExp(`^${hidden}`) })).toHaveCount(0);
  // Asking for a hidden tab by its address opens the dashboard instead.
  await page.goto('/admin?tab=settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toHaveCount(0);

  // Makes the month's fee rows and records a payment on the Fees tab; no Void or Waive button is offered.
  await page.goto('/admin?tab=fees');
  await page.getByRole('button', { name: 'Generate fees' }).click();
  await expect(page.getByText('Fees generated')).toBeVisible();
  const feeRow = page.getByRole('table', { name: 'Fee rows' }).getByRole('row', { name: new RegExp(family.studentName) });
  await expect(feeRow.getByRole('button', { name: /^Waive/ })).toHaveCount(0);
  await feeRow.getByRole('button', { name: /^Record payment for/ }).click();
  const payment = page.getByRole('dialog');
  await payment.getByLabel('Reference').fill('STAFF-CASH-1');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(feeRow.getByRole('link', { name: /RCT-/ }).first()).toBeVisible();
  await expect(feeRow.getByRole('button', { name: /^Void RCT-/ })).toHaveCount(0);

  // The Students tab has Edit but no Delete.
  await page.goto('/admin?tab=students');
  await expect(page.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  // The admin's audit log names the staff member on the payment, and filters by them.
  await page.context().clearCookies();
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin?tab=auditLog');
  await page.getByRole('combobox', { name: 'Changed by' }).click();
  await page.getByRole('option', { name: new RegExp(staff.name) }).click();
  const entries = page.getByRole('row').filter({ hasText: staff.name });
  await expect(entries.filter({ hasText: /Payment/ }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: E2E_ADMIN.email })).toHaveCount(0);

  // The Users tab now shows when the staff member last signed in.
  await page.goto('/admin?tab=users');
  await expect(page.getByRole('row', { name: new RegExp(staff.name) })).not.toContainText('Never');
});
