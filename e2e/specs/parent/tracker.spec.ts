import { request as http, type APIRequestContext, type Page } from '@playwright/test';
import { generateTrackerId } from '@school-transport/contracts';
import { expect, test } from '../../fixtures/test.js';
import { signInByEmail } from '../../fixtures/session.js';
import { markRemainingNotHere, restoreSchoolWeek, signedInDriverApi, signedInOffice } from '../../fixtures/school-day.js';
import { seedRoute, type RouteWorld } from '../../fixtures/routes.js';
import { liveBus as en } from '../../../apps/web/src/i18n/en/live-bus.js';

/**
 * The bus's position from a tracker: the office gives the bus a tracker identifier, the driver
 * starts the morning run, and from then on only the tracking app (the OsmAnd protocol, as Traccar
 * Client sends it) reports where the bus is: no page of the driver's is open, no phone of theirs
 * shares anything. The family's 'Track the bus' page shows the bus and follows it as the tracker's
 * positions come in.
 */
test.describe.configure({ mode: 'serial', timeout: 3 * 60_000 });

let world: RouteWorld;
const trackerId = generateTrackerId();
test.beforeAll(async ({ server }) => {
  world = await seedRoute(server.url, `trk${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, world.family.settingsBefore);
});

/** One fix as the tracking app sends it: the OsmAnd protocol's query string, speed in knots, the time in Unix seconds. */
async function trackerFix(request: APIRequestContext, lat: number): Promise<void> {
  const query = new URLSearchParams({
    id: trackerId,
    lat: String(lat),
    lon: '50.5876',
    timestamp: String(Math.floor(Date.now() / 1000)),
    speed: '15',
    bearing: '0',
    accuracy: '8',
    batt: '80',
  });
  const response = await request.get(`/api/tracking/osmand?${query}`);
  expect(response.status(), await response.text()).toBe(200);
}

const busMarker = (page: Page) => page.locator('.run-map-bus');
const markerPlace = (page: Page) => busMarker(page).evaluate((marker) => (marker as HTMLElement).style.transform);

test("a tracker's positions move the bus on the family's page while the driver's phone sends nothing", async ({ browser, server }) => {
  const office = await signedInOffice(server.url);
  const { drivers } = (await (await office.get('/api/admin/drivers')).json()) as { drivers: { id: string; name: string; phone: string; licenseNo: string }[] };
  const bus = drivers.find((driver) => driver.id === world.family.driver.id)!;
  const set = await office.put(`/api/admin/drivers/${bus.id}`, {
    data: { name: bus.name, phone: bus.phone, licenseNo: bus.licenseNo, vehicle: { plate: null, seats: null, trackerId } },
  });
  expect(set.status(), await set.text()).toBe(200);
  await office.dispose();
  // The tracking app: no session, no browser.
  const request = await http.newContext({ baseURL: server.url });

  const driver = await signedInDriverApi(server.url, world.family.driver);
  const family = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
  try {
    expect((await driver.post('/api/driver/runs/morning/start', { data: {} })).status()).toBe(200);
    await trackerFix(request, 26.2);

    const parent = await family.newPage();
    await signInByEmail(parent, world.family.email, world.family.password);
    const { students } = (await (await parent.request.get('/api/parent/students')).json()) as { students: { id: string; firstName: string }[] };
    const omar = students.find((student) => student.firstName === world.stops[2])!.id;
    await parent.goto(`/parent/students/${omar}/bus`);
    await expect(parent.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
    await expect(busMarker(parent)).toBeVisible({ timeout: 20_000 });
    await expect(parent.getByTestId('bus-updated')).toHaveText(/^Updated \d+ s ago$/);
    let place = await markerPlace(parent);

    // The bus drives north, 550 m a fix, no faster than a bus can (the server drops a jump beyond 200 km/h).
    for (const lat of [26.205, 26.21]) {
      await parent.waitForTimeout(11_000);
      await trackerFix(request, lat);
      await expect.poll(() => markerPlace(parent), { timeout: 20_000 }).not.toBe(place);
      place = await markerPlace(parent);
      await expect(parent.getByTestId('bus-updated')).toHaveText(/^Updated \d+ s ago$/);
    }
    await expect(parent.getByTestId('bus-stale')).toHaveCount(0);
  } finally {
    await markRemainingNotHere(driver, 'morning');
    await driver.post('/api/driver/runs/morning/end', { data: {} });
    await driver.dispose();
    await request.dispose();
    await family.close();
  }
});
