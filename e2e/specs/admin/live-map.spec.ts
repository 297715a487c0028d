import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { addDays, type FixInput } from '@school-transport/contracts';
import { expect, test } from '../../fixtures/test.js';
import { expectNoSidewaysScroll, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { DEMO, E2E_ADMIN } from '../../fixtures/accounts.js';
import { fill } from '../../fixtures/catalogs.js';
import { longDate, pickDay } from '../../fixtures/date-picker.js';
import { signInByEmail } from '../../fixtures/session.js';
import { bahrainClock, bahrainDays, markAsDriver, markRemainingNotHere, restoreSchoolWeek, signedInDriverApi } from '../../fixtures/school-day.js';
import { seedRoute, type RouteWorld } from '../../fixtures/routes.js';
import { liveBus } from '../../../apps/web/src/i18n/en/live-bus.js';
import { liveBus as arLiveBus } from '../../../apps/web/src/i18n/ar/live-bus.js';

/**
 * The office's Live map tab: a driver's morning run in progress, its positions posted by the
 * driver's phone through the documented API (the phone's own sharing is live-bus.spec.ts's), and
 * what the office sees: the bus listed and drawn with its driver, the age of its last fix and the
 * children on board, moving without a reload when the tab reads the buses again (every 10 s: the
 * page's clock is run on to it); the run's trail over its stops; staff seeing the same, and a run
 * without positions saying so; the tab on a phone in Arabic.
 *
 * The run's stops (routes fixture): Huda's house at 26.2235, 50.5876 first, then Lina's and Omar's
 * (the siblings' house has no position). The bus drives north towards Huda's along the 50.5876
 * meridian, then turns north-east.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const en = liveBus.office;
const ar = arLiveBus.office;
/** Where the bus is at each fix: the turn keeps the trail's middle point (a straight line would need only its ends). */
const ROAD = [
  [26.2, 50.5876],
  [26.205, 50.5876],
  // About 200 m on, some seconds after the fix before: a bus can (the server drops a fix further than 200 km/h allows).
  [26.2065, 50.5888],
] as const;
/** How often the tab reads the buses again (LiveMapTab.tsx). */
const REFRESH_MS = 10_000;

let world: RouteWorld;
let driver: APIRequestContext;
/** The fixes posted so far, oldest first: the run's trail. */
const trail: FixInput[] = [];

const fixAt = ([lat, lng]: readonly [number, number], secondsAgo: number): FixInput => ({
  lat,
  lng,
  accuracy: 12,
  at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
});

/** Positions from the driver's phone, as it posts them. */
async function postFixes(...fixes: FixInput[]): Promise<void> {
  const response = await driver.post('/api/driver/positions', { data: { run: 'morning', fixes } });
  expect(response.status(), await response.text()).toBe(202);
  expect(((await response.json()) as { accepted: number }).accepted).toBe(fixes.length);
  trail.push(...fixes);
}

test.beforeAll(async ({ server }) => {
  world = await seedRoute(server.url, `map${Date.now().toString(36)}`);
  driver = await signedInDriverApi(server.url, world.family.driver);
  const started = await driver.post('/api/driver/runs/morning/start', { data: {} });
  expect(started.status(), await started.text()).toBe(200);
});
test.afterAll(async ({ server }) => {
  // The run ends (its child off the bus first), so no other spec on this server finds a bus under way.
  await markAsDriver(driver, 'morning', world.family.children[0]!.id, 'dropped', 0);
  await markRemainingNotHere(driver, 'morning');
  const ended = await driver.post('/api/driver/runs/morning/end', { data: {} });
  expect(ended.status(), await ended.text()).toBe(200);
  await driver.dispose();
  await restoreSchoolWeek(server.url, world.family.settingsBefore);
});

async function openLiveMap(page: Page, heading: string = en.title): Promise<void> {
  await page.goto('/admin?tab=liveMap');
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible({ timeout: 20_000 });
}

/** The table's row of this spec's bus (other specs' buses may be listed beside it). */
const busRow = (page: Page): Locator => page.getByTestId('live-bus-row').filter({ hasText: world.family.driver.name });
/** This spec's bus on the map of the buses: its marker is named by its driver and the age of its fix. */
const busMarker = (page: Page): Locator => page.getByRole('region', { name: en.mapLabel }).getByTitle(new RegExp(`^${world.family.driver.name}: `));
/** The whole of `element` is between the screen's edges (within a pixel: boxes fall on fractions). */
async function expectAcrossTheScreen(element: Locator, what: string): Promise<void> {
  const box = (await element.boundingBox())!;
  const width = element.page().viewportSize()!.width;
  expect(box.x, `${what} starts past the screen's left edge`).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, `${what} ends past the screen's right edge`).toBeLessThanOrEqual(width + 1);
}
const markerPlace = (marker: Locator) => marker.evaluate((element) => (element as HTMLElement).style.transform);

