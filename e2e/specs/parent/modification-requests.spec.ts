import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { registerChildren } from '../../fixtures/family.js';

/**
 * In the browser: a parent with two children looks at the details, asks for a change, the
 * office decides it in the modification requests tab, and the parent sees the result; on a desktop and
 * on a 360 px phone.
 */

const PHONE = { width: 360, height: 740 };
const BADGE_COLOURS = { Pending: 'rgb(250, 176, 5)', Approved: 'rgb(64, 192, 87)', Rejected: 'rgb(250, 82, 82)' } as const;

let counter = 0;
/** Letters only, so it reads as a name (and cannot clash with another run's). */
function uniqueWord(): string {
  counter += 1;
  return (Date.now() * 10 + counter)
    .toString(26)
    .split('')
    .map((char) => String.fromCharCode(97 + parseInt(char, 26)))
    .join('')
    .slice(-7);
}

interface Family {
  email: string;
  password: string;
  children: string[];
}

/** A parent with two children, registered through the public API (the second with no class). */
async function registerFamily(page: Page): Promise<Family> {
  const tag = uniqueWord();
  const family: Family = { email: `family-${tag}@example.com`, password: 'family-pass', children: [`Mariam${tag}`, `Yousif${tag}`] };
  await registerChildren(page.request, {
    tag,
    email: family.email,
    password: family.password,
    lastName: 'Family',
    children: [
      { firstName: family.children[0]!, class: 'B' },
      { firstName: family.children[1]!, class: '' },
    ],
  });
  return family;
}

async function openParentDashboard(page: Page, family: Family): Promise<void> {
  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  await expect(page.getByRole('heading', { name: 'My Students' })).toBeVisible();
}

const card = (page: Page, firstName: string) => page.getByRole('article', { name: new RegExp(`^${firstName} Khalid Family$`) });

/** The parent asks to change the first child's first name and block, through the form. */
async function requestChange(page: Page, from: string, to: string): Promise<void> {
  await card(page, from).getByRole('button', { name: 'Request Changes' }).click();
  const dialog = page.getByRole('dialog', { name: /^Request Changes/ });
  await expect(dialog.getByText('Changes are applied once the office approves them.')).toBeVisible();
  await expect(dialog.getByLabel('First Name')).toHaveValue(from);
  await expect(dialog.getByLabel('Block')).toHaveValue('101');

  // The shared contract's messages, before anything is sent.
  await dialog.getByLabel('Block').fill('');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog.getByText('Block is required')).toBeVisible();

  // Nothing changed: refused with a clear message.
  await dialog.getByLabel('Block').fill('101');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Request Failed' })).toContainText('Nothing was changed');

  await dialog.getByLabel('First Name').fill(to);
  await dialog.getByLabel('Block').fill('909');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Modification Request Submitted' })).toContainText(
    'Your request has been submitted for admin approval.',
  );
  await expect(dialog).toBeHidden();
}

async function expectRequestRow(page: Page, firstName: string, status: keyof typeof BADGE_COLOURS): Promise<void> {
  const table = page.getByRole('region', { name: 'Recent Modification Requests' });
  await expect(table).toBeVisible();
  // A table row on a desktop, a small card on a phone.
  const row = table.locator('[data-request-row]').filter({ hasText: firstName });
  await expect(row).toHaveCount(1);
  const badge = row.getByText(status, { exact: true });
  await expect(badge).toBeVisible();
  await expect(row.locator('[data-status]')).toHaveCSS('background-color', BADGE_COLOURS[status]);
}

