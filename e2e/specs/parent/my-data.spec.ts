import { readFile } from 'node:fs/promises';
import { expect, test } from '../../fixtures/test.js';
import { seedFamily } from '../../fixtures/family.js';
import { signInByEmail } from '../../fixtures/session.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { switchToArabic } from '../../fixtures/language.js';
import { common as en } from '../../../apps/web/src/i18n/en/common.js';
import { admin as arAdmin } from '../../../apps/web/src/i18n/ar/admin.js';

/**
 * A family's data rights on a phone: the parent downloads everything held about the family (a ZIP
 * with its records and its receipt) and asks for its data to be erased; the office, working in
 * Arabic, completes the erasure; the family's account is closed.
 */
test.use({ viewport: { width: 360, height: 740 } });

test('a parent downloads their data and asks for erasure; the office erases the family in Arabic; the account is closed', async ({
  page,
  browser,
  baseURL,
}) => {
  const family = await seedFamily(baseURL!);
  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  await page.getByRole('button', { name: en.account.menu }).click();
  await page.getByRole('menuitem', { name: en.myData.title }).click();
  const dialog = page.getByRole('dialog', { name: en.myData.title });

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: en.myData.download }).click()]);
  expect(download.suggestedFilename()).toBe('my-data.zip');
  const zip = await readFile((await download.path())!);
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  // The archive's directory names its files in plain text.
  const names = zip.toString('latin1');
  for (const file of ['README.txt', 'children.json', 'fees.json', 'payments.json', 'messages.json', 'office-views.json', 'receipts/receipt-'])
    expect(names).toContain(file);

  await dialog.getByRole('button', { name: en.myData.askErasure }).click();
  await dialog.getByLabel(en.myData.reason).fill('We are moving abroad');
  await dialog.getByRole('button', { name: en.myData.sendRequest }).click();
  await expect(dialog.getByRole('alert')).toContainText(en.myData.status.open);
  await expect(dialog.getByRole('button', { name: en.myData.askErasure })).toHaveCount(0);

  // The office, in Arabic.
  const office = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL });
  const officePage = await office.newPage();
  await signInByEmail(officePage, E2E_ADMIN.email, E2E_ADMIN.password);
  await officePage.goto('/admin?tab=erasureRequests');
  await switchToArabic(officePage);
  // seedFamily's parent is 'Parent <tag>', its email a11y-<tag>@example.com.
  const request = officePage.getByRole('article', { name: `Parent ${family.email.slice('a11y-'.length, family.email.indexOf('@'))}` });
  await expect(request).toBeVisible();
  await expect(request).toContainText('We are moving abroad');
  await request.getByRole('button', { name: arAdmin.erasure.complete }).click();
  await request.getByRole('button', { name: arAdmin.erasure.eraseNow }).click();
  await expect(officePage.getByText(arAdmin.erasure.completed).first()).toBeVisible();
  await expect(officePage.getByText(arAdmin.erasure.status.completed).first()).toBeVisible();
  await expect(officePage.getByRole('heading', { name: arAdmin.erasure.views.title })).toBeVisible();
  await office.close();

  // The family's session ended with its account: the parent pages send it to sign in, and the password no longer works.
  await page.goto('/parent');
  await expect(page).toHaveURL(/parent-login/);
  const again = await page.request.post('/api/auth/login', { data: { email: family.email, password: family.password } });
  expect(again.status()).toBe(401);
});