test('the office sees the bus under way: its driver, the age of its fix, the children on board, and it moves without a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The page's timers run on the page's own clock, so the tab's next reading is run on to rather than waited for.
  await page.clock.install();
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await openLiveMap(page);
  const row = busRow(page);
  // Started, but the phone has sent nothing yet: listed, not drawn.
  await expect(row.getByRole('cell')).toHaveText([/^\d+$/, world.family.driver.name, en.runName.morning, en.noFix, '', en.batteryUnknown, '0', en.showTrail]);
  await expect(busMarker(page)).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { liveMapNotReloaded: true }));

  // The phone's first batch (two fixes, the newer taken 5 s ago); a child boards.
  await postFixes(fixAt(ROAD[0], 40), fixAt(ROAD[1], 5));
  await markAsDriver(driver, 'morning', world.family.children[0]!.id, 'boarded', 0);
  await page.clock.fastForward(REFRESH_MS);
  // The age is the newest fix's: 5 s when it was posted, not the older fix's 40 s.
  await expect(row.getByRole('cell')).toHaveText([
    /^\d+$/,
    world.family.driver.name,
    en.runName.morning,
    /^([5-9]|1\d) s ago$/,
    en.sourceName.browser,
    en.batteryUnknown,
    '1',
    en.showTrail,
  ]);
  const marker = busMarker(page);
  await expect(marker).toBeVisible();
  await expect(marker).toHaveAttribute('title', new RegExp(`^${world.family.driver.name}: ([5-9]|1\\d) s ago$`));
  const place = await markerPlace(marker);

  // The bus turns north-east, 200 m on: at the tab's next reading its marker moves, the page not reloaded.
  await postFixes(fixAt(ROAD[2], 0));
  await page.clock.fastForward(REFRESH_MS);
  await expect.poll(() => markerPlace(busMarker(page))).not.toBe(place);
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^1?\d s ago$/);
  expect(await page.evaluate(() => 'liveMapNotReloaded' in window)).toBe(true);
});

test('Show the trail draws the run’s positions over its stops', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await openLiveMap(page);
  await busRow(page).getByRole('button', { name: en.showTrail }).click();
  // The run is chosen below: its driver, the morning, today.
  await expect(page.getByRole('combobox', { name: en.trailDriver })).toHaveValue(world.family.driver.name);
  await expect(page.getByRole('button', { name: en.trailDate, exact: true })).toHaveText(longDate(bahrainDays().today));
  await expect(page.getByTestId('trail-summary')).toHaveText(
    fill(en.trailPoints_other, { count: trail.length, from: bahrainClock(trail[0]!.at), to: bahrainClock(trail.at(-1)!.at) }),
  );
  const map = page.getByRole('region', { name: en.trailTitle });
  // One line through the three positions (Leaflet's path: a move, then a line to each next point)…
  await expect(map.locator('path.run-map-trail')).toHaveCount(1);
  expect((await map.locator('path.run-map-trail').getAttribute('d'))?.match(/[ML]/g)).toHaveLength(trail.length);
  // …over the run's stops in order: Huda's, Lina's and Omar's houses (the siblings' has no position).
  await expect(map.locator('.run-map-stop')).toHaveText(['1', '2', '3']);
});

