import { expect, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { expectNoAxeViolations, expectNoSidewaysScroll, settle } from '../../fixtures/a11y.js';
import { schoolWithFamilies } from '../../fixtures/office-families.js';

test.use({ viewport: { width: 360, height: 740 } });

test("at 360 px the office messages a school's families: the count by language first, then one message each in its language", async ({ page }) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const school = await schoolWithFamilies(page.request, ['en', 'ar']);
  // The sidebar is behind the burger at this width: open the tab by its address.
  await page.goto('/admin?tab=outbox');
  await page.getByRole('button', { name: 'Message families' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message families' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Send to' }).click();
  await page.getByRole('option', { name: 'The families of a school' }).click();
  const count = dialog.getByTestId('family-count');
  await expect(count).toHaveText('Choose who gets the message to see how many families it reaches.');
  await expect(dialog.getByRole('button', { name: /^Send to/ })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'School' }).fill(school.schoolName);
  await page.getByRole('option', { name: school.schoolName }).click();
  await expect(count).toHaveText('This message goes to 2 families: 1 in English, 1 in Arabic.');

  // Sending without the English is refused on the spot.
  await dialog.getByRole('button', { name: 'Send to 2 families' }).click();
  await expect(dialog.getByText('Write the message in English')).toBeVisible();
  await dialog.getByLabel('Message in English').fill('Bus 12 is running 15 minutes late');
  await dialog.getByLabel('Message in Arabic (optional)').fill('الحافلة 12 متأخرة 15 دقيقة');

  await settle(page);
  await expectNoAxeViolations(page, 'the Message families dialog at 360 px', { include: '[role="dialog"]' });
  await expectNoSidewaysScroll(page, 'the Message families dialog at 360 px');
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/family-messages-360.png`, fullPage: true });

  await dialog.getByRole('button', { name: 'Send to 2 families' }).click();
  await expect(page.getByText('Queued: 2. Held in the Outbox: 0.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Message families' })).toBeFocused();

  // The Outbox shows one message per family, each in the family's language.
  for (const family of school.families) {
    await page.getByLabel('Recipient').fill(family.phone);
    const row = page.getByRole('row', { name: /Message from the office/ });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(family.language === 'ar' ? 'الحافلة 12 متأخرة 15 دقيقة' : 'Bus 12 is running 15 minutes late');
  }
  await settle(page);
  await expectNoAxeViolations(page, 'the Outbox at 360 px');
});

test('the dialog is in Arabic for an office that reads Arabic, and passes the accessibility gate', async ({ page }) => {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.addInitScript(() => window.localStorage.setItem('student-transport.language', 'ar'));
  const setLanguage = await page.request.post('/trpc/auth.setLanguage', { data: { language: 'ar' } });
  expect(setLanguage.status()).toBe(200);
  try {
    await page.goto('/admin?tab=outbox');
    await page.getByRole('button', { name: 'مراسلة الأسر' }).click();
    const dialog = page.getByRole('dialog', { name: 'مراسلة الأسر' });
    await dialog.getByRole('combobox', { name: 'إرسال إلى' }).click();
    await page.getByRole('option', { name: 'جميع الأسر' }).click();
    await expect(dialog.getByTestId('family-count')).toContainText(/تصل هذه الرسالة إلى/);
    await settle(page);
    await expectNoAxeViolations(page, 'the Message families dialog in Arabic at 360 px', { include: '[role="dialog"]' });
    await expectNoSidewaysScroll(page, 'the Message families dialog in Arabic at 360 px');
  } finally {
    await page.request.post('/trpc/auth.setLanguage', { data: { language: 'en' } });
  }
});
