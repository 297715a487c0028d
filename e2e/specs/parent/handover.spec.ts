import { expect, test } from '../../fixtures/handover-world.js';
import { wordsOf, fill } from '../../fixtures/catalogs.js';
import { failedRequest } from '../../fixtures/test.js';
import { signInByEmail, signInDriver } from '../../fixtures/session.js';
import { parentDay } from '../../../apps/web/src/i18n/en/parent-day.js';
import { parentDay as arParentDay } from '../../../apps/web/src/i18n/ar/parent-day.js';
import { messages as arMessages } from '../../../apps/web/src/i18n/ar/messages.js';
import { expectLanguage, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { HANDOVER_MESSAGES } from '@school-transport/contracts';

/**
 * Safe handover on a phone (360 px): Ali's mother lists his aunt Maryam and sends a one-day code
 * to his uncle; at the afternoon stop the attendant's plain 'Dropped home' is refused for Ali (KG2,
 * the school hands children up to grade 3 only to named adults), Maryam receives him, and his
 * card on the family's dashboard says who received him. Then the same in Arabic for his sister Huda.
 */
const day = wordsOf('en').driver.today;
const handover = parentDay.handover;

test.use({ viewport: { width: 360, height: 740 } });

test("a parent names an aunt and a delegate; the attendant hands Ali only to the aunt; the family's card says so", async ({
  page,
  browser,
  handoverWorld,
  expectConsoleError,
}) => {
  await signInByEmail(page, handoverWorld.parent.email, handoverWorld.parent.password);
  await page.goto('/parent');
  const section = page.getByRole('region', { name: handover.title });
  await expect(section).toBeVisible();
  await section.getByLabel(handover.adults.name, { exact: true }).fill('Maryam');
  await section.getByRole('combobox', { name: handover.adults.relation }).click();
  await page.getByRole('option', { name: handover.relation.aunt, exact: true }).click();
  await section.getByLabel(handover.adults.phone, { exact: true }).fill('36222333');
  await section.getByRole('button', { name: handover.adults.add }).click();
  await expect(section.getByTestId('authorised-adult')).toContainText(
    fill(handover.adults.line, { name: 'Maryam', relation: handover.relation.aunt, phone: '36222333' }),
  );

  await section.getByRole('combobox', { name: handover.codes.student }).click();
  await page.getByRole('option', { name: 'Ali Saleh', exact: true }).click();
  await section.getByLabel(handover.codes.name).fill('Khalid');
  await section.getByLabel(handover.codes.phone).fill('36555111');
  await section.getByRole('button', { name: handover.codes.issue }).click();
  await expect(section.getByText(fill(handover.codes.issuedTitle, { name: 'Khalid' }))).toBeVisible();
  await expect(section.getByText(/The code is \d{6}\./)).toBeVisible();
  await expect(page.getByRole('switch', { name: fill(handover.switch, { name: 'Ali Yousif Saleh' }) })).toBeChecked();

  // The attendant, on her own phone.
  const crew = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: handoverWorld.url });
  const phone = await crew.newPage();
  await signInDriver(phone, handoverWorld.attendant.phone, handoverWorld.attendant.password);
  await phone.goto('/driver/today');
  await phone.locator('label', { hasText: day.afternoon }).click();
  await phone.getByRole('button', { name: day.start }).click();
  const ali = phone.getByRole('article', { name: 'Ali Saleh' });
  await ali.getByRole('button', { name: day.mark.afternoon.boarded, exact: true }).click();
  await expect(ali).toContainText(day.rider.boarded);
  await ali.getByRole('button', { name: day.mark.afternoon.dropped, exact: true }).click();
  // The server refuses the plain drop (409), and the crew is told why where they tapped.
  expectConsoleError(failedRequest(409, '/api/driver/runs/afternoon/marks'));
  await expect(phone.getByRole('alert').filter({ hasText: HANDOVER_MESSAGES.handToAdult.replace('{{firstName}}', 'Ali') })).toBeVisible();
  await expect(ali).toContainText(day.rider.boarded);
  await expect(ali.getByRole('link', { name: fill(day.handover.callLabel, { name: 'Maryam', relation: day.handover.relation.aunt }) })).toHaveAttribute(
    'href',
    'tel:36222333',
  );
  await ali.getByRole('button', { name: fill(day.handover.handTo, { name: 'Maryam', relation: day.handover.relation.aunt }) }).click();
  await expect(ali.getByTestId('received-by')).toHaveText(fill(day.handover.receivedBy, { name: 'Maryam', relation: day.handover.relation.aunt }));
  await expect(ali).toContainText(day.rider.dropped);
  await crew.close();

  await page.reload();
  await expect(page.getByRole('article', { name: /^Ali / }).getByRole('status', { name: parentDay.today.title })).toContainText(
    fill(handover.receivedBy, { name: 'Maryam', relation: handover.relation.aunt }),
  );
});

test('in Arabic, right to left: the attendant is refused a plain drop for Huda, hands her to her aunt, and the family reads who received her', async ({
  page,
  browser,
  handoverWorld,
  expectConsoleError,
}) => {
  const dayAr = wordsOf('ar').driver.today;
  const crew = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: handoverWorld.url });
  const phone = await crew.newPage();
  try {
    await signInDriver(phone, handoverWorld.attendant.phone, handoverWorld.attendant.password);
    await showLanguage(phone, 'ar', { signedIn: true });
    await phone.goto('/driver/today');
    await expectLanguage(phone, 'ar');
    await phone.locator('label', { hasText: dayAr.afternoon }).click();
    const huda = phone.getByRole('article', { name: 'Huda Saleh' });
    await huda.getByRole('button', { name: dayAr.mark.afternoon.boarded, exact: true }).click();
    await expect(huda).toContainText(dayAr.rider.boarded);
    await huda.getByRole('button', { name: dayAr.mark.afternoon.dropped, exact: true }).click();
    expectConsoleError(failedRequest(409, '/api/driver/runs/afternoon/marks'));
    await expect(phone.getByRole('alert').filter({ hasText: fill(arMessages.handover.handToAdult, { firstName: 'Huda' }) })).toBeVisible();
    await huda.getByRole('button', { name: fill(dayAr.handover.handTo, { name: 'Maryam', relation: dayAr.handover.relation.aunt }) }).click();
    await expect(huda.getByTestId('received-by')).toHaveText(fill(dayAr.handover.receivedBy, { name: 'Maryam', relation: dayAr.handover.relation.aunt }));
  } finally {
    await setAccountLanguage(phone.request, 'en');
    await crew.close();
  }

  await signInByEmail(page, handoverWorld.parent.email, handoverWorld.parent.password);
  await showLanguage(page, 'ar', { signedIn: true });
  try {
    await page.goto('/parent');
    await expectLanguage(page, 'ar');
    const card = page.getByRole('article', { name: /^Huda / });
    await expect(card.getByRole('status', { name: arParentDay.today.title })).toContainText(
      fill(arParentDay.handover.receivedBy, { name: 'Maryam', relation: arParentDay.handover.relation.aunt }),
    );
  } finally {
    await setAccountLanguage(page.request, 'en');
  }
});
