import type { Browser, Locator, Page } from '@playwright/test';
import type { DriverToday } from '@school-transport/contracts';
import { expect, test } from '../../fixtures/test.js';
import { checkScreen, expectFitsWidth, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail, signInDriver } from '../../fixtures/session.js';
import { restoreSchoolWeek, signedInDriverApi } from '../../fixtures/school-day.js';
import { seedRoute, type RouteWorld } from '../../fixtures/routes.js';
import { fill } from '../../fixtures/catalogs.js';
import { routes as en } from '../../../apps/web/src/i18n/en/routes.js';
import { routes as ar } from '../../../apps/web/src/i18n/ar/routes.js';

/**
 * The office's Routes tab: a driver's run ordered by dragging a stop with the mouse and by the
 * keyboard, the driver's list following the new order; the run on the map, numbered, on tiles
 * from the test's own tile server; the list with distances on a phone; the accessibility gate.
 */
test.describe.configure({ mode: 'serial', timeout: 3 * 60_000 });

let world: RouteWorld;
test.beforeAll(async ({ server }) => {
  world = await seedRoute(server.url, `rte${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, world.family.settingsBefore);
});

async function openRoutes(page: Page, words = en): Promise<void> {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin?tab=routes');
  await expect(page.getByRole('heading', { level: 2, name: words.title })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('combobox', { name: words.driver }).click();
  await page.getByRole('combobox', { name: words.driver }).fill(world.family.driver.name);
  await page.getByRole('option', { name: world.family.driver.name }).click();
  await expect(page.getByTestId('route-stop')).toHaveCount(4);
}

const stopRows = (page: Page) => page.getByTestId('route-stop');

/** The first names on each stop row, in the list's order. */
async function listedOrder(page: Page): Promise<string[]> {
  const texts = await stopRows(page).allTextContents();
  return texts.map((text) => world.stops.find((names) => names.split(', ').every((name) => text.includes(name))) ?? text);
}

const handle = (page: Page, number: number): Locator =>
  page.getByRole('button', { name: new RegExp(`^${en.stops.handle.replace('{{number}}', String(number)).replace(': {{names}}', ':')}`) });

/** The driver's own run screen, in another browser context: the children's cards in order with their stop numbers. */
async function driverList(browser: Browser, baseURL: string): Promise<string[]> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await signInDriver(page, world.family.driver.phone, world.family.driver.password);
    await page.goto('/driver/today');
    await page.locator('label', { hasText: 'Morning' }).click();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(5, { timeout: 20_000 });
    return (
      await cards.evaluateAll((articles) =>
        articles.map(
          (article) => `${article.querySelector('[data-testid="stop-number"]')?.textContent ?? ''} ${article.querySelector('h3')?.textContent ?? ''}`,
        ),
      )
    ).map((line) => line.trim());
  } finally {
    await context.close();
  }
}

test('the office drags stop 3 above stop 1 with the mouse; the driver’s list follows', async ({ page, browser, server }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoutes(page);
  expect(await listedOrder(page)).toEqual(world.stops);
  await expect(page.getByTestId('route-ordered-by')).toHaveText(en.neverOrdered);
  await expect(page.getByTestId('route-riders')).toHaveText(en.noSeatLimit.replace('{{riders}}', '5'));

  const from = (await handle(page, 3).boundingBox())!;
  const to = (await stopRows(page).first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
  await page.mouse.up();
  const [huda, lina, omar, siblings] = world.stops as [string, string, string, string];
  await expect.poll(() => listedOrder(page)).toEqual([omar, huda, lina, siblings]);
  await expect(page.getByText(en.stops.saved)).toBeVisible();
  await expect(page.getByTestId('route-ordered-by')).toContainText(en.orderedBy.split(' {{name}}')[0]!);

  const [sara, yousif] = siblings.split(', ');
  expect(await driverList(browser, server.url)).toEqual([
    `Stop 1 ${omar} ${world.lastName}`,
    `Stop 2 ${huda} ${world.lastName}`,
    `Stop 3 ${lina} ${world.lastName}`,
    `Stop 4 ${sara} ${world.lastName}`,
    `Stop 4 ${yousif} ${world.lastName}`,
  ]);
});

test('the same by keyboard: stop 3 picked up with Space, moved up twice, dropped', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoutes(page);
  const before = await listedOrder(page);
  // Each step waits for what a screen reader hears (dnd-kit's live region, in the screen's language).
  const heard = page.locator('[id^="DndLiveRegion"]');
  await handle(page, 3).focus();
  await page.keyboard.press('Space');
  await expect(heard).toHaveText(fill(en.dnd.start, { from: 3 }));
  await page.keyboard.press('ArrowUp');
  await expect(heard).toHaveText(fill(en.dnd.over, { from: 3, to: 2 }));
  await page.keyboard.press('ArrowUp');
  await expect(heard).toHaveText(fill(en.dnd.over, { from: 3, to: 1 }));
  await page.keyboard.press('Space');
  await expect(heard).toHaveText(fill(en.dnd.end, { from: 3, to: 1 }));
  const expected = [before[2]!, before[0]!, before[1]!, before[3]!];
  await expect.poll(() => listedOrder(page)).toEqual(expected);
  await expect(page.getByText(en.stops.saved)).toBeVisible();

  const driver = await signedInDriverApi(server.url, world.family.driver);
  const today = (await (await driver.get('/api/driver/runs/today')).json()) as DriverToday;
  await driver.dispose();
  const morning = today.runs.find((run) => run.run === 'morning')!;
  const firstNames = [...new Set(morning.students.map((student) => student.stop.number))].map((number) =>
    morning.students
      .filter((student) => student.stop.number === number)
      .map((student) => student.firstName)
      .join(', '),
  );
  expect(firstNames).toEqual(expected);
});

test('the run map shows the numbered stops on tiles from the test’s tile server', async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoutes(page);
  const map = page.getByRole('region', { name: en.map.label.replace('{{run}}', en.runName.morning).replace('{{driver}}', world.family.driver.name) });
  await expect(map).toBeVisible();
  // Three stops have a parent's map link; the siblings' house has no position yet.
  const order = await listedOrder(page);
  const numbered = order.flatMap((names, index) => (names.includes(',') ? [] : [String(index + 1)]));
  await expect(map.locator('.run-map-stop')).toHaveText(numbered);
  await expect(map.locator('.run-map-stop').first()).toHaveAttribute('title', new RegExp(`^Stop ${numbered[0]}: `));
  await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  const sources = await map.locator('img.leaflet-tile').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
  expect(sources.every((source) => source.startsWith(server.tiles.base))).toBe(true);
  expect(server.tiles.requested.length).toBeGreaterThan(0);
  await expect(map).toContainText('Test tiles');
  await checkScreen(page, { route: 'admin-routes-map', role: 'admin', language: 'en' });
});

test('the office pins the siblings’ stop from a map link, then moves it with a click on the map', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openRoutes(page);
  const order = await listedOrder(page);
  const number = order.findIndex((names) => names.includes(',')) + 1;
  const row = stopRows(page).nth(number - 1);
  await expect(row).toContainText(en.stops.noLocation);
  await page.getByRole('button', { name: en.stops.pinLabel.replace('{{number}}', String(number)) }).click();
  const pin = page.getByRole('group', { name: en.pin.title.replace('{{number}}', String(number)) });
  await pin.getByRole('textbox', { name: en.pin.link }).fill('https://www.google.com/maps/search/?q=26.2100,50.5600');
  await pin.getByRole('button', { name: en.pin.save }).click();
  await expect(page.getByText(en.pin.saved)).toBeVisible();
  await expect(row).toContainText(en.stops.source.set);
  const map = page.getByTestId('run-map');
  await expect(map.locator('.run-map-stop')).toHaveCount(4);
  const marker = map.locator('.run-map-stop', { hasText: new RegExp(`^${number}$`) });
  await expect(marker).toBeVisible();
  // The markers are drawn again after each change: read where the stop's marker is whenever it is there.
  const markerX = async () => Math.round((await marker.boundingBox())?.x ?? Number.NaN);
  let before = Number.NaN;
  await expect.poll(async () => (before = await markerX())).not.toBeNaN();

  await page.getByRole('button', { name: en.stops.pinLabel.replace('{{number}}', String(number)) }).click();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width - 60, box.y + 60);
  await expect.poll(async () => ((await markerX()) !== before && !Number.isNaN(await markerX()) ? 'moved' : 'not moved yet')).toBe('moved');
  await expect(row).toContainText(en.stops.source.set);
});

test('on a phone the list gives the same order with the distances, in English and Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openRoutes(page);
  const order = await listedOrder(page);
  await page.locator('label', { hasText: en.view.list }).click();
  const table = page.getByTestId('stop-distances');
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  for (const [index, names] of order.entries()) await expect(rows.nth(index)).toContainText(names.split(', ')[0]!);
  // Two stops with positions one after the other: a distance in metres or kilometres.
  await expect(table).toContainText(/\d+(\.\d)? (m|km)/);
  await expectFitsWidth(page, page.getByRole('main'), 'routes list at 360 px');
  await checkScreen(page, { route: 'admin-routes-list', role: 'admin', language: 'en' });

  await setAccountLanguage(page.request, 'ar');
  try {
    await showLanguage(page, 'ar', { signedIn: true });
    await page.goto('/admin?tab=routes');
    await page.getByRole('combobox', { name: ar.driver }).click();
    await page.getByRole('combobox', { name: ar.driver }).fill(world.family.driver.name);
    await page.getByRole('option', { name: world.family.driver.name }).click();
    await page.locator('label', { hasText: ar.view.list }).click();
    await expect(page.getByTestId('stop-distances')).toContainText(ar.distances.fromPrevious);
    await checkScreen(page, { route: 'admin-routes-list', role: 'admin', language: 'ar' });
  } finally {
    await setAccountLanguage(page.request, 'en');
  }
});
