import type { Locator, Page } from '@playwright/test';
import { expect, failedRequest, test } from '../../fixtures/test.js';
import {
  OPEN_DIALOG,
  checkScreen,
  expectErrorsTiedToFields,
  expectFitsWidth,
  expectLanguage,
  expectTouchTargets,
  forEachViewport,
  setAccountLanguage,
  showLanguage,
  type Language,
} from '../../fixtures/a11y.js';
import { fill, wordsOf } from '../../fixtures/catalogs.js';
import { seedFamily } from '../../fixtures/family.js';
import { signInByEmail } from '../../fixtures/session.js';
import { test as driverTest } from '../../fixtures/driver-world.js';

/**
 * The accessibility gate for the public site, the parent portal, the receipt page and the
 * driver portal: every screen and dialog at 360 px and 1280 px, in English and Arabic, with zero
 * axe-core WCAG 2.x A/AA violations, no sideways scrolling, dialogs that fit, touch targets of
 * 44 px on a phone, errors tied to their fields; and a screenshot of each (fixtures/a11y.ts).
 */

/** Opens a dialog with its opener, checks it as a screen, and closes it: focus goes back to the opener. */
async function checkDialog(page: Page, opener: Locator, name: string | RegExp, screen: { route: string; role: string; language: Language }): Promise<Locator> {
  await opener.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expectFitsWidth(page, dialog, screen.route);
  await checkScreen(page, screen, { include: OPEN_DIALOG });
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  try {
    await expect(opener).toBeFocused();
  } catch (error) {
    // Say where the focus went instead, so a failure can be read from the report alone.
    const focused = await page.evaluate(() => (document.activeElement ? document.activeElement.outerHTML.slice(0, 300) : 'nothing'));
    throw new Error(`${(error as Error).message}\nFocused instead: ${focused}`);
  }
}

// Each test walks many screens, each with a screenshot and an axe run of a few seconds.
test.describe.configure({ timeout: 240_000 });

