import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import {
  OPEN_DIALOG,
  checkScreen,
  expectFitsWidth,
  expectLanguage,
  expectRowActionsInReach,
  expectTouchTargets,
  forEachViewport,
  setAccountLanguage,
  showLanguage,
  type Language,
} from '../../fixtures/a11y.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { adminWorldWithWaitingWork, everyDayASchoolDay } from '../../fixtures/admin-world.js';
import { adminWords, named, type AdminWords } from '../../fixtures/admin-words.js';

/**
 * The accessibility gate for the admin console (fixtures/a11y.ts): every tab, the section
 * drawer, the bell, the printable invoice and every dialog, at 360 px and 1280 px, in English and
 * Arabic: zero axe-core WCAG 2.x A/AA violations, no sideways page scroll, a screenshot of each;
 * on a phone, 44 px touch targets and dialogs that take the whole screen; on a desktop, every action
 * of every table row in reach without sideways scrolling; and the focus back on the button that
 * opened a dialog once it closes.
 */

const ROLE = 'admin';

/**
 * Opens a dialog with its button and checks it as a screen of its own (the page behind was checked
 * before; a modal dialog keeps it out of reach): full screen on a phone, fitting on a wide screen.
 * Escape closes it, and the focus is back on the button that opened it.
 */
async function checkDialog(page: Page, opener: Locator, dialogName: string | RegExp, route: string, language: Language): Promise<void> {
  await opener.scrollIntoViewIfNeeded();
  await opener.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expectFitsWidth(page, dialog, route);
  const width = page.viewportSize()!.width;
  if (width < 768) {
    expect.soft((await dialog.boundingBox())?.width, `${route}: full screen on a phone`).toBeCloseTo(width, 0);
    await expectTouchTargets(page, route);
  }
  await checkScreen(page, { route, role: ROLE, language }, { include: OPEN_DIALOG });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect.soft(opener, `${route}: the focus goes back to the button that opened it`).toBeFocused();
}

/** Opens a tab by its address (the drawer is tried on its own) and waits for its list. */
async function openTab(page: Page, tab: string, heading: string): Promise<void> {
  await page.goto(tab === 'dashboard' ? '/admin' : `/admin?tab=${tab}`);
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.mantine-Loader:visible')).toHaveCount(0, { timeout: 20_000 });
}

async function checkTab(page: Page, tab: string, heading: string, language: Language): Promise<void> {
  await openTab(page, tab, heading);
  await checkScreen(page, { route: `admin-${tab}`, role: ROLE, language });
  if (page.viewportSize()!.width < 768) await expectTouchTargets(page, `admin-${tab}`);
  // On a desktop every table's row actions are in reach without scrolling the table sideways.
  else await expectRowActionsInReach(page, `admin-${tab} (${language})`);
}

function tabHeadings(w: AdminWords): [string, string][] {
  return [
    ['dashboard', w.admin.overview.title],
    ['today', w.officeDay.title],
    ['routes', w.routes.title],
    ['liveMap', w.liveBus.office.title],
    ['students', w.students.title],
    ['drivers', w.admin.drivers.title],
    ['schools', w.admin.schools.title],
    ['areas', w.admin.areas.title],
    ['terms', w.admin.terms.title],
    ['analytics', w.analytics.tab.title],
    ['modificationRequests', w.modificationRequests.title],
    ['fees', w.fees.admin.title],
    ['paymentProofs', w.fees.proofs.title],
    ['onlinePayments', w.fees.onlineOffice.title],
    ['outbox', w.outbox.title],
    ['auditLog', w.analytics.audit.title],
    ['users', w.users.title],
    ['settings', w.admin.settings.title],
  ];
}

// Each test walks several screens, each with a screenshot and an axe run of a few seconds (more on a busy machine).
test.describe.configure({ timeout: 8 * 60_000 });

let restoreSchoolWeek: (() => Promise<void>) | undefined;
test.beforeAll(async ({ server }) => {
  await adminWorldWithWaitingWork(server.url);
  // Today's runs, with their actions, on any day the tests run.
  restoreSchoolWeek = await everyDayASchoolDay(server.url);
});
test.afterAll(async () => {
  await restoreSchoolWeek?.();
});

