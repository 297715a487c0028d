import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { setAccountLanguage } from '../../fixtures/a11y.js';
import { adminWords } from '../../fixtures/admin-words.js';
import { registerLedgerFamily } from '../../fixtures/fees.js';
import { dataStrings, switchToArabic } from '../../fixtures/language.js';
import { makePng } from '../../fixtures/png.js';
import { signInByEmail } from '../../fixtures/session.js';

/**
 * Every admin screen in Arabic writes its dates and months with Arabic month names: no 'Nov',
 * 'September' or '26 Nov 2026, 03:51' left on a right-to-left screen. Each tab that has dates is
 * given some (a family with this month's fee, a payment, a proof waiting and a modification request),
 * and shows at least one Arabic month name before its text is read.
 */

const LATIN_MONTH =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\b/;
const ARABIC_MONTH = /يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر/;
/** A data string that is itself part of a date ('May', '26 Nov'): taking it out could hide one. */
const DATE_LIKE = new RegExp(`^[\\d\\s,.:/-]*(${LATIN_MONTH.source})?[\\d\\s,.:/-]*$`);

const w = adminWords('ar');

/** The tabs, their Arabic headings, and whether they show dates or months. */
const TABS: { tab: string; heading: string; dated: boolean }[] = [
  { tab: 'dashboard', heading: w.admin.overview.title, dated: false },
  { tab: 'today', heading: w.officeDay.title, dated: true },
  { tab: 'students', heading: w.students.title, dated: false },
  { tab: 'drivers', heading: w.admin.drivers.title, dated: false },
  { tab: 'schools', heading: w.admin.schools.title, dated: false },
  { tab: 'areas', heading: w.admin.areas.title, dated: false },
  { tab: 'terms', heading: w.admin.terms.title, dated: true },
  { tab: 'analytics', heading: w.analytics.tab.title, dated: true },
  { tab: 'modificationRequests', heading: w.modificationRequests.title, dated: true },
  { tab: 'fees', heading: w.fees.admin.title, dated: true },
  { tab: 'paymentProofs', heading: w.fees.proofs.title, dated: true },
  { tab: 'attendance', heading: w.attendance.title, dated: true },
  { tab: 'outbox', heading: w.outbox.title, dated: true },
  { tab: 'auditLog', heading: w.analytics.audit.title, dated: true },
  // The signed-in admin's own last sign-in is a date.
  { tab: 'users', heading: w.users.title, dated: true },
  { tab: 'settings', heading: w.admin.settings.title, dated: true },
];

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<unknown> {
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response.json();
}

/**
 * Dates on every dated tab: a family of its own with this month's fee (Fees), a payment (its receipt,
 * an audit row and a message in the Outbox), a proof waiting (Payment proofs) and a modification request
 * waiting. Returns the payment and the student, whose receipt and invoice pages have dates too.
 */
async function dateEveryTab(office: APIRequestContext, parent: APIRequestContext): Promise<{ paymentId: string; studentId: string }> {
  const family = await registerLedgerFamily({ request: parent });
  const month = currentServiceMonth(bahrainDate(new Date()));
  await ok(await office.post('/api/admin/fees/generate', { data: { month } }));
  await ok(await parent.post('/api/auth/login', { data: { email: family.email, password: family.password } }));
  const { students } = (await ok(await parent.get('/api/parent/students'))) as {
    students: { id: string; firstName: string; lastName: string; grade: string }[];
  };
  const student = students[0]!;
  const { fees } = (await ok(await parent.get('/api/parent/fees'))) as { fees: { id: string; studentId: string; month: string }[] };
  const fee = fees.find((row) => row.studentId === student.id && row.month === month)!;
  expect(fee, 'this month’s fee').toBeTruthy();
  const paid = (await ok(
    await office.post('/api/admin/payments', {
      data: { feeIds: [fee.id], amountBhd: '1.00', method: 'cash', reference: '', paidAt: bahrainDate(new Date()), note: '' },
    }),
  )) as { payment: { id: string } };
  await ok(
    await parent.post(`/api/parent/fees/${fee.id}/proofs`, {
      multipart: { file: { name: 'transfer.png', mimeType: 'image/png', buffer: makePng(24, 16) }, amountBhd: '2.00', reference: 'MONTHS-PROOF' },
    }),
  );
  await ok(
    await parent.post(`/api/parent/students/${student.id}/modification-requests`, {
      data: {
        firstName: student.firstName,
        lastName: student.lastName,
        fathersName: 'Changed',
        grade: student.grade,
        serviceType: 'BOTH',
        address: '',
        block: '1',
        road: '2',
        houseBuilding: '3',
      },
    }),
  );
  return { paymentId: paid.payment.id, studentId: student.id };
}

