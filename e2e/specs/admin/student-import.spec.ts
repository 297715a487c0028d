import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { OPEN_DIALOG, checkScreen, expectTouchTargets, forEachViewport, setAccountLanguage, showLanguage, type Language } from '../../fixtures/a11y.js';
import { adminWords, named } from '../../fixtures/admin-words.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail, uniqueName } from '../../fixtures/session.js';
import { bodyRows, meta } from '../../fixtures/students.js';

/**
 * The office brings students in from a spreadsheet: the Import dialog checks the file first and
 * lists each problem by its row and column, then imports the valid rows, which the console shows.
 */

const uniqueWord = (prefix: string) => uniqueName(prefix).replace(/\s+/g, '');

/** Six students of the demo's first school, two of them wrong: a short phone on row 3 and an unknown school on row 6. */
async function spreadsheet(page: Page, lastName: string): Promise<Buffer> {
  const template = await page.request.get('/api/admin/students/import-template.csv');
  expect(template.status()).toBe(200);
  // The template's first line is its header; the example row under it is left out of this file.
  const header = (await template.text())
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)[0]!
    .split(',');
  const { schools, areas } = await meta(page);
  const area = areas.find((candidate) => candidate.name === 'Riffa') ?? areas[0]!;
  const stamp = Date.now().toString(36);
  const row = (index: number, changes: Record<string, string> = {}) => {
    const values: Record<string, string> = {
      'First Name': `Pupil${index}`,
      "Father's Name": 'Yusuf',
      'Last Name': lastName,
      Grade: '4',
      'Student School ID': `IMP-${stamp}-${index}`,
      School: schools[0]!.name,
      Area: area.name,
      'Service Type': 'Both Ways',
      Driver: 'Unassigned',
      'Parent Name': 'Imported Parent',
      'Parent Email': `import-${stamp}-${index}@example.com`,
      'Parent Phone': `3${String(Date.now() + index).slice(-7)}`,
      Block: '338',
      Road: '3803',
      'House/Building': '12',
      ...changes,
    };
    return header.map((column) => values[column] ?? '').join(',');
  };
  const lines = [header.join(','), row(1), row(2, { 'Primary Contact': '123' }), row(3), row(4), row(5, { School: 'No Such School' }), row(6)];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** Opens the Import dialog from the Students tab and has the file checked. */
async function checkFile(page: Page, language: Language, file: Buffer) {
  const w = adminWords(language);
  await page.goto('/admin?tab=students');
  await expect(page.getByRole('heading', { level: 2, name: w.students.title })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: w.students.importing.open, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: w.students.importing.title });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: new RegExp(w.students.importing.file) }).click();
  await (await chooser).setFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: file });
  await dialog.getByRole('button', { name: w.students.importing.check }).click();
  await expect(dialog.getByRole('table', { name: w.students.importing.problemsTitle })).toBeVisible();
  return dialog;
}

test('two bad rows are shown by their row numbers, the valid ones are imported and found in the console', async ({ page }) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await showLanguage(page, 'en', { signedIn: true });
  const lastName = uniqueWord('Imported');
  const dialog = await checkFile(page, 'en', await spreadsheet(page, lastName));

  await expect(dialog.getByText('Preview of 6 rows')).toBeVisible();
  const problems = dialog.getByRole('table', { name: 'Problems' }).locator('tbody tr');
  await expect(problems).toHaveCount(2);
  // Each problem quotes the cell it refused.
  await expect(problems.nth(0).locator('td')).toHaveText(['3', 'Primary Contact', 'Phone number must be 8 digits: "123"']);
  await expect(problems.nth(1).locator('td')).toHaveText(['6', 'School', 'No school has this name: "No Such School"']);

  await dialog.getByRole('button', { name: 'Import the 4 valid rows' }).click();
  await expect(page.getByText('Students imported')).toBeVisible();
  await expect(page.getByText('4 added, 0 updated, 0 unchanged, 2 skipped.')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search students').fill(lastName);
  await expect(bodyRows(page)).toHaveCount(4);
  for (const pupil of ['Pupil1', 'Pupil3', 'Pupil4', 'Pupil6'])
    await expect(page.getByRole('row', { name: new RegExp(`${pupil} Yusuf ${lastName}`) })).toBeVisible();
});

forEachViewport(({ viewport, language, label }) => {
  test.describe(`the import dialog, ${label}`, () => {
    test.use({ viewport });
    // The E2E admin is every spec's: the next one finds it in English again.
    test.afterEach(async ({ page }) => {
      await setAccountLanguage(page.request, 'en');
    });
    test('passes the accessibility gate with its preview and problems', async ({ page }) => {
      await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
      // The file is made from the English template, before the account's language changes the template's.
      await showLanguage(page, 'en', { signedIn: true });
      const file = await spreadsheet(page, uniqueWord('Gate'));
      await showLanguage(page, language, { signedIn: true });
      const w = adminWords(language);
      const dialog = await checkFile(page, language, file);
      await expect(dialog.getByRole('button', { name: named(w.students.importing.importValid_other) })).toBeVisible();
      await checkScreen(page, { route: 'admin-students-import-dialog', role: 'admin', language }, { include: OPEN_DIALOG });
      if (viewport.width < 768) await expectTouchTargets(page, 'admin-students-import-dialog');
    });
  });
});
