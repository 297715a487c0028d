import { expect, failedRequest, test } from '../../fixtures/test.js';
import { openAdminTab, registerStudentVia, uniquePhone } from '../../fixtures/admin.js';
import { uniqueName } from '../../fixtures/session.js';

test('the dashboard shows real counts, and every section of the sidebar opens', async ({ page }) => {
  await openAdminTab(page, 'Dashboard');
  const overview = (await (await page.request.get('/api/admin/overview')).json()) as Record<string, number>;
  await expect(page.getByRole('group', { name: 'Total Students' })).toContainText(String(overview.totalStudents));
  await expect(page.getByRole('group', { name: 'Paid Students' })).toContainText(String(overview.paidStudents));
  await expect(page.getByRole('group', { name: 'Schools' })).toContainText(String(overview.schools));
  await expect(page.getByRole('group', { name: 'Drivers' })).toContainText(String(overview.drivers));
  await page.getByRole('button', { name: /^Modification Requests/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Modification Requests' })).toBeVisible();
  await expect(page.getByText('This section is coming in a later release.')).toHaveCount(0);
});

test('changing an area price asks whether it applies to the students registered there', async ({ page }) => {
  await openAdminTab(page, 'Areas');
  const areaName = uniqueName('Priced Area');
  const area = (await (await page.request.post('/api/admin/areas', { data: { name: areaName, price: '20.00' } })).json()) as { area: { id: string } };
  const { schools } = (await (await page.request.get('/api/meta')).json()) as { schools: { id: string }[] };
  await registerStudentVia(page, schools[0]!.id, area.area.id);
  await registerStudentVia(page, schools[0]!.id, area.area.id);
  await page.reload();

  await page.getByRole('button', { name: `Edit ${areaName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Monthly Price (BHD)').fill('22');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Apply the new price?' })).toContainText('2 students are registered in');
  await expect(dialog).toContainText('22.00 BHD');
  await dialog.getByRole('button', { name: 'Apply to 2 students' }).click();
  await expect(page.getByText('The new price now applies to 2 students.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(areaName) })).toContainText('22.00 BHD');

  // Without applying, the area changes and the students keep what they pay.
  await page.getByRole('button', { name: `Edit ${areaName}` }).click();
  await page.getByRole('dialog').getByLabel('Monthly Price (BHD)').fill('25.00');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Keep their current price' }).click();
  // The previous toast may still be fading out: look for the one about this save.
  await expect(page.getByRole('alert').filter({ hasText: 'Area updated' }).filter({ hasText: areaName })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(areaName) })).toContainText('25.00 BHD');
});

test('a clash on a unique field shows under the field, and a deactivated driver can no longer sign in', async ({ page, expectConsoleError }) => {
  await openAdminTab(page, 'Drivers');
  const phone = uniquePhone();
  const name = uniqueName('Leaving Driver');
  expect((await page.request.post('/api/admin/drivers', { data: { name, phone, licenseNo: 'DL-X', password: 'leaving-pass' } })).status()).toBe(201);
  await page.reload();

  await page.getByRole('button', { name: 'Add Driver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Driver' });
  await dialog.getByLabel('Driver Name').fill('Same Phone');
  await dialog.getByLabel('Phone Number').fill(phone);
  await dialog.getByLabel('License Number').fill('DL-Y');
  await dialog.getByLabel(/^Password/).fill('secret-1');
  expectConsoleError(failedRequest(409, '/trpc/admin.drivers.create'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Phone number is already used by another driver')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Driver deactivated')).toBeVisible();
  await expect(row).toContainText('Inactive');
  const signIn = await page.request.post('/api/driver/login', { data: { phone, password: 'leaving-pass' } });
  expect(signIn.status()).toBe(403);
});

let restoreSettings: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await restoreSettings?.();
  restoreSettings = undefined;
});

test('the settings are validated and what the public pages read', async ({ page }) => {
  await openAdminTab(page, 'Settings');
  // The company's settings come first; the school day's section below has its own Save.
  const saveCompanySettings = page.getByRole('button', { name: 'Save', exact: true }).first();
  // The public pages' tests read the demo settings: put them back afterwards.
  const { settings: original } = (await (await page.request.get('/api/admin/settings')).json()) as { settings: Record<string, string> };
  restoreSettings = async () => {
    const restored = await page.request.put('/api/admin/settings', { data: original });
    expect(restored.status()).toBe(200);
  };
  await expect(page.getByLabel('Support Phone 1')).not.toHaveValue('');
  await page.getByLabel('Support Phone 2').fill('123');
  await page.getByLabel('Facebook Link').fill('facebook');
  await saveCompanySettings.click();
  await expect(page.getByText('Phone number must be 8 digits')).toBeVisible();
  await expect(page.getByText('Enter a full web address starting with https://')).toBeVisible();

  await page.getByLabel('Support Phone 2').fill('39123456');
  await page.getByLabel('Facebook Link').fill('https://facebook.com/e2e.transport');
  await page.getByLabel('Mobile Payment Number').fill('39654321');
  await saveCompanySettings.click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const publicSettings = (await (await page.request.get('/api/settings')).json()) as Record<string, string>;
  expect(publicSettings).toMatchObject({ supportPhone2: '39123456', facebookUrl: 'https://facebook.com/e2e.transport', paymentMobileNumber: '39654321' });
});

test('a new terms version becomes the one registration shows, and only one is active', async ({ page }) => {
  await openAdminTab(page, 'Terms');
  await page.getByRole('button', { name: 'Write New Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Terms Version' });
  await expect(dialog.getByLabel('English Text')).not.toHaveValue('');
  await expect(dialog.getByLabel('Arabic Text')).not.toHaveValue('');
  const text = `E2E terms ${Date.now()}: the bus waits at most 3 minutes.`;
  const arabic = `شروط الاختبار ${Date.now()}: تنتظر الحافلة 3 دقائق كحدٍّ أقصى.`;
  await dialog.getByLabel('English Text').fill(text);
  // A version takes effect only with both texts: without the Arabic, the form says so.
  await dialog.getByLabel('Arabic Text').fill('');
  await dialog.getByLabel('Make this version active now').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Write both the English and the Arabic text before making this version active')).toBeVisible();
  await dialog.getByLabel('Arabic Text').fill(arabic);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Version \d+ is now active/)).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toHaveCount(1);
  const newest = page.getByRole('article').first();
  await expect(newest).toContainText(text);
  await expect(newest).toContainText(arabic);
  await expect(newest).toContainText('Active');
  expect((await (await page.request.get('/api/terms')).json()) as { content: string; contentAr: string }).toMatchObject({ content: text, contentAr: arabic });

  // Going back to the previous version.
  await page.getByRole('article').nth(1).getByRole('button', { name: 'Make Active' }).click();
  await expect(page.getByText('Active', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('article').nth(1).getByText('Active', { exact: true })).toBeVisible();
  expect(((await (await page.request.get('/api/terms')).json()) as { content: string }).content).not.toBe(text);
});
