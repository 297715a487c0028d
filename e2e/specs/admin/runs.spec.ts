import type { Page } from '@playwright/test';
import type { DriverRunsList } from '@school-transport/contracts';
import { expect, failedRequest, test } from '../../fixtures/test.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail, signInDriver } from '../../fixtures/session.js';
import { restoreSchoolWeek, seedSchoolDayFamily, type SchoolDayFamily } from '../../fixtures/school-day.js';
import { fill, wordsOf } from '../../fixtures/catalogs.js';
import { adminWords, named } from '../../fixtures/admin-words.js';
import { checkScreen } from '../../fixtures/a11y.js';

/**
 * A bus that does two afternoon runs, at 360 px: the office plans 'Afternoon – KG' for the bus in
 * its Runs dialog (a window overlapping the afternoon run is a warning it can fix); the bell lists
 * the children whom two runs now serve, with the runs to choose from; the office places the
 * kindergarten child on the KG run (from the bell) and the older brother on the afternoon run in
 * their Edit Student dialogs, cannot delete the run while a child is placed on it by hand, picks
 * each afternoon run on the Routes tab and sees its own stop, and the driver's phone shows both
 * afternoon runs in planned-start order, each with its own child; the parent's card names the run.
 */
const w = adminWords('en');
const runs = w.routes.plannedRuns;
const driverWords = wordsOf('en').driver.today;
const KG_RUN = 'Afternoon – KG';

test.use({ viewport: { width: 360, height: 740 } });
// The office's planning, two student edits, the driver's phone and the parent's card: one story, longer than a screen's test.
test.describe.configure({ timeout: 4 * 60_000 });

