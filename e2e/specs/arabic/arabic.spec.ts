import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { chooseOption } from '../../fixtures/forms.js';
import { signedInApi } from '../../fixtures/session.js';
import { dataStrings, expectArabicDocument, expectNoEnglish, switchToArabic, switchToEnglish } from '../../fixtures/language.js';
import { test as driverTest, expect as driverExpect } from '../../fixtures/driver-world.js';

/**
 * In the browser: the main flows once in Arabic, right to left, with no English sentence
 * left on the screens (data such as school names, and what the test typed, excepted); and the
 * choice kept by the browser and by the account.
 */

const PHONE = { width: 360, height: 740 };

/** The public data a screen may show as it is (school and area names, terms, company details). */
const publicData = (page: Page) => dataStrings(page.request, ['/api/meta', '/api/terms', '/api/settings']);

/** Right to left must not push anything past the screen's edge. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

function uniqueTag(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function registerParentVia(page: Page, email: string, password: string, language?: 'en' | 'ar'): Promise<void> {
  const { id: termsVersionId } = (await (await page.request.get('/api/terms')).json()) as { id: string };
  const meta = (await (await page.request.get('/api/meta')).json()) as { schools: { id: string }[]; areas: { id: string }[] };
  const response = await page.request.post('/api/registrations', {
    data: {
      schoolId: meta.schools[0]!.id,
      firstName: 'Sara',
      fathersName: 'Ali',
      lastName: 'Hasan',
      grade: '3',
      studentSchoolId: `LANG-${uniqueTag()}`,
      parentName: 'Language Parent',
      parentEmail: email,
      parentPhone: '36770000',
      password,
      serviceType: 'BOTH',
      areaId: meta.areas[0]!.id,
      block: '1',
      road: '2',
      houseBuilding: '3',
      termsAccepted: true,
      termsVersionId,
      ...(language ? { language } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('Arabic on a phone', () => {
  test.use({ viewport: PHONE });

  test('register a student, see the parent dashboard and ask for a change, all in Arabic and right to left', async ({ page, browser }) => {
    const tag = uniqueTag();
    const email = `arabic-${tag}@example.com`;
    const studentSchoolId = `AR-${tag}`;
    const phone = `3${String(Date.now()).slice(-7)}`;
    const names = { first: 'ليلى', father: 'يوسف', last: 'الصالح', parent: 'هدى الصالح' };
    const typed = [email, studentSchoolId, phone, 'B'];

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await switchToArabic(page);
    await expect(page.getByRole('heading', { level: 1, name: 'خدمات نقل طلابي آمنة وموثوقة' })).toBeVisible();
    await expect(page).toHaveTitle('النقل الطلابي');
    // The Arabic font that ships with the app, first for Arabic letters.
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Noto Sans Arabic/);
    const data = await publicData(page);
    await expectNoEnglish(page, data);

    // The landing page's way in: the terms, then the form.
    await page.getByRole('button', { name: 'تسجيل طالب' }).click();
    const terms = page.getByRole('dialog', { name: 'الشروط والأحكام' });
    await expect(terms).toBeVisible();
    await expectNoEnglish(terms, data);
    await terms.getByRole('checkbox', { name: 'قرأت الشروط والأحكام وأوافق عليها' }).check();
    await terms.getByRole('button', { name: 'أوافق' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: 'تسجيل طالب' })).toBeVisible();
    await expectArabicDocument(page);

    // The shared contract's messages, in Arabic, before anything is sent.
    await page.getByRole('button', { name: 'تسجيل الطالب' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'حقول مطلوبة ناقصة' })).toContainText('يرجى تعبئة: المدرسة، الاسم الأول، اسم الأب');
    for (const message of ['الاسم الأول مطلوب', 'اسم الأب مطلوب', 'المدرسة مطلوبة', 'يجب أن يتكون رقم الهاتف من 8 أرقام', 'رقم المجمع مطلوب']) {
      await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
    }
    await expectNoEnglish(page, data);

    const meta = (await (await page.request.get('/api/meta')).json()) as {
      schools: { name: string }[];
      areas: { name: string; price: string; roundaboutCount: number }[];
    };
    const area = meta.areas.find((choice) => choice.roundaboutCount === 0) ?? meta.areas[0]!;
    await chooseOption(page, 'المدرسة', meta.schools[0]!.name);
    await page.getByRole('textbox', { name: 'الاسم الأول', exact: true }).fill(names.first);
    await page.getByRole('textbox', { name: 'اسم الأب', exact: true }).fill(names.father);
    await page.getByRole('textbox', { name: 'اسم العائلة', exact: true }).fill(names.last);
    await chooseOption(page, 'الصف', 'الروضة الثانية');
    await chooseOption(page, 'الشعبة', 'B');
    await page.getByRole('textbox', { name: 'الرقم المدرسي للطالب', exact: true }).fill(studentSchoolId);
    await page.getByRole('textbox', { name: 'اسم ولي الأمر', exact: true }).fill(names.parent);
    await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'الهاتف', exact: true }).fill(phone);
    await page.getByRole('textbox', { name: 'كلمة مرور الحساب', exact: true }).fill('arabic-pass');
    await page.getByRole('radio', { name: 'ذهابًا وإيابًا (صباحًا وظهرًا)', exact: true }).check();
    await chooseOption(page, 'المنطقة', `${area.name} - ${area.price} د.ب.`);
    await page.getByRole('textbox', { name: 'المجمع', exact: true }).fill('338');
    await page.getByRole('textbox', { name: 'الطريق', exact: true }).fill('3803');
    await page.getByRole('textbox', { name: 'المنزل/المبنى', exact: true }).fill('12');
    await expect(page.getByRole('complementary', { name: 'الملخص' })).toContainText(`${area.price} د.ب.`);
    await expectNoEnglish(page, [...data, ...typed]);
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: 'تسجيل الطالب' }).click();
    const success = page.getByRole('alert').filter({ hasText: 'تم التسجيل بنجاح' });
    // The same answer whether or not the email had an account, in Arabic.
    await expect(success).toContainText('تم استلام التسجيل. سنرسل إليك رسالة نصية قريبًا.');
    await expectNoEnglish(success, []);

    // After 2 seconds: the parent sign-in page, in Arabic.
    await page.waitForURL(/\/parent-login$/, { timeout: 5000 });
    await expect(page.getByRole('heading', { name: 'دخول أولياء الأمور' })).toBeVisible();
    await expectNoEnglish(page, data);
    await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill('arabic-pass');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect(page).toHaveURL(/\/parent$/);
    await expectArabicDocument(page);

    // The dashboard: the card and the fees, in Arabic.
    const card = page.getByRole('article', { name: `${names.first} ${names.father} ${names.last}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('الروضة الثانية B');
    await expect(card).toContainText('ذهابًا وإيابًا');
    await expect(card).toContainText(`${area.price} د.ب.`);
    await expect(card.getByText('لم يُعيَّن سائق').first()).toBeVisible();
    const parentData = [...data, ...typed, ...(await dataStrings(page.request, ['/api/parent/students', '/api/parent/fees']))];
    await expectNoEnglish(page, parentData);
    await expectNoSidewaysScroll(page);
    // The account was made in the language the form was filled in.
    expect(((await (await page.request.get('/api/auth/user')).json()) as { user: { language: string } }).user.language).toBe('ar');

    // A modification request, in Arabic: a contract message, the 'nothing changed' refusal, then success.
    await card.getByRole('button', { name: 'طلب تعديل' }).click();
    const dialog = page.getByRole('dialog', { name: /^طلب تعديل/ });
    await expect(dialog.getByText('تُطبَّق التعديلات بعد موافقة الإدارة عليها')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'المجمع', exact: true }).fill('');
    await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(dialog.getByText('رقم المجمع مطلوب')).toBeVisible();
    await expectNoEnglish(dialog, parentData);
    await dialog.getByRole('textbox', { name: 'المجمع', exact: true }).fill('338');
    await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'تعذّر إرسال الطلب' })).toContainText('لم يتغير شيء');
    await dialog.getByRole('textbox', { name: 'الطريق', exact: true }).fill('3805');
    await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'تم إرسال طلب التعديل' })).toContainText('أُرسل طلبك إلى الإدارة للموافقة عليه.');
    await expect(dialog).toBeHidden();

    const requests = page.getByRole('region', { name: 'طلبات التعديل الأخيرة' });
    await expect(requests.getByText('قيد الانتظار', { exact: true })).toBeVisible();
    await expectNoEnglish(page, parentData);
    await requests.getByRole('button', { name: /^عرض طلب/ }).click();
    const view = page.getByRole('dialog', { name: 'طلب التعديل' });
    await expect(view).toContainText('3805');
    await expectNoEnglish(view, parentData);
    await view.getByRole('button', { name: 'إغلاق' }).first().click();

    // The registration's message left in the parent's language (the office's outbox).
    const office = await browser.newContext();
    try {
      const api = await signedInApi(office.request, E2E_ADMIN.email, E2E_ADMIN.password);
      const outbox = (await (await api.get(`/api/admin/notifications?recipient=${phone}&templateKey=registration_received`)).json()) as {
        notifications: { language: string }[];
      };
      expect(outbox.notifications.map((message) => message.language)).toEqual(['ar']);
      // The terms were read and accepted in Arabic, and the office sees so with the student.
      const found = (await (await api.get(`/api/admin/students?search=${encodeURIComponent(email)}`)).json()) as {
        students: { termsLanguage: string | null }[];
      };
      expect(found.students.map((student) => student.termsLanguage)).toEqual(['ar']);
    } finally {
      await office.close();
    }
  });
});

test('the choice survives a reload, is saved on the account, and follows the account to a fresh browser after sign-in', async ({ browser }) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  const fontRequests: string[] = [];
  page.on('request', (request) => {
    if (/noto-sans-arabic/.test(request.url())) fontRequests.push(request.url());
  });
  try {
    // English first: no Arabic font is downloaded.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Safe & Reliable Student Transport Services' })).toBeVisible();
    expect(fontRequests).toEqual([]);
    await switchToArabic(page);
    await expect(page.getByRole('heading', { level: 1, name: 'خدمات نقل طلابي آمنة وموثوقة' })).toBeVisible();
    await page.reload();
    await expectArabicDocument(page);
    await expect(page.getByRole('heading', { level: 1, name: 'خدمات نقل طلابي آمنة وموثوقة' })).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
    // 'Back' points right in Arabic.
    await expect(page.locator('.mirror-in-rtl').first()).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
  } finally {
    await first.close();
  }

  // A parent whose account is English signs in on a fresh browser (English) and switches to Arabic there.
  const email = `follow-${uniqueTag()}@example.com`;
  const second = await browser.newContext();
  const signedIn = await second.newPage();
  try {
    await registerParentVia(signedIn, email, 'follow-pass');
    await signedIn.goto('/parent-login');
    await signedIn.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await signedIn.getByRole('textbox', { name: 'Password', exact: true }).fill('follow-pass');
    await signedIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signedIn.getByRole('heading', { name: 'My Students' })).toBeVisible();
    await switchToArabic(signedIn);
    await expect(signedIn.getByRole('heading', { name: 'أبنائي' })).toBeVisible();
    await expect.poll(async () => ((await (await signedIn.request.get('/api/auth/user')).json()) as { user: { language: string } }).user.language).toBe('ar');
  } finally {
    await second.close();
  }

  // Another fresh browser: English until sign-in, then the account's Arabic; after logout it stays Arabic.
  const third = await browser.newContext();
  const fresh = await third.newPage();
  try {
    await fresh.goto('/parent-login');
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'en');
    await fresh.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await fresh.getByRole('textbox', { name: 'Password', exact: true }).fill('follow-pass');
    await fresh.getByRole('button', { name: 'Sign In' }).click();
    await expect(fresh).toHaveURL(/\/parent$/);
    await expectArabicDocument(fresh);
    await expect(fresh.getByRole('heading', { name: 'أبنائي' })).toBeVisible();
    await expect(fresh.getByRole('alert').filter({ hasText: 'أهلًا بعودتك' })).toBeVisible();
    await fresh.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await expect(fresh).toHaveURL(/\/$/);
    await expectArabicDocument(fresh);
    await fresh.reload();
    await expectArabicDocument(fresh);
  } finally {
    await third.close();
  }
});

test('Arabic chosen before signing in stays after it, and is saved on the account', async ({ page }) => {
  const email = `chosen-${uniqueTag()}@example.com`;
  await registerParentVia(page, email, 'chosen-pass', 'en');
  await page.goto('/parent-login');
  await switchToArabic(page);
  await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill('chosen-pass');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(/\/parent$/);
  await expectArabicDocument(page);
  await expect(page.getByRole('heading', { name: 'أبنائي' })).toBeVisible();
  expect(((await (await page.request.get('/api/auth/user')).json()) as { user: { language: string } }).user.language).toBe('ar');
});

for (const { label, viewport, wide } of [
  { label: 'phone (360 px)', viewport: PHONE, wide: false },
  { label: 'wide screen (1280 px)', viewport: { width: 1280, height: 900 }, wide: true },
]) {
  driverTest.describe(`the driver list in Arabic on a ${label}`, () => {
    driverTest.use({ viewport });

    driverTest('signs in and reads both runs in Arabic, right to left', async ({ page, driverWorld }) => {
      await page.goto('/driver-login');
      await switchToArabic(page);
      await page.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill(driverWorld.driver.phone);
      await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill(driverWorld.driver.password);
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await driverExpect(page).toHaveURL(/\/driver-dashboard$/);
      await expectArabicDocument(page);
      await driverExpect(page.getByRole('heading', { level: 1, name: 'لوحة السائق' })).toBeVisible();
      await driverExpect(page.getByRole('region', { name: 'بياناتي' })).toContainText('عدد المقاعد: 24');

      const data = await dataStrings(page.request, ['/api/driver/me', '/api/driver/students', '/api/settings']);
      for (const run of ['الرحلة الصباحية', 'رحلة الظهيرة']) {
        await page.getByRole('tab', { name: new RegExp(`^${run}`) }).click();
        await driverExpect(page.getByRole('tab', { name: new RegExp(`^${run}`) })).toHaveAttribute('aria-selected', 'true');
        await driverExpect(page.getByRole('heading', { level: 3 }).first()).toContainText('عدد الطلاب:');
        if (wide) await driverExpect(page.getByRole('tabpanel').getByRole('columnheader', { name: 'نوع الخدمة' }).first()).toBeVisible();
        else await driverExpect(page.getByRole('tabpanel').getByRole('article').first()).toContainText('اسم الأب:');
        await expectNoEnglish(page, data);
        await expectNoSidewaysScroll(page);
      }
      // The sign-in page's choice is now the driver's account language.
      const me = (await (await page.request.get('/api/auth/user')).json()) as { user: { language: string } };
      driverExpect(me.user.language).toBe('ar');
      // The driver is shared with the driver portal's specs: give the account its English back.
      await switchToEnglish(page);
      await driverExpect
        .poll(async () => ((await (await page.request.get('/api/auth/user')).json()) as { user: { language: string } }).user.language)
        .toBe('en');
    });
  });
}
