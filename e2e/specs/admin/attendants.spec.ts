import { expect, test } from '../../fixtures/test.js';
import { openAdminTab, uniquePhone } from '../../fixtures/admin.js';
import { uniqueName } from '../../fixtures/session.js';
import { signedInOffice } from '../../fixtures/school-day.js';
import { fill } from '../../fixtures/catalogs.js';
import { adminWords } from '../../fixtures/admin-words.js';

/**
 * The office puts an attendant on a bus from the Drivers tab (the Crew column; its dialog at 360 px
 * is in the accessibility gate, a11y/admin.spec.ts), and the attendant signs in on the driver
 * sign-in page with the phone and password the admin set.
 */
const crew = adminWords('en').admin.crew;

test('the admin adds an attendant to a bus from the Crew column; the attendant signs in as the bus’s attendant', async ({ page, server }) => {
  const driverName = uniqueName('Crew Bus');
  const office = await signedInOffice(server.url);
  try {
    const made = await office.post('/api/admin/drivers', {
      data: { name: driverName, phone: uniquePhone(), licenseNo: `DL-${Date.now().toString(36)}`, password: 'crew-bus-pass' },
    });
    expect(made.status(), await made.text()).toBe(201);
  } finally {
    await office.dispose();
  }
  const attendant = { name: uniqueName('Aisha'), phone: uniquePhone(), password: 'aisha-rides-7' };

  await openAdminTab(page, 'Drivers');
  const row = page.getByRole('row', { name: new RegExp(driverName) });
  await expect(row.getByTestId('crew')).toContainText(crew.none);
  await row.getByRole('button', { name: fill(crew.addLabel, { driver: driverName }) }).click();
  const dialog = page.getByRole('dialog', { name: crew.addTitle });
  // The shared contract's rules, before anything is sent.
  await dialog.getByLabel(crew.phone).fill('123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Phone number must be 8 digits')).toBeVisible();
  await dialog.getByLabel(crew.name).fill(attendant.name);
  await dialog.getByLabel(crew.phone).fill(attendant.phone);
  await dialog.getByLabel(new RegExp(`^${crew.password}`)).fill(attendant.password);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(crew.added)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('crew')).toContainText(fill(crew.attendant, { name: attendant.name }));

  const signIn = await page.request.post('/api/driver/login', { data: { phone: attendant.phone, password: attendant.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  expect(((await signIn.json()) as { user: { role: string } }).user.role).toBe('attendant');
});
