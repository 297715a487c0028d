import { expect, test } from '../../fixtures/test.js';
import { adminTab, openAdminTab, uniquePhone } from '../../fixtures/admin.js';
import { uniqueName } from '../../fixtures/session.js';
import { chooseOption } from '../../fixtures/forms.js';

test('the admin adds a school, an area with roundabouts and a driver; registration offers them and the driver signs in', async ({ page }) => {
  const schoolName = uniqueName('E2E School');
  const schoolCode = `E2E-${Date.now().toString(36)}`;
  const areaName = uniqueName('E2E Area');
  const driverName = uniqueName('E2E Driver');
  const driverPhone = uniquePhone();

  await openAdminTab(page, 'Schools');
  await expect(page.getByText(/Signed in as/)).toBeVisible();

  await page.getByRole('button', { name: 'Add School' }).click();
  const schoolDialog = page.getByRole('dialog', { name: 'Add School' });
  await schoolDialog.getByRole('button', { name: 'Save' }).click();
  // The shared contract's messages, before anything is sent.
  await expect(schoolDialog.getByText('School code is required')).toBeVisible();
  await schoolDialog.getByLabel('School Code').fill(schoolCode);
  await schoolDialog.getByLabel('School Name').fill(schoolName);
  await schoolDialog.getByLabel('Contact Phone').fill('17001234');
  await schoolDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('School added')).toBeVisible();
  await expect(schoolDialog).toBeHidden();
  await page.getByLabel('Search schools').fill(schoolCode.toLowerCase());
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row', { name: new RegExp(schoolName) })).toContainText('17001234');

  await adminTab(page, 'Areas');
  await page.getByRole('button', { name: 'Add Area' }).click();
  const areaDialog = page.getByRole('dialog', { name: 'Add Area' });
  await areaDialog.getByLabel('Area Name').fill(areaName);
  await areaDialog.getByLabel('Monthly Price (BHD)').fill('31.5');
  await areaDialog.getByLabel('Roundabouts').fill('5');
  await areaDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Area added')).toBeVisible();
  const areaRow = page.getByRole('row', { name: new RegExp(areaName) });
  await expect(areaRow).toContainText('31.50 BHD');
  await expect(areaRow).toContainText(/area-\d{3}/);

  await adminTab(page, 'Drivers');
  await page.getByRole('button', { name: 'Add Driver' }).click();
  const driverDialog = page.getByRole('dialog', { name: 'Add Driver' });
  await driverDialog.getByLabel('Driver Name').fill(driverName);
  await driverDialog.getByLabel('Phone Number').fill(driverPhone);
  await driverDialog.getByLabel('License Number').fill('DL-E2E-1');
  await driverDialog.getByLabel(/^Password/).fill('123');
  await driverDialog.getByRole('button', { name: 'Save' }).click();
  await expect(driverDialog.getByText('Password must be at least 6 characters')).toBeVisible();
  await driverDialog.getByLabel(/^Password/).fill('driver-e2e-pass');
  await driverDialog.getByLabel('Areas Served').click();
  await page.getByRole('option', { name: areaName }).click();
  await driverDialog.getByLabel('Vehicle Plate').fill('E2E 77');
  await driverDialog.getByLabel('Seats').fill('20');
  await driverDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Driver added')).toBeVisible();
  const driverRow = page.getByRole('row', { name: new RegExp(driverName) });
  await expect(driverRow).toContainText(driverPhone);
  await expect(driverRow).toContainText(areaName);
  await expect(driverRow).toContainText('E2E 77 · 20 seats');

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin-login$/);

  // The registration form offers what the admin just added.
  await page.goto('/register');
  const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await terms.getByLabel('I have read and agree to the Terms & Conditions').check();
  await terms.getByRole('button', { name: 'I Agree' }).click();
  await expect(terms).toBeHidden();

  await chooseOption(page, 'School', schoolName);
  await expect(page.getByRole('combobox', { name: 'Roundabout', exact: true })).toHaveCount(0);
  await chooseOption(page, 'Area', `${areaName} - 31.50 BHD`);
  const roundabout = page.getByRole('combobox', { name: 'Roundabout', exact: true });
  await expect(roundabout.getByRole('option', { name: /^Roundabout \d+$/ })).toHaveCount(5);
  await chooseOption(page, 'Roundabout', 'Roundabout 5');

  // The new driver signs in with the phone and password the admin set.
  await page.goto('/driver-login');
  await page.getByLabel('Phone Number').fill(driverPhone);
  await page.getByLabel(/^Password/).fill('driver-e2e-pass');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/driver-dashboard$/);
});