forEachViewport(({ viewport, language, label }) => {
  const words = wordsOf(language);
  const phone = viewport.width < 600;

  test.describe(`public site, ${label}`, () => {
    test.use({ viewport });

    test('every public route and dialog passes the gate', async ({ page, expectConsoleError }) => {
      const role = 'public';
      await showLanguage(page, language);

      // The landing page, and its two dialogs.
      await page.goto('/');
      await expectLanguage(page, language);
      await expect(page.getByRole('heading', { level: 1, name: words.site.landing.headline })).toBeVisible();
      await expect(page.getByRole('link', { name: fill(words.site.landing.supportPhone, { phone: '39000001' }) })).toBeVisible();
      await checkScreen(page, { route: 'home', role, language });
      if (phone) await expectTouchTargets(page, 'home');

      const portal = page.getByRole('button', { name: words.site.landing.parentPortal });
      const login = await checkDialog(page, portal, words.site.login.dialogTitle, { route: 'home-login-dialog', role, language });
      await login.getByRole('button', { name: words.site.login.signIn }).click();
      await expectErrorsTiedToFields(login, 2);
      await checkScreen(page, { route: 'home-login-dialog-errors', role, language }, { include: OPEN_DIALOG });
      await closeDialog(page, login, portal);

      const registerButton = page.getByRole('button', { name: words.site.landing.registerStudent });
      const terms = await checkDialog(page, registerButton, words.site.terms.title, { route: 'home-terms-dialog', role, language });
      await closeDialog(page, terms, registerButton);

      // /register opens with the terms; then the form, empty and with its errors.
      await page.goto('/register');
      const termsOnLoad = page.getByRole('dialog', { name: words.site.terms.title });
      await expect(termsOnLoad.getByRole('checkbox', { name: words.site.terms.agreeLabel })).toBeVisible();
      await expectFitsWidth(page, termsOnLoad, 'the terms dialog');
      await checkScreen(page, { route: 'register-terms-dialog', role, language }, { include: OPEN_DIALOG });
      await termsOnLoad.getByRole('checkbox', { name: words.site.terms.agreeLabel }).check();
      await termsOnLoad.getByRole('button', { name: words.site.terms.agree }).click();
      await expect(termsOnLoad).toBeHidden();
      await expect(page.getByRole('heading', { level: 1, name: words.site.register.title })).toBeVisible();
      await checkScreen(page, { route: 'register', role, language });
      if (phone) await expectTouchTargets(page, 'register');
      await page.getByRole('button', { name: words.site.register.submit, exact: true }).click();
      await expectErrorsTiedToFields(page.getByRole('main'), 10);
      await checkScreen(page, { route: 'register-errors', role, language });

      // The sign-in pages, empty and with their errors, and the page of an unknown address.
      for (const route of ['/parent-login', '/driver-login']) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await checkScreen(page, { route, role, language });
        if (phone) await expectTouchTargets(page, route);
        await page.getByRole('button', { name: words.site.login.signIn }).click();
        await expectErrorsTiedToFields(page.getByRole('main'), 2);
        await checkScreen(page, { route: `${route}-errors`, role, language });
      }
      await page.goto('/admin-login');
      await expect(page.getByRole('heading', { level: 1, name: words.site.adminLogin.title })).toBeVisible();
      await checkScreen(page, { route: '/admin-login', role, language });
      if (phone) await expectTouchTargets(page, '/admin-login');
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: words.common.notFound.title })).toBeVisible();
      await checkScreen(page, { route: 'not-found', role, language });

      // A reminder's pay link that is not (or no longer) valid: the page says so in the screen's language.
      expectConsoleError(failedRequest(404, '/trpc/payLinks.get'));
      await page.goto('/pay/AAAAAAAAAAAAAAAAAAAAAA');
      await expect(page.getByRole('heading', { level: 1, name: words.fees.payLink.title })).toBeVisible();
      await expect(page.getByTestId('pay-link-error')).toBeVisible();
      await checkScreen(page, { route: 'pay-link-not-valid', role, language });
      if (phone) await expectTouchTargets(page, 'pay-link-not-valid');
    });
  });

  test.describe(`parent portal, ${label}`, () => {
    test.use({ viewport });

    test('the dashboard with students, fees and requests, each dialog, and a receipt pass the gate', async ({ page, server }) => {
      const role = 'parent';
      const family = await seedFamily(server.url);
      await signInByEmail(page, family.email, family.password);
      await showLanguage(page, language, { signedIn: true });
      await page.goto('/parent');
      await expectLanguage(page, language);
      const card = (child: { firstName: string; lastName: string }) => page.getByRole('article', { name: `${child.firstName} Khalid ${child.lastName}` });
      await expect(card(family.paidChild)).toBeVisible();
      await expect(card(family.dueChild)).toBeVisible();
      const requests = page.getByRole('region', { name: words.parent.requests.title });
      await expect(requests.locator('[data-request-row]')).toHaveCount(2);
      const dueFees = page.getByRole('region', {
        name: fill(words.fees.parent.studentFees, { name: `${family.dueChild.firstName} ${family.dueChild.lastName}` }),
      });
      // One per month due: from the 26th, next month's fee is due as well.
      await expect(dueFees.getByRole('button', { name: new RegExp(`^${words.fees.parent.upload}`) }).first()).toBeVisible();
      await checkScreen(page, { route: 'parent', role, language });
      if (phone) await expectTouchTargets(page, 'the parent dashboard');

      const details = card(family.paidChild).getByRole('button', { name: words.parent.actions.viewDetails });
      const detailsDialog = await checkDialog(page, details, words.parent.details.title, { route: 'parent-details-dialog', role, language });
      await closeDialog(page, detailsDialog, details);

      const change = card(family.paidChild).getByRole('button', { name: words.parent.actions.requestChanges });
      const changeDialog = await checkDialog(page, change, new RegExp(`^${words.parent.request.title}`), { route: 'parent-request-dialog', role, language });
      await changeDialog.getByRole('textbox', { name: words.parent.request.block, exact: true }).fill('');
      await changeDialog.getByRole('button', { name: words.parent.request.submit }).click();
      await expectErrorsTiedToFields(changeDialog, 1);
      await checkScreen(page, { route: 'parent-request-dialog-errors', role, language }, { include: OPEN_DIALOG });
      await closeDialog(page, changeDialog, change);

      const view = requests.locator('[data-request-row]').filter({ hasText: family.paidChild.firstName }).getByRole('button');
      const viewDialog = await checkDialog(page, view, words.parent.requests.viewTitle, { route: 'parent-request-view-dialog', role, language });
      await expect(viewDialog).toContainText('Block updated from the new lease.');
      await closeDialog(page, viewDialog, view);

      const upload = dueFees.getByRole('button', { name: new RegExp(`^${words.fees.parent.upload}`) }).first();
      const uploadDialog = await checkDialog(page, upload, words.fees.upload.title, { route: 'parent-upload-dialog', role, language });
      await uploadDialog.getByRole('button', { name: words.fees.upload.submit, exact: true }).click();
      await expectErrorsTiedToFields(uploadDialog, 1);
      await checkScreen(page, { route: 'parent-upload-dialog-errors', role, language }, { include: OPEN_DIALOG });
      await closeDialog(page, uploadDialog, upload);

      await page.goto(`/receipts/${family.paymentId}`);
      await expect(page.getByRole('heading', { level: 2, name: words.fees.receipt.title })).toBeVisible();
      await checkScreen(page, { route: 'receipt', role, language });
    });
  });

  driverTest.describe(`driver portal, ${label}`, () => {
    driverTest.use({ viewport });

    driverTest('the dashboard with both runs passes the gate', async ({ page, driverWorld }) => {
      const role = 'driver';
      const response = await page.request.post('/api/driver/login', { data: { phone: driverWorld.driver.phone, password: driverWorld.driver.password } });
      expect(response.status(), await response.text()).toBe(200);
      await showLanguage(page, language, { signedIn: true });
      await page.goto('/driver-dashboard');
      await expectLanguage(page, language);
      await expect(page.getByRole('region', { name: words.driver.info.title })).toContainText(driverWorld.driver.licenseNo);
      for (const run of ['morning', 'afternoon'] as const) {
        const tab = page.getByRole('tab', { name: new RegExp(`^${words.driver.list[run]}`) });
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByRole('tabpanel')).toContainText(run === 'morning' ? 'Maryam' : 'Ali');
        await checkScreen(page, { route: `driver-${run}`, role, language });
        if (phone) await expectTouchTargets(page, `the driver's ${run} run`);
      }
      // The driver's account is shared with the other driver specs of this worker: English again.
      await setAccountLanguage(page.request, 'en');
    });
  });
});
