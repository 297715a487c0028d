import { expect, test } from '../../fixtures/test.js';
import {
  OPEN_DIALOG,
  checkScreen,
  expectErrorsTiedToFields,
  expectFitsWidth,
  expectLanguage,
  expectTouchTargets,
  forEachViewport,
  showLanguage,
} from '../../fixtures/a11y.js';
import { wordsOf } from '../../fixtures/catalogs.js';
import { seedFamily } from '../../fixtures/family.js';
import { signInByEmail } from '../../fixtures/session.js';

/**
 * The accessibility gate (fixtures/a11y.ts) on the account screens: the forgotten-password screen
 * in both of its steps, empty and with its errors, and the parent's account menu and Change
 * Password dialog, at 360 px and 1280 px, in English and Arabic.
 */

test.describe.configure({ timeout: 180_000 });

forEachViewport(({ viewport, language, label }) => {
  const words = wordsOf(language);
  const phone = viewport.width < 600;

  test.describe(`account screens, ${label}`, () => {
    test.use({ viewport });

    test('Forgot Password, both steps, passes the gate', async ({ page }) => {
      const role = 'public';
      await showLanguage(page, language);
      await page.goto('/parent-login');
      await expectLanguage(page, language);
      await page.getByRole('link', { name: words.site.login.forgotPassword }).click();
      await expect(page.getByRole('heading', { level: 1, name: words.site.forgotPassword.title })).toBeVisible();
      await checkScreen(page, { route: 'forgot-password', role, language });
      if (phone) await expectTouchTargets(page, 'forgot-password');
      await page.getByRole('button', { name: words.site.forgotPassword.sendCode }).click();
      await expectErrorsTiedToFields(page.getByRole('main'), 1);
      await checkScreen(page, { route: 'forgot-password-errors', role, language });

      await page.getByRole('button', { name: words.site.forgotPassword.haveCode }).click();
      await expect(page.getByRole('button', { name: words.site.forgotPassword.save })).toBeVisible();
      await page.getByRole('button', { name: words.site.forgotPassword.save }).click();
      await expectErrorsTiedToFields(page.getByRole('main'), 3);
      await checkScreen(page, { route: 'forgot-password-code-errors', role, language });
      if (phone) await expectTouchTargets(page, 'forgot-password-code');

      // The driver's way in asks for the phone instead.
      await page.goto('/driver-login');
      await page.getByRole('link', { name: words.site.login.forgotPassword }).click();
      await expect(page.getByLabel(words.site.forgotPassword.phone)).toBeVisible();
      await checkScreen(page, { route: 'forgot-password-driver', role, language });
    });

    test('the account menu and Change Password pass the gate', async ({ page, server }) => {
      const role = 'parent';
      const family = await seedFamily(server.url);
      await signInByEmail(page, family.email, family.password);
      await showLanguage(page, language, { signedIn: true });
      await page.goto('/parent');
      await expectLanguage(page, language);
      const menuButton = page.getByRole('button', { name: words.common.account.menu });
      await expect(menuButton).toBeVisible();
      if (phone) await expectTouchTargets(page, 'the parent dashboard with the account menu');
      await menuButton.click();
      await expect(page.getByRole('menuitem', { name: words.common.account.changePassword })).toBeVisible();
      if (phone) await expectTouchTargets(page, 'the account menu');
      await checkScreen(page, { route: 'parent-account-menu', role, language });

      await page.getByRole('menuitem', { name: words.common.account.changePassword }).click();
      const dialog = page.getByRole('dialog', { name: words.common.account.changePassword });
      await expect(dialog).toBeVisible();
      await expectFitsWidth(page, dialog, 'change-password');
      await checkScreen(page, { route: 'parent-change-password', role, language }, { include: OPEN_DIALOG });
      await dialog.getByRole('button', { name: words.common.account.change }).click();
      await expectErrorsTiedToFields(dialog, 2);
      await checkScreen(page, { route: 'parent-change-password-errors', role, language }, { include: OPEN_DIALOG });
      if (phone) await expectTouchTargets(page, 'change-password');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });
  });
});
