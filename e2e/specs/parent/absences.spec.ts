import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { OPEN_DIALOG, checkScreen, expectFitsWidth, expectLanguage, expectTouchTargets, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { addDays, WEEKDAYS, weekdayOf } from '@school-transport/contracts';
import {
  bahrainClock,
  bahrainDays,
  markAsDriver,
  restoreSchoolWeek,
  seedSchoolDayFamily,
  signedInDriverApi,
  signedInOffice,
  type SchoolDayFamily,
} from '../../fixtures/school-day.js';
import { longDate, pickDay, shortDate } from '../../fixtures/date-picker.js';
import { parentDay as en } from '../../../apps/web/src/i18n/en/parent-day.js';
import { parentDay as ar } from '../../../apps/web/src/i18n/ar/parent-day.js';

/**
 * The family's school day on a phone: Not riding on a student card (a day, both runs, a reason),
 * the absence listed on the card with Cancel and in the office's Today tab for that day, and the
 * driver's marks on the card with their times on Bahrain's clock.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 3 * 60_000 });

let family: SchoolDayFamily;
test.beforeAll(async ({ server }) => {
  family = await seedSchoolDayFamily(server.url, `abs${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, family.settingsBefore);
});

const cardOf = (page: Page, child: { firstName: string }) => page.getByRole('article', { name: new RegExp(`^${child.firstName} `) });
const fullName = (child: { firstName: string; lastName: string }) => `${child.firstName} Khalid ${child.lastName}`;

test('the parent reports tomorrow’s absence: the card lists it with Cancel, and the office’s Today tab for that day lists it', async ({
  page,
  browser,
  server,
}) => {
  const { tomorrow } = bahrainDays();
  const sara = family.children[0]!;
  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  const card = cardOf(page, sara);
  await expect(card.getByRole('heading', { name: en.today.title })).toBeVisible();
  // Nobody marked today yet: both runs are expected.
  await expect(card.getByText(`${en.today.run.morning}: ${en.today.status.expected}`)).toBeVisible();
  await expect(card.getByText(`${en.today.run.afternoon}: ${en.today.status.expected}`)).toBeVisible();

  const opener = card.getByRole('button', { name: `Report that ${fullName(sara)} is not riding` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Not riding: ${sara.firstName} ${sara.lastName}` });
  await expect(dialog).toBeVisible();
  await expectFitsWidth(page, dialog, 'not-riding dialog');
  await expectTouchTargets(page, 'not-riding dialog');
  await checkScreen(page, { route: 'parent-not-riding', role: 'parent', language: 'en' }, { include: OPEN_DIALOG });

  // Without a day the dialog asks for one.
  await dialog.getByRole('button', { name: en.dialog.submit }).click();
  await expect(dialog.getByText(en.dialog.dayRequired)).toBeVisible();

  // A student on both runs may choose either or both.
  await expect(dialog.getByRole('radiogroup', { name: en.dialog.run }).getByRole('radio')).toHaveCount(3);
  await pickDay(page, dialog.getByRole('button', { name: en.dialog.day }), tomorrow);
  await dialog.getByLabel(en.dialog.reason).fill('Fever');
  await dialog.getByRole('button', { name: en.dialog.submit }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.dialog.reported })).toBeVisible();
  await expect(dialog).toBeHidden();

  const listed = card.getByRole('listitem').filter({ hasText: shortDate(tomorrow) });
  await expect(listed).toContainText(`${en.absences.run.both} · Fever`);
  await expect(listed.getByRole('button', { name: `Cancel the absence of ${shortDate(tomorrow)}, ${en.absences.run.both}` })).toBeVisible();
  // The other child is not absent.
  await expect(cardOf(page, family.children[1]!).getByRole('listitem')).toHaveCount(0);

  // The office's Today tab, on that day.
  const officeContext = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
  const office = await officeContext.newPage();
  try {
    await signInByEmail(office, E2E_ADMIN.email, E2E_ADMIN.password);
    await office.goto('/admin?tab=today');
    await expect(office.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible({ timeout: 20_000 });
    await pickDay(office, office.getByRole('button', { name: 'Day', exact: true }), tomorrow);
    const absences = office.getByRole('table', { name: 'Absences' });
    const row = absences.getByRole('row').filter({ hasText: `${sara.firstName} ${sara.lastName}` });
    await expect(row).toContainText('Both runs');
    await expect(row).toContainText('Fever');
    await expect(row).toContainText(family.driver.name);
  } finally {
    await officeContext.close();
  }
});

test('the driver’s marks appear on the card with their times; a no-show is said so', async ({ page, server }) => {
  const [sara, yousif] = family.children as [SchoolDayFamily['children'][number], SchoolDayFamily['children'][number]];
  const driver = await signedInDriverApi(server.url, family.driver);
  const boarded = await markAsDriver(driver, 'morning', sara.id, 'boarded', 30);
  const atSchool = await markAsDriver(driver, 'morning', sara.id, 'dropped', 5);
  const noShow = await markAsDriver(driver, 'morning', yousif.id, 'no_show', 25);
  await driver.dispose();

  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  // Each mark says who made it: 'Boarded 06:42 · marked by <the driver>'.
  const by = en.today.markedBy.replace('{{name}}', family.driver.name);
  await expect(
    cardOf(page, sara).getByText(`${en.today.run.morning}: Boarded ${bahrainClock(boarded.at)} · ${by} · At school ${bahrainClock(atSchool.at)} · ${by}`),
  ).toBeVisible();
  await expect(cardOf(page, sara).getByText(`${en.today.run.afternoon}: ${en.today.status.expected}`)).toBeVisible();
  await expect(cardOf(page, yousif).getByText(`${en.today.run.morning}: Not at the bus ${bahrainClock(noShow.at)} · ${by}`)).toBeVisible();
});

test('in Arabic, right to left: the card’s day and the Not riding dialog; Cancel takes the absence off the card', async ({ page }) => {
  const sara = family.children[0]!;
  await signInByEmail(page, family.email, family.password);
  await showLanguage(page, 'ar', { signedIn: true });
  try {
    await page.goto('/parent');
    await expectLanguage(page, 'ar');
    const card = cardOf(page, sara);
    await expect(card.getByRole('heading', { name: ar.today.title })).toBeVisible();
    await expect(card.getByRole('button', { name: ar.absences.cancel })).toBeVisible();
    await checkScreen(page, { route: 'parent-school-day', role: 'parent', language: 'ar' });

    await card.getByRole('button', { name: ar.absences.notRidingLabel.replace('{{name}}', fullName(sara)) }).click();
    const dialog = page.getByRole('dialog', { name: ar.dialog.title.replace('{{name}}', `${sara.firstName} ${sara.lastName}`) });
    await expect(dialog).toBeVisible();
    await checkScreen(page, { route: 'parent-not-riding', role: 'parent', language: 'ar' }, { include: OPEN_DIALOG });
    await dialog.getByRole('button', { name: ar.dialog.close }).first().click();
    await expect(dialog).toBeHidden();

    await card.getByRole('button', { name: ar.absences.cancel }).click();
    await expect(page.getByRole('alert').filter({ hasText: ar.absences.cancelled })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(0);
  } finally {
    await setAccountLanguage(page.request, 'en');
  }
});

test('boarded and dropped messages and the evening message are off until the family turns them on, each on its own', async ({ page }) => {
  await signInByEmail(page, family.email, family.password);
  await page.goto('/parent');
  const choice = page.getByRole('switch', { name: en.messages.boardedAndDropped });
  const evening = page.getByRole('switch', { name: en.messages.tomorrow });
  await expect(choice).not.toBeChecked();
  await expect(evening).not.toBeChecked();
  await choice.check();
  await expect(page.getByRole('alert').filter({ hasText: en.messages.saved })).toBeVisible();
  const saved = await page.request.get('/api/parent/school-day-messages');
  expect(await saved.json()).toEqual({ messages: { boardedAndDropped: true, tomorrow: false } });
  await evening.check();
  await expect
    .poll(async () => (await (await page.request.get('/api/parent/school-day-messages')).json()) as unknown)
    .toEqual({ messages: { boardedAndDropped: true, tomorrow: true } });
  await page.reload();
  await expect(page.getByRole('switch', { name: en.messages.boardedAndDropped })).toBeChecked();
  await expect(page.getByRole('switch', { name: en.messages.tomorrow })).toBeChecked();
});

/** The calendar's direction of a month arrow: which way its chevron points on screen, from its drawn box's rotation. */
async function arrowPoints(arrow: ReturnType<Page['getByRole']>): Promise<'left' | 'right' | 'up' | 'down'> {
  // The chevron points down before any rotation; a rotation of 90° clockwise turns it to the left.
  return arrow.locator('svg').evaluate((chevron) => {
    const { a, b } = new DOMMatrixReadOnly(getComputedStyle(chevron).transform === 'none' ? undefined : getComputedStyle(chevron).transform);
    const angle = Math.round((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
    return ({ 0: 'down', 90: 'left', 180: 'up', 270: 'right' } as const)[angle as 0 | 90 | 180 | 270];
  });
}

test('the Not riding calendar offers only days with a run; in Arabic its month arrows point the way the months go', async ({ page, server }) => {
  const { today, tomorrow } = bahrainDays();
  // A no-service date the day after tomorrow, and the weekday of the day after it out of the school week.
  const holiday = addDays(today, 2);
  const weekend = addDays(today, 3);
  const office = await signedInOffice(server.url);
  const sara = family.children[0]!;
  try {
    const setting = await office.put('/api/admin/settings/school-day', {
      data: {
        ...family.settingsBefore,
        schoolDays: WEEKDAYS.filter((day) => day !== weekdayOf(weekend)),
        noServiceDates: [{ date: holiday, name: 'Test holiday' }],
      },
    });
    expect(setting.status(), await setting.text()).toBe(200);
    await signInByEmail(page, family.email, family.password);
    await page.goto('/parent');
    await cardOf(page, sara)
      .getByRole('button', { name: `Report that ${fullName(sara)} is not riding` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Not riding: ${sara.firstName} ${sara.lastName}` });
    await dialog.getByRole('button', { name: en.dialog.day }).click();
    const next = page.getByRole('button', { name: en.dialog.calendar.nextMonth }).last();
    await expect(next).toBeVisible();
    const dayButton = (day: string) => page.getByRole('button', { name: longDate(day), exact: true }).first();
    for (const day of [tomorrow, holiday, weekend]) {
      if (!(await dayButton(day).isVisible())) await next.click();
      await expect(dayButton(day)).toBeVisible();
      // Before the change the holiday and the weekend day were offered, and refused on sending ('There is no school run on these days').
      if (day === tomorrow) await expect(dayButton(day), day).toBeEnabled();
      else await expect(dayButton(day), day).toBeDisabled();
    }
    await page.keyboard.press('Escape');

    // In Arabic, right to left: the previous month's arrow is at the right and points right, the next month's at the left and points left.
    await showLanguage(page, 'ar', { signedIn: true });
    await page.reload();
    await expectLanguage(page, 'ar');
    await cardOf(page, sara)
      .getByRole('button', { name: ar.absences.notRidingLabel.replace('{{name}}', fullName(sara)) })
      .click();
    const arabic = page.getByRole('dialog', { name: ar.dialog.title.replace('{{name}}', `${sara.firstName} ${sara.lastName}`) });
    await arabic.getByRole('button', { name: ar.dialog.day }).click();
    const previous = page.getByRole('button', { name: ar.dialog.calendar.previousMonth }).last();
    const following = page.getByRole('button', { name: ar.dialog.calendar.nextMonth }).last();
    await expect(following).toBeVisible();
    const [previousBox, followingBox] = [await previous.boundingBox(), await following.boundingBox()];
    // Read from the drawn chevrons' rotation (checked once against the screenshot's pixels: the next month's '<' at the left).
    expect(previousBox!.x).toBeGreaterThan(followingBox!.x);
    expect(await arrowPoints(previous)).toBe('right');
    expect(await arrowPoints(following)).toBe('left');
  } finally {
    await setAccountLanguage(page.request, 'en');
    await office.put('/api/admin/settings/school-day', { data: { ...family.settingsBefore, schoolDays: [...WEEKDAYS], noServiceDates: [] } });
    await office.dispose();
  }
});
