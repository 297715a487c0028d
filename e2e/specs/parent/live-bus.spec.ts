import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/test.js';
import { checkScreen } from '../../fixtures/a11y.js';
import { signInByEmail, signInDriver } from '../../fixtures/session.js';
import { markRemainingNotHere, restoreSchoolWeek, signedInDriverApi } from '../../fixtures/school-day.js';
import { seedRoute, type RouteWorld } from '../../fixtures/routes.js';
import { liveBus as en } from '../../../apps/web/src/i18n/en/live-bus.js';
import { driver as enDriver } from '../../../apps/web/src/i18n/en/driver.js';

/**
 * Where is the bus: the driver's phone (an emulated geolocation moving along a fixed path) shares
 * the bus's position while the morning run is in progress, and the family's 'Track the bus' page,
 * open at the same time in another browser, shows the bus move, 'updated … ago' and the ETA
 * shrinking; when the phone stops sending, the page says so in words and greys the bus. Tiles come
 * from the test's own tile server.
 *
 * The run's stops (routes fixture): Huda's house at 26.2235, 50.5876 first, then Lina's and Omar's.
 * The bus drives north towards Huda's along the 50.5876 meridian.
 */
test.describe.configure({ mode: 'serial', timeout: 4 * 60_000 });

const PATH = [26.2, 26.205, 26.21, 26.215];
/**
 * A position at least 11 s old ('Updated 11 s ago' … 'Updated 2 min ago'): the next one 550 m on may
 * be sent. An emulated phone standing still gives the same fix again (its time too), so no
 * heartbeat makes it younger: how old it is by then depends on how long the steps before took.
 */
const OLD_ENOUGH_TO_MOVE = /^Updated (1[1-9]|[2-5]\d) s ago$|^Updated \d+ min ago$/;
/** 550 m west of the path, outside the trail's and the family's stop's view. */
const WEST = 50.582;
const at = (lat: number, lng = 50.5876) => ({ latitude: lat, longitude: lng, accuracy: 12 });

