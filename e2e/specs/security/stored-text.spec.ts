import { request, type APIRequestContext, type APIResponse, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { adminTab, uniquePhone } from '../../fixtures/admin.js';
import { signInByEmail, signInDriver } from '../../fixtures/session.js';
import { setAccountLanguage } from '../../fixtures/a11y.js';

/**
 * Stored text is always shown as text: markup and script fragments typed into a
 * registration, a modification request and the office's edits (a school, an area, a driver, a student,
 * a modification request's note, the company settings, a terms version) are shown on every screen that
 * shows them (the registration page's terms, the parent's dashboard and dialogs, the office's students table,
 * edit dialog and printable invoice, modification requests, drivers, outbox, audit log and terms, the
 * driver's list and its print view) as the characters typed; no element is made of them and
 * nothing in them runs. The Content-Security-Policy would also stop an inline handler, so the test
 * looks for the elements themselves (and for any CSP complaint), not only for the handler's effect.
 */
const stamp = Date.now().toString(36);
/** Each fragment names where it was typed, so a failure says which field was not shown as text. */
const img = (where: string) => `<img src=x onerror="window.__xss='${where}'">`;
const script = (where: string) => `<script>window.__xss='${where}'</script>`;
const svg = (where: string) => `"><svg onload="window.__xss='${where}'">`;

const TEXT = {
  firstName: img('first'),
  fathersName: svg('father'),
  lastName: `${script('last')}${stamp}`,
  parentName: img('parent'),
  address: `${img('address')} & <b>Block</b> 1`,
  flatHome: '<i>Flat</i> 2',
  school: `${img('school')} ${stamp}`,
  area: `${script('area')} ${stamp}`,
  driver: `${img('driver')} ${stamp}`,
  requestName: img('request'),
  note: `${script('note')} Please call`,
  editAddress: `${svg('edit')} Road 7`,
  contact: `${img('contact')} 17001700`,
  company: `${script('company')} W.L.L.`,
  terms: `${script('terms')}\n<img src=x onerror="window.__xss='terms2'"> Fees are due by the 30th.`,
};

let admin: APIRequestContext;
let savedSettings: Record<string, unknown> | undefined;
const world = {} as { parentEmail: string; parentPassword: string; driverPhone: string; driverPassword: string; studentId: string; automatedId: string };

async function ok<T>(response: Promise<APIResponse>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return (await answer.json()) as T;
}

test.beforeAll(async ({ server }) => {
  const baseURL = server.url;
  admin = await request.newContext({ baseURL });
  await ok(admin.post('/api/auth/login', { data: E2E_ADMIN }));
  // The office's own records.
  const { school } = await ok<{ school: { id: string } }>(
    admin.post('/api/admin/schools', { data: { schoolCode: `<i>X</i>${stamp}`, name: TEXT.school, address: img('school-address') } }),
    201,
  );
  const { area } = await ok<{ area: { id: string } }>(admin.post('/api/admin/areas', { data: { name: TEXT.area, price: '26.00' } }), 201);
  world.driverPhone = uniquePhone();
  world.driverPassword = 'xss-driver-pass';
  const { driver } = await ok<{ driver: { id: string } }>(
    admin.post('/api/admin/drivers', {
      data: {
        name: TEXT.driver,
        phone: world.driverPhone,
        licenseNo: '<b>DL</b>-1',
        password: world.driverPassword,
        areaIds: [area.id],
        vehicle: { plate: '<u>BUS</u>', seats: 20 },
      },
    }),
    201,
  );
  await ok(admin.post('/api/admin/terms', { data: { content: TEXT.terms, contentAr: TEXT.terms, activate: false } }), 201);
  savedSettings = (await ok<{ settings: Record<string, unknown> }>(admin.get('/api/admin/settings'))).settings;
  await ok(admin.put('/api/admin/settings', { data: { ...savedSettings, contactText: TEXT.contact, companyName: TEXT.company } }));

  // A parent registers.
  const anonymous = await request.newContext({ baseURL });
  const { id: termsVersionId } = await ok<{ id: string }>(anonymous.get('/api/terms'));
  world.parentEmail = `xss-${stamp}@example.com`;
  world.parentPassword = 'xss-parent-pass';
  await ok(
    anonymous.post('/api/registrations', {
      data: {
        firstName: TEXT.firstName,
        fathersName: TEXT.fathersName,
        lastName: TEXT.lastName,
        grade: '4',
        class: 'A',
        schoolId: school.id,
        studentSchoolId: `XSS-${stamp}`,
        parentName: TEXT.parentName,
        parentEmail: world.parentEmail,
        parentPhone: '36777777',
        password: world.parentPassword,
        serviceType: 'BOTH',
        areaId: area.id,
        block: '1',
        road: '2',
        houseBuilding: '3',
        flatHome: TEXT.flatHome,
        address: TEXT.address,
        termsAccepted: true,
        termsVersionId,
      },
    }),
    201,
  );
  await anonymous.dispose();

  // The parent asks for a change; the office rejects it with a note; the parent asks again.
  const parent = await request.newContext({ baseURL });
  await ok(parent.post('/api/auth/login', { data: { email: world.parentEmail, password: world.parentPassword } }));
  const { students } = await ok<{ students: { id: string; automatedId: string }[] }>(parent.get('/api/parent/students'));
  world.studentId = students[0]!.id;
  world.automatedId = students[0]!.automatedId;
  const change = {
    firstName: TEXT.requestName,
    lastName: TEXT.lastName,
    fathersName: TEXT.fathersName,
    grade: '5',
    class: 'A',
    serviceType: 'BOTH',
    address: TEXT.address,
    block: '1',
    road: '2',
    houseBuilding: '3',
  };
  const first = await ok<{ modificationRequest: { id: string } }>(
    parent.post(`/api/parent/students/${world.studentId}/modification-requests`, { data: change }),
    201,
  );
  await ok(admin.post(`/api/admin/modification-requests/${first.modificationRequest.id}/reject`, { data: { adminNote: TEXT.note } }));
  await ok(parent.post(`/api/parent/students/${world.studentId}/modification-requests`, { data: { ...change, grade: '6' } }), 201);
  await parent.dispose();

  // The office edits the student: a new address, a map link, the driver.
  await ok(
    admin.put(`/api/admin/students/${world.studentId}`, {
      data: {
        firstName: TEXT.firstName,
        fathersName: TEXT.fathersName,
        lastName: TEXT.lastName,
        grade: '4',
        class: 'A',
        studentSchoolId: `XSS-${stamp}`,
        schoolId: school.id,
        areaId: area.id,
        roundabout: null,
        serviceType: 'BOTH',
        contactNumber1: '36777777',
        contactNumber2: '',
        address: TEXT.editAddress,
        flatHome: TEXT.flatHome,
        address2: img('address2'),
        block: '1',
        road: '2',
        houseBuilding: '3',
        locationLink: `https://maps.example.com/?q="><img/src=x/onerror=window.__xss=1>`,
        priceBhd: '26.00',
        paymentStatus: 'unpaid',
        driverId: driver.id,
      },
    }),
  );
});

test.afterAll(async () => {
  // The settings are the whole app's: put them back for the specs that run after this one.
  if (savedSettings) await ok(admin.put('/api/admin/settings', { data: savedSettings }));
  await admin.dispose();
});

/** Records, on every page of the context, anything that would mean a stored fragment was taken as markup. */
function watch(context: BrowserContext): string[] {
  const problems: string[] = [];
  const follow = (page: Page) => {
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) problems.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`${page.url()}: a ${dialog.type()} dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
  };
  context.pages().forEach(follow);
  context.on('page', follow);
  return problems;
}

/** Nothing typed became an element, nothing ran, and the fragments are there as text. */
async function expectShownAsText(page: Page, where: string, texts: string[], problems: string[], within: Page | Locator = page): Promise<void> {
  for (const text of texts) await expect(within.getByText(text, { exact: false }).first(), `${where}: ${text}`).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss), where).toBeUndefined();
  await expect(page.locator('img[src="x"], svg[onload], [onerror], [onload]'), where).toHaveCount(0);
  // No script that runs holds it. A page rendered by the server carries its data in a JSON block, which
  // never runs; there the text must stay one JSON string, its '<' escaped so it cannot end the block.
  const scripts = await page
    .locator('script')
    .evaluateAll((elements) => elements.map((s) => ({ type: (s as HTMLScriptElement).type, text: s.textContent ?? '' })));
  expect(
    scripts.filter((s) => s.type !== 'application/json' && s.text.includes('__xss')),
    where,
  ).toEqual([]);
  for (const data of scripts.filter((s) => s.type === 'application/json')) expect(data.text, where).not.toContain('<');
  expect(problems, where).toEqual([]);
}

test('markup typed anywhere is shown as text on every screen, and nothing in it runs', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watch(page.context());
  const fullName = `${TEXT.firstName} ${TEXT.fathersName} ${TEXT.lastName}`;

  // The registration page opens the terms, with the company's contact text.
  await page.goto('/register');
  await expect(page.getByRole('dialog', { name: 'Terms & Conditions' })).toBeVisible();
  await expectShownAsText(page, 'registration: the terms dialog', [TEXT.contact], problems);

  // The parent's dashboard: the card, View Details, the modification requests and the office's note.
  await signInByEmail(page, world.parentEmail, world.parentPassword);
  await page.goto('/parent');
  await expect(page.getByRole('heading', { name: 'My Students' })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: TEXT.firstName });
  await expect(card).toHaveCount(1);
  await expectShownAsText(page, 'parent dashboard', [TEXT.firstName, TEXT.lastName, TEXT.school, TEXT.area, TEXT.editAddress, TEXT.driver], problems);
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Student Details' });
  await expectShownAsText(page, 'parent: Student Details', [TEXT.fathersName, TEXT.editAddress], problems);
  await details.getByRole('button', { name: 'Close' }).last().click();
  const requests = page.getByRole('region', { name: 'Recent Modification Requests' });
  await expect(requests.locator('[data-request-row]')).toHaveCount(2);
  await requests
    .getByRole('button', { name: /^View the request/ })
    .last()
    .click();
  const view = page.getByRole('dialog', { name: 'Modification Request' });
  await expect(view).toBeVisible();
  await expectShownAsText(page, 'parent: the rejected request', [TEXT.requestName, TEXT.note], problems);
  await page.keyboard.press('Escape');

  // The office: the students table, the edit dialog and the printable invoice.
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  // The office's screens in English, whatever language another spec left the shared admin account in.
  await setAccountLanguage(page.request, 'en');
  await page.goto(`/admin?tab=students&search=${world.automatedId}`);
  const row = page.getByRole('row').filter({ hasText: world.automatedId });
  await expect(row).toHaveCount(1);
  await expectShownAsText(page, 'admin: students table', [TEXT.firstName, TEXT.lastName, TEXT.school, TEXT.area, TEXT.driver], problems);
  await row.getByRole('button', { name: /^Edit / }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Student' });
  await expect(edit.getByLabel('First Name')).toHaveValue(TEXT.firstName);
  await expect(edit.getByLabel('Last Name')).toHaveValue(TEXT.lastName);
  await expect(edit.getByLabel('Full Address')).toHaveValue(TEXT.editAddress);
  await expectShownAsText(page, 'admin: Edit Student', [], problems);
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const popup = page.waitForEvent('popup');
  await row.getByRole('button', { name: /^Print invoice for / }).click();
  const invoice = await popup;
  await expect(invoice.getByText(/^Invoice No\. INV-\d{6}$/)).toBeVisible();
  await expectShownAsText(invoice, 'admin: printable invoice', [TEXT.company, fullName, TEXT.school, TEXT.driver, TEXT.contact], problems);
  await invoice.close();

  // The office: modification requests, drivers (and a driver's list), outbox, audit log, terms.
  await adminTab(page, 'Modification Requests');
  await expectShownAsText(page, 'admin: Modification Requests', [TEXT.requestName, TEXT.parentName, TEXT.note], problems);
  await adminTab(page, 'Drivers');
  await page.getByRole('button', { name: `Students of ${TEXT.driver}` }).click();
  await expect(page.getByRole('dialog', { name: `Students of ${TEXT.driver}` })).toBeVisible();
  await expectShownAsText(page, "admin: a driver's students", [TEXT.driver, TEXT.firstName, TEXT.editAddress], problems);
  await page.keyboard.press('Escape');
  await adminTab(page, 'Outbox');
  await page.getByLabel('Recipient').fill('36777777');
  await expectShownAsText(page, 'admin: Outbox', [TEXT.firstName], problems);
  await adminTab(page, 'Audit Log');
  await expectShownAsText(page, 'admin: Audit log', [TEXT.editAddress], problems);
  await adminTab(page, 'Terms');
  await expectShownAsText(page, 'admin: Terms', ["window.__xss='terms'"], problems);
  await adminTab(page, 'Schools');
  await expectShownAsText(page, 'admin: Schools', [TEXT.school], problems);

  // The driver's list and its print view.
  await page.context().clearCookies();
  await page.addInitScript(() => {
    window.print = () => undefined;
  });
  await signInDriver(page, world.driverPhone, world.driverPassword);
  await page.goto('/driver');
  await expectShownAsText(page, "driver's list", [TEXT.driver, TEXT.firstName, TEXT.editAddress], problems);
  await page.getByRole('button', { name: 'Print List' }).click();
  await page.emulateMedia({ media: 'print' });
  const printed = page.getByTestId('driver-print-list');
  await expect(printed).toBeVisible();
  await expectShownAsText(page, "driver's printed list", [TEXT.firstName, TEXT.contact], problems, printed);
});
