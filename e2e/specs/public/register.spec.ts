import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { acceptTerms, chooseOption } from '../../fixtures/forms.js';
import { startTestServer, type TestServer } from '../../../apps/api/src/test/harness.js';

/** A terms text with no Arabic yet, as versions written before there was an Arabic text are. */
const ENGLISH_ONLY = '1. The bus waits at most 3 minutes at the pick-up point.\n2. This agreement is valid for 10 months.';

/** What a page asks the public data for, and the warnings and errors it reports, as they come. */
function watch(page: Page) {
  const dataRequests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/trpc/public.')) dataRequests.push(new URL(request.url()).pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return { dataRequests, problems };
}

test('opened directly in English, /register is rendered by the server and asks for no data; without the terms a submit asks again, and the form refuses empty and bad fields with the contract messages', async ({
  page,
}) => {
  const { dataRequests, problems } = watch(page);
  let registrations = 0;
  page.on('request', (request) => {
    if (request.url().includes('registration.create')) registrations += 1;
  });
  await page.goto('/register');
  const dialog = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await expect(dialog.getByRole('region', { name: 'Terms text' })).toContainText('The bus waits at most 3 minutes');
  // The English text, laid out left to right, as the server rendered it and the app hydrates it.
  await expect(dialog.getByRole('region', { name: 'Terms text' }).locator('[lang="en"][dir="ltr"]')).toContainText('at the pick-up point.');
  await expect(page.getByRole('combobox', { name: 'Area', exact: true }).getByRole('option', { name: 'Manama - 25.00 BHD' })).toHaveCount(1);
  // The data came with the page, and the app hydrated the server's markup as it was (a mismatch
  // would be a console error, and the page rendered again).
  await page.waitForLoadState('networkidle');
  expect(dataRequests).toEqual([]);
  expect(problems).toEqual([]);

  // The hydrated page answers: the terms closed unaccepted are asked for again on submit.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Register Student' }).click();
  await expect(page.getByText('Terms Required')).toBeVisible();
  await expect(page.getByText('Please accept the terms and conditions to continue.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await acceptTerms(page);
  await expect(dialog).toBeHidden();

  // An empty submit lists the missing fields and shows every required-field message (the same
  // messages the API answers an empty form with: apps/api/src/domain/registration/registration.test.ts).
  await page.getByRole('button', { name: 'Register Student' }).click();
  await expect(page.getByText('Required Fields Missing')).toBeVisible();
  await expect(
    page.getByText(
      "Please fill in: School, First Name, Father's Name, Last Name, Grade, Student School ID, Parent Name, Email, Phone, Password, Service Type, Area, Block, Road, House/Building",
    ),
  ).toBeVisible();
  for (const message of [
    'School is required',
    'First name is required',
    "Father's name is required",
    'Last name is required',
    'Grade is required',
    'Student School ID is required',
    'Parent name is required',
    'Invalid email address',
    'Phone number must be 8 digits',
    'Password must be at least 6 characters',
    'Area is required',
    'Block is required',
    'Road is required',
    'House/Building is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Optional fields carry no message.
  await expect(page.getByText('Phone number must be 8 digits', { exact: true })).toHaveCount(1);

  // Bad values, typed: typing clears a field's message, and the next submit checks the fields again,
  // so each message below is the form's answer to the value typed.
  const phone = page.getByRole('textbox', { name: 'Phone', exact: true });
  const password = page.getByRole('textbox', { name: 'Account Password', exact: true });
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await phone.fill('1234');
  await page.getByRole('textbox', { name: 'Phone 2 (Optional)', exact: true }).fill('99');
  await password.fill('123');
  await email.fill('someone@');
  await expect(page.getByText('Password must be at least 6 characters')).toBeHidden();
  await page.getByRole('button', { name: 'Register Student' }).click();
  await expect(page.getByText('Phone number must be 8 digits', { exact: true })).toHaveCount(2);
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  expect(registrations).toBe(0);
});

test('the area sets the price on every service choice; the roundabout select appears only for an area with roundabouts; Cancel goes back to the landing page', async ({
  page,
}) => {
  await page.goto('/register');
  await acceptTerms(page);
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await expect(page.getByText('Select Area', { exact: true })).toHaveCount(4);
  await expect(summary.getByText('Auto-generated')).toBeVisible();
  await chooseOption(page, 'Area', 'Manama - 25.00 BHD');
  await expect(page.getByText('25.00 BHD', { exact: true })).toHaveCount(4);
  await expect(page.getByRole('combobox', { name: 'Roundabout', exact: true })).toHaveCount(0);
  await chooseOption(page, 'Area', 'Riffa - 30.00 BHD');
  await expect(page.getByText('30.00 BHD', { exact: true })).toHaveCount(4);
  const roundabout = page.getByRole('combobox', { name: 'Roundabout', exact: true });
  await expect(roundabout.getByRole('option', { name: /^Roundabout \d+$/ })).toHaveCount(22);
  await chooseOption(page, 'Roundabout', 'Roundabout 22');
  await page.getByRole('radio', { name: 'Both Ways (morning and afternoon)', exact: true }).check();
  await expect(summary.getByText('Both Ways (morning and afternoon)')).toBeVisible();
  await expect(summary.getByText('Pay by mobile payment app to: 39000003')).toBeVisible();

  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("before any of the app's code runs", () => {
  test.use({ javaScriptEnabled: false });

  test('/register shows the terms and the form, and /parent-login its form, from the HTML alone, inert until the app runs', async ({ page }) => {
    await page.goto('/register');
    // Inert content is outside the accessibility tree, so it is found by its markup here.
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('inert', '');
    const dialog = root.locator('[role="dialog"]');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Terms & Conditions');
    await expect(dialog).toContainText('The bus waits at most 3 minutes');
    // The terms come before the form in the HTML, so a phone still receiving the page paints them
    // with its first paint rather than the form first and the dialog a moment later.
    expect(
      await dialog.evaluate((node) => Boolean(node.compareDocumentPosition(document.querySelector('#root form')!) & Node.DOCUMENT_POSITION_FOLLOWING)),
    ).toBe(true);
    await expect(root.locator('h1')).toHaveText('Student Registration');
    await expect(root.locator('option', { hasText: 'Manama - 25.00 BHD' })).toHaveCount(1);
    // The registration form's and the dialogs' stylesheets (the public-forms group's and the List chunk's).
    await expect(page.locator('style[data-href*="/public-forms-"]')).toHaveCount(1);
    await expect(page.locator('style[data-href*="/List-"]')).toHaveCount(1);
    await page.goto('/parent-login');
    await expect(page.locator('#root')).toContainText('Parent Login');
    await expect(page.locator('#root input[type="email"]')).toBeVisible();
    // A sign-in page carries a sign-in form's stylesheets only, not the registration's and the dialogs'.
    await expect(page.locator('style[data-href*="/PasswordInput-"]')).toHaveCount(1);
    await expect(page.locator('style[data-href*="/public-forms-"]')).toHaveCount(0);
    await expect(page.locator('style[data-href*="/List-"]')).toHaveCount(0);
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('/register is rendered by the browser, its terms and choices in the one request its HTML preloads', async ({ page }) => {
    const { dataRequests, problems } = watch(page);
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The terms in Arabic, right to left; nothing says the Arabic is missing.
    const text = page.getByRole('dialog').getByRole('region').locator('[lang="ar"][dir="rtl"]');
    await expect(text).toContainText('تنتظر الحافلة 3 دقائق كحدٍّ أقصى عند نقطة الصعود.');
    await expect(page.getByText('النص العربي لهذه الشروط غير متوفر بعد', { exact: false })).toHaveCount(0);
    // The browser's preload is the only request: the app's own ask for the same address was served by it
    // (a preload in the wrong mode would show here as a second request and a console warning).
    await page.waitForLoadState('networkidle');
    expect(dataRequests).toEqual(['/trpc/public.meta,public.terms,public.settings']);
    expect(problems.filter((text) => /preload/i.test(text))).toEqual([]);
  });
});

/**
 * A terms version written before there was an Arabic text stays in effect until the office writes
 * its Arabic (the office cannot make such a version active any more, so these tests make it active
 * straight in a database of their own, served by a server of their own with the built web app).
 */
test.describe('a terms version without its Arabic text', () => {
  let world: TestServer;
  let englishOnly: string;
  let seeded: string;
  test.beforeAll(async () => {
    world = await startTestServer({ webDist: fileURLToPath(new URL('../../../apps/web/dist', import.meta.url)) });
    seeded = (await world.db.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirstOrThrow()).id;
    englishOnly = (await world.db.insertInto('terms').values({ version: 2, content: ENGLISH_ONLY }).returning('id').executeTakeFirstOrThrow()).id;
  });
  test.afterAll(async () => world?.close());
  test.beforeEach(async () => {
    await world.db.transaction().execute(async (trx) => {
      await trx.updateTable('terms').set({ active: false }).where('active', '=', true).execute();
      await trx.updateTable('terms').set({ active: true }).where('id', '=', englishOnly).execute();
    });
  });
  test.afterEach(async () => {
    await world.db.transaction().execute(async (trx) => {
      await trx.updateTable('terms').set({ active: false }).where('active', '=', true).execute();
      await trx.updateTable('terms').set({ active: true }).where('id', '=', seeded).execute();
    });
  });

  test.describe('on the Arabic page', () => {
    test.use({ locale: 'ar' });

    test('shows the English text left to right, with a note that the Arabic is not yet available', async ({ page }) => {
      const { problems } = watch(page);
      await page.goto(`${world.url}/register`);
      const dialog = page.getByRole('dialog', { name: 'الشروط والأحكام' });
      await expect(dialog.getByText('النص العربي لهذه الشروط غير متوفر بعد، لذا يُعرض النص الإنجليزي.')).toBeVisible();
      const text = dialog.getByRole('region', { name: 'نص الشروط' }).locator('[lang="en"]');
      await expect(text).toHaveAttribute('dir', 'ltr');
      await expect(text).toContainText('1. The bus waits at most 3 minutes at the pick-up point.');
      // Left to right, each line's full stop stays at its end.
      expect(await text.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
      expect(problems).toEqual([]);
    });
  });

  test.describe('on the English page', () => {
    test.use({ locale: 'en-GB' });

    test('shows the English text rendered by the server, with no note, and hydrates the page as it is', async ({ page }) => {
      const { problems } = watch(page);
      await page.goto(`${world.url}/register`);
      const dialog = page.getByRole('dialog', { name: 'Terms & Conditions' });
      await expect(dialog.getByRole('region', { name: 'Terms text' }).locator('[lang="en"][dir="ltr"]')).toContainText('at the pick-up point.');
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expect(dialog.getByText('The Arabic text of these terms is not available yet', { exact: false })).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  });
});