/** What the screen shows inside `scope`: its text, the values in its fields and the labels read out; text marked as another language left out. */
async function shownText(scope: Locator): Promise<string[]> {
  return scope.evaluate((element) => {
    const chunks: string[] = [];
    const otherLanguage = (node: Element) => {
      const lang = node.closest('[lang]')?.getAttribute('lang') ?? '';
      return lang !== '' && !lang.startsWith('ar');
    };
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (parent && text && !['SCRIPT', 'STYLE'].includes(parent.tagName) && !otherLanguage(parent)) chunks.push(text);
    }
    for (const node of Array.from(element.querySelectorAll('input, [aria-label], [title]'))) {
      if (otherLanguage(node)) continue;
      if (node instanceof HTMLInputElement && node.type !== 'hidden' && node.value.trim()) chunks.push(node.value.trim());
      for (const attribute of ['aria-label', 'title']) {
        const value = node.getAttribute(attribute)?.trim();
        if (value) chunks.push(value);
      }
    }
    return chunks;
  });
}

/** Fails when a Latin month name is shown in `scope`, once the data the server holds (names, terms typed in English) is taken out. */
async function expectNoLatinMonth(scope: Locator, data: string[], where: string): Promise<void> {
  const known = [...new Set(data.map((text) => text.trim()))].filter((text) => text.length > 0 && !DATE_LIKE.test(text)).sort((a, b) => b.length - a.length);
  const found: string[] = [];
  for (const chunk of await shownText(scope)) {
    let rest = chunk;
    for (const text of known) rest = rest.split(text).join(' ');
    if (LATIN_MONTH.test(rest)) found.push(chunk);
  }
  expect(found, `Latin month names on the Arabic ${where}`).toEqual([]);
}

async function openTab(page: Page, tab: string, heading: string): Promise<void> {
  await page.goto(tab === 'dashboard' ? '/admin' : `/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.mantine-Loader:visible')).toHaveCount(0, { timeout: 20_000 });
}

test.describe.configure({ timeout: 4 * 60_000 });

test.afterEach(async ({ page }) => {
  // The admin account is shared with the other specs: English comes back after.
  await setAccountLanguage(page.request, 'en');
});

test('every admin tab in Arabic writes its dates and months with Arabic month names', async ({ page, playwright, baseURL }) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const parent = await playwright.request.newContext({ baseURL });
  const { paymentId, studentId } = await dateEveryTab(page.request, parent);
  await parent.dispose();

  await page.goto('/admin');
  await switchToArabic(page);
  const data = await dataStrings(page.request, [
    '/api/terms',
    '/api/admin/terms',
    '/api/admin/settings',
    '/api/admin/schools',
    '/api/admin/areas',
    '/api/admin/drivers',
    '/api/admin/students',
    '/api/admin/fees',
    '/api/admin/payment-proofs',
    '/api/admin/modification-requests',
    '/api/admin/notifications',
    '/api/admin/audit-logs',
    '/api/admin/users',
  ]);

  const main = page.getByRole('main');
  for (const { tab, heading, dated } of TABS) {
    await openTab(page, tab, heading);
    // A dated tab shows at least one Arabic month (in its text or a field, such as the school
    // year's first month in Settings) once its data and its lazy charts are in.
    if (dated)
      await expect.poll(async () => (await shownText(main)).join('\n'), { message: `a date on the ${tab} tab`, timeout: 20_000 }).toMatch(ARABIC_MONTH);
    await expectNoLatinMonth(main, data, `${tab} tab`);
    if (tab === 'auditLog') {
      // The date range's calendar: its month, weekdays and the days' names read out.
      const range = main.getByRole('button', { name: w.analytics.audit.dateRange });
      await range.click();
      await expect(range).toHaveAttribute('aria-controls', /.+/);
      const calendar = page.locator(`[id="${await range.getAttribute('aria-controls')}"]`);
      await expect(calendar).toContainText(ARABIC_MONTH);
      await expectNoLatinMonth(calendar, data, 'audit log’s calendar');
      await page.keyboard.press('Escape');
      await expect(calendar).toBeHidden();
    }
  }

  // The receipt and the printable invoice the office opens from these tabs.
  await page.goto(`/receipts/${paymentId}`);
  const receipt = page.getByRole('main');
  await expect(receipt).toContainText(ARABIC_MONTH, { timeout: 20_000 });
  await expectNoLatinMonth(receipt, data, 'receipt page');
  await page.goto(`/admin/invoices/${studentId}`);
  const invoice = page.getByRole('main');
  await expect(invoice).toContainText(ARABIC_MONTH, { timeout: 20_000 });
  await expectNoLatinMonth(invoice, data, 'invoice page');
});
