import { expect, test } from '../../fixtures/test.js';
import { bahrainDate, currentServiceMonth, schoolYearMonths } from '@school-transport/contracts';
import type { Browser, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { monthLabel, registerLedgerFamily } from '../../fixtures/fees.js';
import { expectArabicDocument, switchToArabic } from '../../fixtures/language.js';

/**
 * A parent pays two months online on a 360 px phone: ticks them on the Fees view, goes to Tap's
 * hosted page (the demo's local stand-in of it, which says it is a test), pays with BENEFIT, comes
 * back to the payment's page, and sees both months paid with their receipt. In English and Arabic.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** The current service month and the next one: the two months the family pays. */
function twoMonths(): [string, string] {
  const current = currentServiceMonth(bahrainDate(new Date()));
  const [first, second] = schoolYearMonths(current).filter((month) => month >= current);
  return [first!, second ?? first!];
}

/** A family of its own with the fee rows of both months, made by the office. */
async function familyOwingTwoMonths(page: Page, browser: Browser) {
  const family = await registerLedgerFamily(page);
  const office = await browser.newContext();
  const officePage = await office.newPage();
  await signInByEmail(officePage, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const month of twoMonths()) {
    const generated = await officePage.request.post('/api/admin/fees/generate', { data: { month } });
    expect(generated.status(), await generated.text()).toBe(200);
  }
  await office.close();
  return family;
}

/** The page fits the phone: nothing wider than the screen. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** Tap's hosted page (the stand-in): BENEFIT is chosen; pay the amount it names. */
async function payOnHostedPage(page: Page, amount: string) {
  await expect(page.getByRole('heading', { name: 'Tap test checkout' })).toBeVisible();
  await expect(page.getByText(`BHD ${amount}`).first()).toBeVisible();
  await expect(page.getByRole('radio', { name: 'BENEFIT' })).toBeChecked();
  await page.getByRole('button', { name: `Pay BHD ${amount}` }).click();
}

test('a parent pays two months online through the hosted page and sees both paid with the receipt', async ({ page, browser }) => {
  const family = await familyOwingTwoMonths(page, browser);
  const [first, second] = twoMonths();
  const total = (Number(family.price) * 2).toFixed(3);

  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  await expect(page.getByTestId('test-payments-banner')).toContainText('Test payments');
  const fees = page.getByRole('region', { name: `Fees of ${family.studentName}` });
  await fees.getByRole('checkbox', { name: `Pay ${monthLabel(first)} of ${family.studentName} online` }).check();
  await fees.getByRole('checkbox', { name: `Pay ${monthLabel(second)} of ${family.studentName} online` }).check();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: `Pay BHD ${Number(total).toLocaleString('en-GB', { minimumFractionDigits: 3 })} online` }).click();

  await payOnHostedPage(page, total);

  await expect(page).toHaveURL(/\/parent\/payments\/[0-9a-f-]{36}\?tap_id=chg_/);
  const outcome = page.getByTestId('online-payment-outcome');
  await expect(outcome).toHaveAttribute('data-status', 'paid');
  await expect(outcome).toContainText('Payment received');
  await expect(outcome).toContainText('Paid with BENEFIT');
  await expect(outcome).toContainText(/Receipt: RCT-\d{6}/);
  const receiptNumber = /RCT-\d{6}/.exec((await outcome.textContent())!)![0];
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Back to your fees' }).first().click();
  for (const month of [first, second]) {
    const row = fees.getByRole('listitem', { name: monthLabel(month) });
    await expect(row).toContainText('Paid');
    await expect(row.getByRole('link', { name: `Download receipt ${receiptNumber} (PDF)` })).toBeVisible();
  }
  await expect(page.getByRole('checkbox', { name: new RegExp(family.studentName) })).toHaveCount(0);
});

test('in Arabic: the same payment, its page and the paid months in Arabic', async ({ page, browser }) => {
  const family = await familyOwingTwoMonths(page, browser);
  const total = (Number(family.price) * 2).toFixed(3);

  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  await switchToArabic(page);
  await expect(page.getByTestId('test-payments-banner')).toContainText('دفعات تجريبية');
  const boxes = page.getByRole('checkbox', { name: /عبر الإنترنت/ });
  await expect(boxes).toHaveCount(2);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: /^ادفع .+ د\.ب عبر الإنترنت$/ }).click();

  await payOnHostedPage(page, total);

  await expectArabicDocument(page);
  const outcome = page.getByTestId('online-payment-outcome');
  await expect(outcome).toHaveAttribute('data-status', 'paid');
  await expect(outcome).toContainText('تم استلام الدفعة');
  await expect(outcome).toContainText('بنفت');
  await expectNoSidewaysScroll(page);
  await page.getByRole('link', { name: 'العودة إلى الرسوم' }).first().click();
  await expect(page.getByRole('checkbox', { name: /عبر الإنترنت/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /RCT-\d{6}/ }).first()).toBeVisible();
});