/** The office, in a browser of its own, decides the request in the modification requests tab. */
async function officeDecides(
  browser: Browser,
  viewport: { width: number; height: number } | null,
  firstName: string,
  decision: 'Approve' | 'Reject',
  note: string,
): Promise<void> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  try {
    await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/admin?tab=modificationRequests');
    await expect(page.getByRole('heading', { level: 2, name: 'Modification Requests' })).toBeVisible();
    const counts = (await (await page.request.get('/api/admin/modification-requests/counts')).json()) as { pending: number };
    expect(counts.pending).toBeGreaterThan(0);
    if (viewport && viewport.width < 600) await page.getByRole('button', { name: 'Admin sections' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: /^Modification Requests/ })).toContainText(
      String(counts.pending),
    );
    if (viewport && viewport.width < 600)
      await page
        .getByRole('navigation', { name: 'Admin sections' })
        .getByRole('button', { name: /^Modification Requests/ })
        .click();

    const request = page.getByRole('article', { name: `Modification request for ${firstName} Family` });
    await expect(request.getByText('Pending', { exact: true })).toBeVisible();
    await expect(request).toContainText('Parent');
    await expect(request).toContainText('36222222');
    // The changed fields are highlighted (and say so to screen readers).
    await expect(request.locator('tr[data-changed]')).toHaveCount(2);
    await expect(request.locator('tr[data-changed]').first()).toContainText('(changed)');

    await request.getByRole('button', { name: `${decision} the request for ${firstName} Family` }).click();
    const dialog = page.getByRole('dialog', { name: decision === 'Approve' ? 'Approve this change?' : 'Reject this change?' });
    await dialog.getByLabel('Note to the parent (optional)').fill(note);
    await dialog.getByRole('button', { name: decision }).click();
    await expect(page.getByRole('alert').filter({ hasText: decision === 'Approve' ? 'Request approved' : 'Request rejected' })).toBeVisible();
    const decided = page.getByRole('article', { name: new RegExp(`^Modification request for .* Family$`) }).filter({ hasText: note });
    await expect(decided.getByText(decision === 'Approve' ? 'Approved' : 'Rejected', { exact: true })).toBeVisible();
    await expect(decided.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);

    // The filter shows decided requests under their status.
    await page
      .locator('label')
      .filter({ hasText: decision === 'Approve' ? /^Approved$/ : /^Rejected$/ })
      .click();
    await expect(page.getByRole('article').filter({ hasText: note })).toBeVisible();
    if (viewport) await expectNoSidewaysScroll(page);
  } finally {
    await context.close();
  }
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function approvalFlow(page: Page, browser: Browser, viewport: { width: number; height: number } | null): Promise<void> {
  const family = await registerFamily(page);
  const [first, second] = family.children as [string, string];
  const renamed = `${first}a`;
  await openParentDashboard(page, family);
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(card(page, first)).toBeVisible();
  await expect(card(page, second)).toBeVisible();
  // No requests yet: no table.
  await expect(page.getByRole('heading', { name: 'Recent Modification Requests' })).toHaveCount(0);

  // View Details of the child without a class and without a driver.
  await card(page, second).getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Student Details' });
  await expect(details).toContainText("Father's Name");
  await expect(details).toContainText('Khalid');
  await expect(details.locator('dd').filter({ hasText: /^N\/A$/ })).toHaveCount(1);
  await expect(details).toContainText('Not assigned');
  await expect(details).toContainText('Block');
  await expect(details).toContainText('303');
  await expect(details).toContainText(/Version \d+, accepted on \d{1,2} \w{3} \d{4}/);
  if (viewport) await expectNoSidewaysScroll(page);
  await details.getByRole('button', { name: 'Close' }).last().click();
  await expect(details).toBeHidden();

  await requestChange(page, first, renamed);
  await expectRequestRow(page, first, 'Pending');
  // While it waits, the card says so and another request cannot be started.
  await expect(card(page, first).getByText('A modification request is waiting for the office.')).toBeVisible();
  await expect(card(page, first).getByRole('button', { name: 'Request Changes' })).toBeDisabled();
  if (viewport) await expectNoSidewaysScroll(page);

  await officeDecides(browser, viewport, first, 'Approve', `Approved on the phone ${first}`);

  await page.reload();
  await expect(card(page, renamed)).toBeVisible();
  await expect(card(page, renamed).getByRole('button', { name: 'Request Changes' })).toBeEnabled();
  await card(page, renamed).getByRole('button', { name: 'View Details' }).click();
  await expect(page.getByRole('dialog', { name: 'Student Details' })).toContainText('909');
  await page.getByRole('dialog', { name: 'Student Details' }).getByRole('button', { name: 'Close' }).last().click();
  await expectRequestRow(page, renamed, 'Approved');

  // View: old against new, and the office's note.
  await page.getByRole('button', { name: new RegExp(`^View the request for ${renamed} Family`) }).click();
  const view = page.getByRole('dialog', { name: 'Modification Request' });
  await expect(view.getByRole('row').filter({ hasText: 'First Name' })).toContainText(`${first}${renamed}`);
  await expect(view.getByRole('row').filter({ hasText: /^Block/ })).toContainText('101909');
  await expect(view).toContainText(`Approved on the phone ${first}`);
  if (viewport) await expectNoSidewaysScroll(page);
}

test('a parent with two children asks for a change, the office approves it, and the card shows the new values', async ({ page, browser }) => {
  await approvalFlow(page, browser, null);
});

test('a rejected request turns red and shows the office’s note; the student is unchanged', async ({ page, browser }) => {
  const family = await registerFamily(page);
  const [first] = family.children as [string];
  await openParentDashboard(page, family);
  await requestChange(page, first, `${first}x`);
  await expectRequestRow(page, first, 'Pending');

  await officeDecides(browser, null, first, 'Reject', `Please bring the passport ${first}`);

  await page.reload();
  await expect(card(page, first)).toBeVisible();
  await expectRequestRow(page, first, 'Rejected');
  await page.getByRole('button', { name: new RegExp(`^View the request for ${first} Family`) }).click();
  const view = page.getByRole('dialog', { name: 'Modification Request' });
  await expect(view.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(view).toContainText(`Please bring the passport ${first}`);
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: PHONE });

  test('the whole flow works without sideways scrolling, with 44 px touch targets', async ({ page, browser }) => {
    await approvalFlow(page, browser, PHONE);
    const buttons = page.getByRole('article').first().getByRole('button');
    for (const button of await buttons.all()) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
  });
});