let family: SchoolDayFamily;
test.beforeAll(async ({ server }) => {
  family = await seedSchoolDayFamily(server.url, `runs${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, family.settingsBefore);
});

async function plannedRuns(page: Page): Promise<DriverRunsList['runs']> {
  const response = await page.request.get(`/api/admin/drivers/${family.driver.id}/runs`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as DriverRunsList).runs;
}

/** Opens a child's Edit Student dialog, chooses their afternoon run and saves. */
async function placeOnAfternoonRun(page: Page, child: { firstName: string; lastName: string }, runOption: string): Promise<void> {
  const fullName = `${child.firstName} Khalid ${child.lastName}`;
  await page.goto(`/admin?tab=students&search=${child.firstName}`);
  await page.getByRole('button', { name: fill(w.students.actions.edit, { name: fullName }) }).click();
  await chooseAfternoonRun(page, runOption);
}

/** In the open Edit Student dialog, chooses the child's afternoon run and saves. */
async function chooseAfternoonRun(page: Page, runOption: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: w.students.form.editTitle });
  const picker = dialog.getByRole('combobox', { name: w.students.form.afternoonRun, exact: true });
  await expect(picker).toHaveValue(w.students.form.byRule);
  await picker.click();
  await page.getByRole('option', { name: runOption, exact: true }).click();
  await expect(picker).toHaveValue(runOption);
  await dialog.getByRole('button', { name: w.admin.common.save, exact: true }).click();
  await expect(page.getByText(w.students.toasts.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('the office plans a kindergarten afternoon run, places a child on it from the bell and sees its stop on the Routes tab; the driver’s screen shows two afternoon runs', async ({
  page,
  browser,
  server,
  expectConsoleError,
}) => {
  const [kg, brother] = family.children as [SchoolDayFamily['children'][number], SchoolDayFamily['children'][number]];
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const afternoon = (await plannedRuns(page)).find((run) => run.direction === 'afternoon')!;

  // The Drivers tab (by its address: the sidebar is behind the menu button at this width).
  await page.goto('/admin?tab=drivers');
  const row = page.getByRole('row', { name: new RegExp(family.driver.name) });
  await row.getByRole('button', { name: fill(runs.openLabel, { driver: family.driver.name }) }).click();
  const dialog = page.getByRole('dialog', { name: fill(runs.title, { driver: family.driver.name }) });
  const cards = dialog.getByTestId('planned-run');
  // A new bus starts with a morning and an afternoon run, both on the day's timeline.
  await expect(cards).toHaveCount(2);
  await expect(dialog.getByRole('figure', { name: runs.timeline }).getByRole('listitem')).toHaveCount(2);

  // The kindergarten run, planned at first over the afternoon run's start.
  await dialog.getByRole('button', { name: fill(runs.addLabel, { driver: family.driver.name }) }).click();
  await dialog.getByRole('textbox', { name: new RegExp(`^${runs.name}`) }).fill(KG_RUN);
  await expect(dialog.getByRole('combobox', { name: new RegExp(`^${runs.direction}`) })).toHaveValue(runs.directions.afternoon);
  await dialog.getByLabel(runs.plannedStart).fill('11:30');
  await dialog.getByLabel(runs.plannedEnd).fill(afternoon.plannedEnd);
  await expect(dialog.getByTestId('follows-school-week')).toHaveText(runs.followsSchoolWeek);
  await dialog.getByRole('button', { name: w.admin.common.save, exact: true }).click();
  await expect(page.getByText(runs.added)).toBeVisible();
  await expect(cards).toHaveCount(3);
  const kgCard = dialog.getByRole('listitem', { name: KG_RUN, exact: true });
  // A warning, not a refusal: the office may know better.
  await expect(kgCard.getByTestId('run-overlap')).toContainText(fill(runs.overlaps, { name: 'Afternoon' }));
  await expect(dialog.getByRole('listitem', { name: 'Afternoon', exact: true }).getByTestId('run-overlap')).toContainText(
    fill(runs.overlaps, { name: KG_RUN }),
  );
  await expect(kgCard).toContainText(runs.followsSchoolWeek);

  // Edited to end at 12:30, before the afternoon run starts: no overlap left.
  await kgCard.getByRole('button', { name: fill(runs.editLabel, { name: KG_RUN }) }).click();
  await expect(dialog.getByRole('heading', { name: runs.editTitle })).toBeVisible();
  await dialog.getByLabel(runs.plannedEnd).fill('12:30');
  await dialog.getByRole('button', { name: w.admin.common.save, exact: true }).click();
  await expect(page.getByText(runs.updated)).toBeVisible();
  await expect(kgCard).toContainText(fill(runs.window, { start: '11:30', end: '12:30' }));
  await expect(dialog.getByTestId('run-overlap')).toHaveCount(0);
  await expect(dialog.getByRole('figure', { name: runs.timeline })).toContainText(fill(runs.timelineBar, { name: KG_RUN, start: '11:30', end: '12:30' }));
  // Both afternoon runs serve the children's school: nobody rides either until placed by hand.
  await expect(kgCard.getByTestId('run-riders')).toHaveText(fill(runs.ridersOnly, { riders: 0 }));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The bell lists both children to place, with the bus and the runs to choose from in planned-start order.
  const bellWords = w.analytics.bell;
  await page.getByRole('button', { name: named(bellWords.labelWithToPlace) }).click();
  const bell = page.getByRole('dialog', { name: bellWords.title });
  const toPlace = bell.getByRole('list', { name: bellWords.toPlace.title });
  const choice = fill(bellWords.toPlace.choose, {
    direction: bellWords.toPlace.directions.afternoon,
    driver: family.driver.name,
    runs: `${KG_RUN} or ${bellWords.toPlace.directions.afternoon}`,
  });
  const kgToPlace = toPlace.getByRole('link', { name: new RegExp(`^${kg.firstName} Khalid ${kg.lastName}`) });
  await expect(kgToPlace).toContainText(choice);
  await expect(toPlace.getByRole('link', { name: new RegExp(`^${brother.firstName} Khalid ${brother.lastName}`) })).toContainText(choice);
  await checkScreen(page, { route: 'admin-bell-to-place', role: 'admin', language: 'en' }, { include: '[role="dialog"]' });

  // The kindergarten child goes home on the KG run (placed from the bell's link), the brother on the afternoon run.
  await kgToPlace.click();
  await expect(page).toHaveURL(new RegExp(`tab=students&edit=${kg.id}$`));
  await chooseAfternoonRun(page, `${KG_RUN} · 11:30–12:30`);
  await placeOnAfternoonRun(page, brother, `Afternoon · ${afternoon.plannedStart}–${afternoon.plannedEnd}`);
  // Placed, neither waits in the bell.
  await page.getByRole('button', { name: named(bellWords.label) }).click();
  await expect(page.getByRole('dialog', { name: bellWords.title })).toBeVisible();
  await expect(
    page
      .getByRole('dialog', { name: bellWords.title })
      .getByRole('link', { name: new RegExp(`^(${kg.firstName}|${brother.firstName}) Khalid ${kg.lastName}`) }),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('/admin?tab=drivers');
  await row.getByRole('button', { name: fill(runs.openLabel, { driver: family.driver.name }) }).click();
  await expect(kgCard.getByTestId('run-riders')).toHaveText(fill(runs.ridersOnly, { riders: 1 }));
  // A run with a child placed on it by hand stays: the refusal is shown beside its Delete button.
  expectConsoleError(failedRequest(409, '/trpc/admin.plannedRuns.remove'));
  await kgCard.getByRole('button', { name: fill(runs.deleteLabel, { name: KG_RUN }) }).click();
  await expect(kgCard).toContainText(fill(runs.deleteConfirm, { name: KG_RUN }));
  await kgCard.getByRole('button', { name: runs.deleteYes, exact: true }).click();
  await expect(kgCard.getByRole('alert')).toHaveText('Children are placed on this run by hand. Place them on another run first.');
  await expect(cards).toHaveCount(3);

  // The Routes tab picks a run, not a direction: each afternoon run shows its own child's stop.
  const routeWords = w.routes;
  await page.goto('/admin?tab=routes');
  await page.getByRole('combobox', { name: routeWords.driver }).click();
  await page.getByRole('combobox', { name: routeWords.driver }).fill(family.driver.name);
  await page.getByRole('option', { name: family.driver.name }).click();
  // exact: the list's 'Show the run as' (map or list) is a radiogroup too.
  const runPicker = page.getByRole('radiogroup', { name: routeWords.run, exact: true });
  await expect(runPicker.getByRole('radio')).toHaveCount(3);
  const stops = page.getByTestId('route-stop');
  // The bus's first run shows first: the morning, both children at their one address.
  await expect(stops).toHaveCount(1);
  await expect(stops).toContainText(`${kg.firstName} ${kg.lastName}`);
  await expect(stops).toContainText(`${brother.firstName} ${brother.lastName}`);
  await runPicker.locator('label', { hasText: KG_RUN }).click();
  await expect(stops).not.toContainText(brother.firstName);
  await expect(stops).toContainText(`${kg.firstName} ${kg.lastName}`);
  await expect(page.getByTestId('route-riders')).toHaveText(fill(routeWords.noSeatLimit, { riders: 1 }));
  await checkScreen(page, { route: 'admin-routes-run-picker', role: 'admin', language: 'en' });
  await runPicker.locator('label', { hasText: `${routeWords.runName.afternoon} · ${afternoon.plannedStart}` }).click();
  await expect(stops).toContainText(`${brother.firstName} ${brother.lastName}`);
  await expect(stops).not.toContainText(kg.firstName);

  // The driver's phone: today's runs in planned-start order, the KG run before the afternoon run.
  const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
  try {
    const driver = await phone.newPage();
    await signInDriver(driver, family.driver.phone, family.driver.password);
    await driver.goto('/driver/today');
    const choices = driver.getByRole('radio');
    await expect(choices).toHaveCount(3);
    const labels = await choices.evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent ?? ''));
    expect(labels).toEqual([
      expect.stringMatching(new RegExp(`^${driverWords.morning} · `)),
      `${KG_RUN} · 11:30–12:30`,
      `${driverWords.afternoon} · ${afternoon.plannedStart}–${afternoon.plannedEnd}`,
    ]);

    const kgChild = driver.getByRole('article', { name: `${kg.firstName} ${kg.lastName}` });
    const brotherCard = driver.getByRole('article', { name: `${brother.firstName} ${brother.lastName}` });
    await driver.locator('label', { hasText: KG_RUN }).click();
    await expect(driver.getByRole('heading', { level: 2, name: `${KG_RUN} · ${driverWords.afternoonHint} · 11:30–12:30` })).toBeVisible();
    await expect(kgChild).toBeVisible();
    await expect(brotherCard).toHaveCount(0);

    await driver.locator('label', { hasText: driverWords.afternoon }).click();
    await expect(
      driver.getByRole('heading', {
        level: 2,
        name: `${driverWords.afternoon} · ${driverWords.afternoonHint} · ${afternoon.plannedStart}–${afternoon.plannedEnd}`,
      }),
    ).toBeVisible();
    await expect(brotherCard).toBeVisible();
    await expect(kgChild).toHaveCount(0);
  } finally {
    await phone.close();
  }

  // The family's own phone: the card names the kindergarten child's run home.
  const familyPhone = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
  try {
    const parent = await familyPhone.newPage();
    await signInByEmail(parent, family.email, family.password);
    await parent.goto('/parent');
    await expect(parent.getByRole('article', { name: `${kg.firstName} Khalid ${kg.lastName}` }).getByRole('status', { name: 'Today' })).toContainText(
      `Afternoon · ${KG_RUN}:`,
    );
  } finally {
    await familyPhone.close();
  }
});