forEachViewport(({ viewport, language, label }) => {
  const w = adminWords(language);
  const phone = viewport.width < 768;

  test.describe(`admin console, ${label}`, () => {
    test.use({ viewport });

    test.beforeEach(async ({ page }) => {
      // The screens follow the account's language. The admin account is shared with the other specs: English comes back after.
      await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await showLanguage(page, language, { signedIn: true });
    });
    test.afterEach(async ({ page }) => {
      await setAccountLanguage(page.request, 'en');
    });

    test('every tab, the sections and the bell', async ({ page }) => {
      for (const [tab, heading] of tabHeadings(w)) await checkTab(page, tab, heading, language);
      await expectLanguage(page, language);

      // The sections: a drawer behind the menu button on a phone, a sidebar on a wide screen.
      const sections = page.getByRole('navigation', { name: w.admin.shell.navigation });
      if (phone) {
        await expect(sections).toBeHidden();
        const menu = page.getByRole('button', { name: w.admin.shell.navigation });
        await menu.click();
        await expect(sections).toBeVisible();
        await checkScreen(page, { route: 'admin-sections-drawer', role: ROLE, language });
        await expectTouchTargets(page, 'admin-sections-drawer');
        await sections.getByRole('button', { name: new RegExp(`^${w.admin.tabs.drivers}`) }).click();
        await expect(sections).toBeHidden();
        await expect(page.getByRole('heading', { level: 2, name: w.admin.drivers.title })).toBeVisible();
      } else {
        await expect(sections).toBeVisible();
      }

      // The bell's list of students without a driver (a popover: the page stays in reach).
      const bell = page.getByRole('button', { name: named(w.analytics.bell.label) });
      await bell.click();
      const unassigned = page.getByRole('dialog', { name: w.analytics.bell.title });
      await expect(unassigned).toBeVisible();
      await expectFitsWidth(page, unassigned, 'admin-bell');
      // axe reads the list itself: the page behind was checked on its own, and fields half under the
      // open list would count as targets too small (target-size) only while the list is open.
      await checkScreen(page, { route: 'admin-bell', role: ROLE, language }, { include: '[role="dialog"]' });
      await page.keyboard.press('Escape');
      await expect(unassigned).toBeHidden();
      await expect.soft(bell, 'the focus goes back to the bell').toBeFocused();
    });

    test('the printable invoice', async ({ page }) => {
      const { students } = (await (await page.request.get('/api/admin/students?pageSize=1')).json()) as { students: { id: string }[] };
      await page.goto(`/admin/invoices/${students[0]!.id}`);
      await expect(page.getByRole('button', { name: w.students.invoice.print })).toBeVisible({ timeout: 20_000 });
      await checkScreen(page, { route: 'admin-invoice', role: ROLE, language });
    });

    test('the students dialogs and the bulk bar', async ({ page }) => {
      await openTab(page, 'students', w.students.title);
      const edit = page.getByRole('button', { name: named(w.students.actions.edit) }).first();
      await expect(edit).toBeVisible();
      await checkDialog(page, page.getByRole('button', { name: w.students.add, exact: true }), w.students.form.addTitle, 'admin-students-add-dialog', language);
      await checkDialog(page, edit, w.students.form.editTitle, 'admin-students-edit-dialog', language);
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.students.actions.delete) }).first(),
        w.students.remove.title,
        'admin-students-delete-dialog',
        language,
      );
      await page.locator('tbody').getByRole('checkbox').first().check();
      await expect(page.getByRole('region', { name: named(w.students.selection.count_one) })).toBeVisible();
      await checkScreen(page, { route: 'admin-students-bulk', role: ROLE, language });
      if (phone) await expectTouchTargets(page, 'admin-students-bulk');
    });

    test('the drivers, schools, areas, terms and users dialogs', async ({ page }) => {
      const editButton = () => page.getByRole('button', { name: new RegExp(`^${w.admin.common.edit} .+`) }).first();
      await openTab(page, 'drivers', w.admin.drivers.title);
      await checkDialog(
        page,
        page.getByRole('button', { name: w.admin.drivers.add, exact: true }),
        w.admin.drivers.addTitle,
        'admin-drivers-add-dialog',
        language,
      );
      await checkDialog(page, editButton(), w.admin.drivers.editTitle, 'admin-drivers-edit-dialog', language);
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.driver.admin.studentsLabel) }).first(),
        named(w.driver.admin.modalTitle),
        'admin-drivers-students-dialog',
        language,
      );
      // A bus's attendant: the Crew column's dialog to add one.
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.admin.crew.addLabel) }).first(),
        w.admin.crew.addTitle,
        'admin-drivers-attendant-dialog',
        language,
      );
      // A bus's runs: the day's timeline, each run with its riders and overlaps, and the buttons to plan them.
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.routes.plannedRuns.openLabel) }).first(),
        named(w.routes.plannedRuns.title),
        'admin-drivers-runs-dialog',
        language,
      );

      await openTab(page, 'schools', w.admin.schools.title);
      await checkDialog(
        page,
        page.getByRole('button', { name: w.admin.schools.add, exact: true }),
        w.admin.schools.addTitle,
        'admin-schools-add-dialog',
        language,
      );
      await checkDialog(page, editButton(), w.admin.schools.editTitle, 'admin-schools-edit-dialog', language);

      await openTab(page, 'areas', w.admin.areas.title);
      await checkDialog(page, page.getByRole('button', { name: w.admin.areas.add, exact: true }), w.admin.areas.addTitle, 'admin-areas-add-dialog', language);
      await checkDialog(page, editButton(), w.admin.areas.editTitle, 'admin-areas-edit-dialog', language);

      await openTab(page, 'terms', w.admin.terms.title);
      await checkDialog(page, page.getByRole('button', { name: w.admin.terms.add, exact: true }), w.admin.terms.addTitle, 'admin-terms-add-dialog', language);

      await openTab(page, 'users', w.users.title);
      await checkDialog(page, page.getByRole('button', { name: w.users.add, exact: true }), w.users.addTitle, 'admin-users-add-dialog', language);
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.users.editLabel) }).first(),
        named(w.users.editTitle),
        'admin-users-edit-dialog',
        language,
      );
    });

    test('the fees, payment proof and modification request dialogs', async ({ page }) => {
      await openTab(page, 'fees', w.fees.admin.title);
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.fees.admin.recordPaymentFor) }).first(),
        named(w.fees.admin.recordPaymentFor),
        'admin-fees-record-payment-dialog',
        language,
      );
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.fees.admin.waiveFor) }).first(),
        named(w.fees.admin.waiveFor),
        'admin-fees-waive-dialog',
        language,
      );
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.fees.admin.voidPayment) }).first(),
        named(w.fees.payment.voidTitle),
        'admin-fees-void-dialog',
        language,
      );

      await openTab(page, 'paymentProofs', w.fees.proofs.title);
      const proof = page.getByRole('article').first();
      await checkDialog(
        page,
        proof.getByRole('button', { name: w.fees.proofs.accept, exact: true }),
        w.fees.proofs.acceptTitle,
        'admin-proofs-accept-dialog',
        language,
      );
      await checkDialog(
        page,
        proof.getByRole('button', { name: w.fees.proofs.reject, exact: true }),
        w.fees.proofs.rejectTitle,
        'admin-proofs-reject-dialog',
        language,
      );

      await openTab(page, 'modificationRequests', w.modificationRequests.title);
      await checkDialog(
        page,
        page.getByRole('button', { name: named(w.modificationRequests.actions.rejectLabel) }).first(),
        w.modificationRequests.decide.rejectTitle,
        'admin-modification-request-reject-dialog',
        language,
      );
      const approve = page
        .getByRole('button', { name: named(w.modificationRequests.actions.approveLabel) })
        .and(page.locator(':enabled'))
        .first();
      await checkDialog(page, approve, w.modificationRequests.decide.approveTitle, 'admin-modification-request-approve-dialog', language);
    });
  });
});
