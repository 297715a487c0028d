import { readFile } from 'node:fs/promises';
import { expect, test } from '../../fixtures/test.js';
import { bahrainDate, currentServiceMonth } from '@school-transport/contracts';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { monthLabel, registerLedgerFamily } from '../../fixtures/fees.js';
import { makePng } from '../../fixtures/png.js';

test('the parent uploads a screenshot, the office accepts it, and the parent sees the month paid and downloads the receipt', async ({ page, browser }) => {
  const family = await registerLedgerFamily(page);
  const month = currentServiceMonth(bahrainDate(new Date()));

  // The office makes the month's fees.
  const office = await browser.newContext();
  const officePage = await office.newPage();
  await signInByEmail(officePage, E2E_ADMIN.email, E2E_ADMIN.password);
  const generated = await officePage.request.post('/api/admin/fees/generate', { data: { month } });
  expect(generated.status(), await generated.text()).toBe(200);

  // The parent sends a screenshot of the transfer.
  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  const fees = page.getByRole('region', { name: `Fees of ${family.studentName}` });
  const row = fees.getByRole('listitem', { name: monthLabel(month) });
  await expect(row).toContainText(`${family.price} BHD`);
  await row.getByRole('button', { name: `Upload payment proof for ${monthLabel(month)}` }).click();
  const upload = page.getByRole('dialog', { name: 'Upload payment proof' });
  await expect(upload.getByLabel('Amount paid (BHD)')).toHaveValue(family.price);
  await upload.locator('input[type="file"]').setInputFiles({ name: 'benefit-screenshot.png', mimeType: 'image/png', buffer: makePng(24, 16) });
  await upload.getByLabel('Transaction reference').fill('BP-E2E-4411');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Payment proof sent')).toBeVisible();
  await expect(upload).toBeHidden();
  await expect(row).toContainText('Proof under review');

  // The office sees the screenshot beside the family's months and accepts it, amount and reference prefilled.
  await officePage.goto('/admin?tab=paymentProofs');
  await expect(officePage.getByRole('heading', { level: 2, name: 'Payment proofs' })).toBeVisible();
  const proof = officePage.getByRole('article', { name: new RegExp(`^${family.name} for ${family.studentName}`) });
  const image = proof.getByRole('img', { name: `Payment proof from ${family.name}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await expect(proof).toContainText('BP-E2E-4411');
  await expect(proof).toContainText(monthLabel(month));
  await proof.getByRole('button', { name: 'Accept' }).click();
  const accept = officePage.getByRole('dialog', { name: 'Accept payment proof' });
  await expect(accept.getByLabel('Amount (BHD)')).toHaveValue(family.price);
  await expect(accept.getByLabel('Reference')).toHaveValue('BP-E2E-4411');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(officePage.getByText('Payment proof accepted')).toBeVisible();
  await expect(proof).toBeHidden();
  await office.close();

  // The parent sees the month paid and downloads its receipt.
  await page.reload();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Proof accepted');
  const receiptLink = row.getByRole('link', { name: /^Download receipt RCT-\d{6} \(PDF\)$/ });
  const label = (await receiptLink.getAttribute('aria-label'))!;
  const receiptNumber = /RCT-\d{6}/.exec(label)![0];
  const downloading = page.waitForEvent('download');
  await receiptLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain(receiptNumber);

  // The same receipt as a printable page.
  await row.getByRole('link', { name: `View and print receipt ${receiptNumber}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Receipt' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(receiptNumber);
  await expect(page.getByRole('main')).toContainText('BP-E2E-4411');
  await expect(page.getByRole('group', { name: 'Total paid' })).toContainText(`${family.price} BHD`);
});