test('staff see the tab too; a run without positions says so', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByEmail(page, DEMO.staff.email, DEMO.staff.password);
  await openLiveMap(page);
  // The tab is among the staff's sections (a section the role may not open is not listed, and its address opens the dashboard).
  await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('button', { name: en.tab })).toBeVisible();
  await expect(busRow(page)).toBeVisible();

  // The run chosen by hand: the driver, then today's morning, then its afternoon (not started).
  const driverChoice = page.getByRole('combobox', { name: en.trailDriver });
  // In the middle of the screen, as a user scrolls to it: below a long list of buses the field sits at
  // the screen's edge, and its list opens out of sight.
  await driverChoice.evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await driverChoice.click();
  await driverChoice.fill(world.family.driver.name);
  await page.getByRole('option', { name: world.family.driver.name }).click();
  await expect(page.getByTestId('trail-summary')).toHaveText(new RegExp(`^${trail.length} positions, `));
  const runChoice = page.getByRole('radiogroup', { name: en.trailRun });
  await runChoice.locator('label', { hasText: en.runName.afternoon }).click();
  await expect(page.getByText(en.trailEmpty)).toBeVisible();
  await expect(page.getByTestId('trail-summary')).toHaveCount(0);
  await expect(page.getByRole('region', { name: en.trailTitle })).toHaveCount(0);

  // Yesterday's morning: a past day within the 30 days, with no positions. The calendar's month buttons say which way they go.
  await runChoice.locator('label', { hasText: en.runName.morning }).click();
  await expect(page.getByTestId('trail-summary')).toBeVisible();
  const dateChoice = page.getByRole('button', { name: en.trailDate, exact: true });
  await dateChoice.click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Next month' })).toBeVisible();
  // Bahrain's week: Sunday first.
  await expect(calendar.getByRole('columnheader').first()).toHaveText('Sun');
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  const yesterday = addDays(bahrainDays().today, -1);
  await pickDay(page, dateChoice, yesterday);
  await expect(dateChoice).toHaveText(longDate(yesterday));
  await expect(page.getByText(en.trailEmpty)).toBeVisible();
  await expect(page.getByTestId('trail-summary')).toHaveCount(0);
});

test('on a phone in Arabic the list reads without the page scrolling sideways, and the trail opens from it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await showLanguage(page, 'ar', { signedIn: true });
  try {
    await openLiveMap(page, ar.title);
    const row = busRow(page);
    await expect(row.getByRole('cell')).toHaveText([
      /^\d+$/,
      world.family.driver.name,
      ar.runName.morning,
      /^قبل \d+ (ث|د)$/,
      ar.sourceName.browser,
      ar.batteryUnknown,
      '1',
      ar.showTrail,
    ]);
    await expectNoSidewaysScroll(page, 'the live map at 360 px in Arabic');
    // The driver's name is on the screen as the tab opens; the rest of the row is a sideways scroll of the table's own region away (a region the keyboard reaches).
    await expectAcrossTheScreen(row.getByRole('cell').nth(1), 'the driver’s name');
    const region = page.getByRole('region', { name: ar.title, exact: true });
    await expect(region).toHaveAttribute('tabindex', '0');
    expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    const ageCell = row.getByRole('cell').nth(3);
    await ageCell.scrollIntoViewIfNeeded();
    await expectAcrossTheScreen(ageCell, 'the age of the fix');
    // The age on one line: its number is not parted from its unit.
    const lines = await ageCell.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await expectNoSidewaysScroll(page, 'the live map at 360 px in Arabic, its table scrolled');
    await row.getByRole('button', { name: ar.showTrail }).click();
    await expect(page.getByTestId('trail-summary')).toHaveText(
      fill(ar.trailPoints_other, { count: trail.length, from: bahrainClock(trail[0]!.at), to: bahrainClock(trail.at(-1)!.at) }),
    );
    await expect(page.getByRole('region', { name: ar.trailTitle }).locator('path.run-map-trail')).toHaveCount(1);
    await expectNoSidewaysScroll(page, 'the trail at 360 px in Arabic');
  } finally {
    await setAccountLanguage(page.request, 'en');
  }
});