let world: RouteWorld;
test.beforeAll(async ({ server }) => {
  world = await seedRoute(server.url, `bus${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, world.family.settingsBefore);
});

/** The driver's phone: location allowed, standing at the path's start, the morning run started. */
async function driverPhone(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signInDriver(page, world.family.driver.phone, world.family.driver.password);
  await page.goto('/driver/today');
  await page.locator('label', { hasText: enDriver.today.morning }).click();
  await page.getByRole('button', { name: enDriver.today.start }).click();
  await expect(page.getByText(new RegExp(`^${enDriver.today.status.in_progress} · `))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('location-sharing')).toHaveText(enDriver.today.location.sharing);
  return page;
}

const busMarker = (page: Page) => page.locator('.run-map-bus');
const markerPlace = (page: Page) => busMarker(page).evaluate((marker) => (marker as HTMLElement).style.transform);
/** The ETA's middle in minutes, as the page writes it: a range ('11–15 min') or a coarse figure ('about 25 min'). */
async function etaMiddle(page: Page): Promise<number> {
  const text = (await page.getByTestId('bus-eta').textContent()) ?? '';
  const range = /^(\d+)–(\d+) min$/.exec(text);
  const about = /^about (\d+) min$/.exec(text);
  expect(range ?? about, text).not.toBeNull();
  return range ? (Number(range[1]) + Number(range[2])) / 2 : Number(about![1]);
}
/** A coarse figure, which stands in for a range wider than half its middle. */
const COARSE = new RegExp(
  `^(${en.etaAboutMinutes.replace('{{minutes}}', '\\d+')}|${[en.etaAboutHour, en.etaAboutHourAndHalf, en.etaAboutTwoHours, en.etaOverAnHour].join('|')})$`,
);

/** Whether the element is drawn inside the map's box (not panned off screen). */
async function inMapView(page: Page, marker: ReturnType<Page['locator']>): Promise<boolean> {
  const [map, box] = [await page.getByTestId('run-map').boundingBox(), await marker.boundingBox()];
  if (!map || !box) return false;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  return x >= map.x && x <= map.x + map.width && y >= map.y && y <= map.y + map.height;
}

test('the family follows the bus live while the driver drives; the page says when the position is old', async ({ browser, server }) => {
  const phone = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 360, height: 740 },
    permissions: ['geolocation'],
    geolocation: at(PATH[0]!),
  });
  const family = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
  try {
    const driver = await driverPhone(phone);
    const omar = world.stops[2]!;

    const parent = await family.newPage();
    await signInByEmail(parent, world.family.email, world.family.password);
    await parent.goto('/parent');
    // The button appears on Omar's card once the bus is on its way (the card asks every 30 s).
    await parent.getByRole('link', { name: new RegExp(`^${en.trackLabel.replace('{{name}}', omar)} .*${world.lastName}$`) }).click({ timeout: 45_000 });
    await expect(parent.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
    // Live over Server-Sent Events: the page does not fall back to asking every 10 s.
    const polls: string[] = [];
    parent.on('request', (request) => {
      if (request.url().includes('parent.studentBus')) polls.push(request.url());
    });
    await expect(busMarker(parent)).toBeVisible({ timeout: 20_000 });
    await expect(parent.getByTestId('bus-updated')).toHaveText(/^Updated \d+ s ago$/);
    // Two stops come before Omar's: Huda's and Lina's. His own stop is the only one on the map.
    await expect(parent.getByText('2 stops before yours.')).toBeVisible();
    await expect(parent.locator('.run-map-stop')).toHaveCount(1);
    await expect(parent.locator('.run-map-stop')).toHaveAttribute('title', en.yourStop);
    await expect.poll(() => parent.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    const sources = await parent.locator('img.leaflet-tile').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
    expect(sources.every((source) => source.startsWith(server.tiles.base))).toBe(true);
    // Before the bus has driven a minute its speed is a guess: the range would be wide ('52–140 min'), so a coarse figure is said instead.
    await expect(parent.getByTestId('bus-eta')).toHaveText(COARSE);
    await expect(parent.getByText(en.etaIn, { exact: true })).toBeVisible();
    const firstMiddle = await etaMiddle(parent);
    let place = await markerPlace(parent);
    // Where the family's stop is drawn on the screen (null for the instant the map redraws its markers).
    const stopOnScreen = async () => {
      const box = await parent.locator('.run-map-stop').boundingBox();
      return box && { x: box.x, y: box.y };
    };

    // The bus drives north: a new position at most every 10 s, each one 550 m on. A bus needs over
    // 10 s for 550 m (the server drops a fix further than 200 km/h allows from the last one), so the
    // phone moves once the position shown is at least 11 s old.
    for (const lat of PATH.slice(1)) {
      await expect(parent.getByTestId('bus-updated')).toHaveText(OLD_ENOUGH_TO_MOVE, { timeout: 45_000 });
      await phone.setGeolocation(at(lat));
      await expect.poll(() => markerPlace(parent), { timeout: 20_000 }).not.toBe(place);
      place = await markerPlace(parent);
      // A fresh position: seconds, not minutes (the phone waits out its 10 s between sends, so a fix may be that old).
      await expect(parent.getByTestId('bus-updated')).toHaveText(/^Updated (\d|1\d|2\d) s ago$/);
    }
    // 'Updated … ago' ticks on by itself between positions.
    const shown = await parent.getByTestId('bus-updated').textContent();
    await expect(parent.getByTestId('bus-updated')).not.toHaveText(shown!, { timeout: 3_000 });
    expect(await etaMiddle(parent)).toBeLessThan(firstMiddle);
    expect(polls).toEqual([]);
    await expect(parent.getByTestId('bus-stale')).toHaveCount(0);
    await checkScreen(parent, { route: 'parent-track-bus', role: 'parent', language: 'en' });

    // The bus turns 550 m west, out of the view the trail and the family's stop made: the map
    // follows it (the stop moves on the screen; a map fitted only once would stay put), both in view.
    const follow = parent.getByRole('button', { name: en.followBus });
    await expect(follow).toHaveCount(0);
    let stopBefore: { x: number; y: number } | null = null;
    await expect.poll(async () => (stopBefore = await stopOnScreen())).not.toBeNull();
    await expect(parent.getByTestId('bus-updated')).toHaveText(OLD_ENOUGH_TO_MOVE, { timeout: 45_000 });
    await phone.setGeolocation(at(26.215, WEST));
    await expect.poll(() => markerPlace(parent), { timeout: 20_000 }).not.toBe(place);
    await expect
      .poll(async () => {
        const now = await stopOnScreen();
        return now ? Math.hypot(now.x - stopBefore!.x, now.y - stopBefore!.y) : 0;
      })
      .toBeGreaterThan(5);
    // Both in view (polled: a new position redraws the markers, and for that instant neither has a box).
    await expect.poll(() => inMapView(parent, busMarker(parent))).toBe(true);
    await expect.poll(() => inMapView(parent, parent.locator('.run-map-stop'))).toBe(true);

    // The parent drags the map away: it stays where they put it, until 'Follow the bus' brings the bus back.
    const map = (await parent.getByTestId('run-map').boundingBox())!;
    await parent.mouse.move(map.x + map.width / 2, map.y + map.height / 2);
    await parent.mouse.down();
    await parent.mouse.move(map.x + map.width / 2 + 10, map.y + map.height - 5, { steps: 5 });
    await parent.mouse.move(map.x + map.width / 2 + 20, map.y + map.height + 400, { steps: 10 });
    await parent.mouse.up();
    await expect(follow).toBeVisible();
    await expect.poll(() => inMapView(parent, busMarker(parent))).toBe(false);
    place = await markerPlace(parent);
    // 550 m on, once the last position is over 10 s old (as above: no faster than a bus can drive).
    await expect(parent.getByTestId('bus-updated')).toHaveText(OLD_ENOUGH_TO_MOVE, { timeout: 45_000 });
    await phone.setGeolocation(at(26.22, WEST));
    await expect.poll(() => markerPlace(parent), { timeout: 20_000 }).not.toBe(place);
    expect(await inMapView(parent, busMarker(parent))).toBe(false);
    await follow.click();
    await expect.poll(() => inMapView(parent, busMarker(parent))).toBe(true);
    await expect(follow).toHaveCount(0);

    // The phone stops sending (the driver's screen is closed): after a minute the page says so and greys the bus, still in view.
    await driver.close();
    await expect(parent.getByTestId('bus-stale')).toHaveText(en.stale, { timeout: 90_000 });
    await expect(busMarker(parent)).toHaveClass(/run-map-bus-stale/);
    await expect.poll(() => inMapView(parent, busMarker(parent))).toBe(true);
    await expect(parent.getByTestId('bus-updated')).toHaveText(/^Updated 1 min ago$/);
  } finally {
    await phone.close();
    await family.close();
  }
});

test('after the run ends the family is told the bus is not on its way to them', async ({ page, server }) => {
  const driver = await signedInDriverApi(server.url, world.family.driver);
  try {
    await markRemainingNotHere(driver, 'morning');
    const ended = await driver.post('/api/driver/runs/morning/end', { data: {} });
    expect(ended.status(), await ended.text()).toBe(200);
  } finally {
    await driver.dispose();
  }
  await signInByEmail(page, world.family.email, world.family.password);
  const { students } = (await (await page.request.get('/api/parent/students')).json()) as { students: { id: string; firstName: string }[] };
  const id = students.find((student) => student.firstName === world.stops[2])!.id;
  await page.goto(`/parent/students/${id}/bus`);
  await expect(page.getByTestId('bus-not-on-the-way')).toContainText(en.notOnTheWay);
  await expect(page.getByRole('link', { name: en.track })).toHaveCount(0);
});
