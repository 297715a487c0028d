import type { Locator, Page } from '@playwright/test';
import type { DriverToday } from '@school-transport/contracts';
import { failedRequest } from '../../fixtures/test.js';
import { expect, test } from '../../fixtures/driver-day-world.js';
import { checkScreen, expectLanguage, setAccountLanguage, showLanguage } from '../../fixtures/a11y.js';
import { fill, wordsOf } from '../../fixtures/catalogs.js';
import { dataStrings, expectNoEnglish } from '../../fixtures/language.js';

/**
 * The driver's school day on a phone (360 px): Start, a mark per child, End refused while a child
 * is on the bus, and marks made without signal that wait on the phone and arrive with their own
 * times when the signal returns.
 */
const en = wordsOf('en').driver.today;

/** The driver allows location: marks carry the bus's position (Manama). */
test.use({ viewport: { width: 360, height: 740 }, geolocation: { latitude: 26.2235, longitude: 50.5876, accuracy: 12 }, permissions: ['geolocation'] });

/** Counts the screen's requests for the phone's position, and the positions it has been given. */
async function watchLocationRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counts = { requests: 0, positions: 0 };
    (window as unknown as { locationCounts: typeof counts }).locationCounts = counts;
    const watch = navigator.geolocation.watchPosition.bind(navigator.geolocation);
    navigator.geolocation.watchPosition = (success, error, options) => {
      counts.requests += 1;
      return watch(
        (position) => {
          counts.positions += 1;
          success(position);
        },
        error,
        options,
      );
    };
  });
}

const locationCounts = (page: Page) => page.evaluate(() => (window as unknown as { locationCounts: { requests: number; positions: number } }).locationCounts);

async function signIn(page: Page, driver: { phone: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/driver/login', { data: { phone: driver.phone, password: driver.password } });
  expect(response.status(), await response.text()).toBe(200);
}

async function openRun(page: Page, run: 'morning' | 'afternoon', words = en): Promise<void> {
  await page.locator('label', { hasText: words[run] }).click();
  await expect(page.getByRole('radio', { name: words[run] })).toBeChecked();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${words[run]}`) })).toBeVisible();
}

function card(page: Page, firstName: string): Locator {
  return page.getByRole('article', { name: `${firstName} Saleh` });
}

async function today(page: Page): Promise<DriverToday> {
  const response = await page.request.get('/api/driver/runs/today');
  expect(response.status()).toBe(200);
  return (await response.json()) as DriverToday;
}

function statusesOf(answer: DriverToday, run: 'morning' | 'afternoon'): Record<string, string> {
  return Object.fromEntries(answer.runs.find((entry) => entry.run === run)!.students.map((student) => [student.firstName, student.status]));
}

test.describe.configure({ mode: 'serial' });

test('the driver starts the morning run, marks a child boarded and one not here, cannot end with a child on the bus, drops them and ends', async ({
  page,
  driverDayWorld,
}) => {
  await signIn(page, driverDayWorld.driver);
  await watchLocationRequests(page);
  await page.goto('/driver/today');
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  await openRun(page, 'morning');

  // The family reported Huda ill: greyed, with the reason, not expected.
  await expect(card(page, 'Huda')).toContainText(en.rider.absent);
  await expect(card(page, 'Huda')).toContainText(fill(en.rider.absentReason, { reason: 'Fever' }));
  await expect(card(page, 'Noor')).toContainText(en.rider.expected);
  // Nothing to mark before the run starts.
  await expect(card(page, 'Noor').getByRole('button', { name: en.mark.morning.boarded })).toHaveCount(0);

  // The location is asked for when the driver starts work, never on opening the screen.
  expect((await locationCounts(page)).requests).toBe(0);
  await page.getByRole('button', { name: en.start }).click();
  await expect(page.getByText(en.status.in_progress)).toBeVisible();
  expect((await locationCounts(page)).requests).toBe(1);
  await expect.poll(async () => (await locationCounts(page)).positions).toBeGreaterThan(0);

  const board = card(page, 'Noor').getByRole('button', { name: en.mark.morning.boarded, exact: true });
  // Large enough to hit on a moving bus (read once the list drawn after Start is on screen).
  await expect(board).toBeVisible();
  await expect.poll(async () => (await board.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
  await board.click();
  await expect(card(page, 'Noor')).toContainText(en.rider.boarded);
  await card(page, 'Maryam').getByRole('button', { name: en.mark.morning.no_show }).click();
  await expect(card(page, 'Maryam')).toContainText(en.rider.no_show);
  await expect(page.getByRole('status').filter({ hasText: en.sync.allSent })).toBeVisible();

  // Noor is still on the bus: End is refused beside the button and names her. The phone's own
  // list knows it, so no request is made (and no refused request is logged as an error).
  await page.getByRole('button', { name: en.end }).click();
  await expect(page.getByTestId('end-refusal')).toContainText('1 child is still on the bus: Noor Saleh');
  expect(statusesOf(await today(page), 'morning')).toMatchObject({ Noor: 'boarded', Maryam: 'no_show', Huda: 'absent' });

  // At school: one confirmed tap for everyone on the bus.
  await page.getByRole('button', { name: en.allDropped }).click();
  await expect(page.getByText(fill(en.allDroppedConfirm_one, { count: 1 }))).toBeVisible();
  await expect(card(page, 'Noor')).toContainText(en.rider.boarded);
  await page.getByRole('button', { name: fill(en.allDroppedYes_one, { count: 1 }) }).click();
  await expect(card(page, 'Noor')).toContainText(en.rider.dropped);
  await expect(page.getByTestId('end-refusal')).toHaveText('');
  await page.getByRole('button', { name: en.end }).click();
  await expect(page.getByText(en.status.done)).toBeVisible();
  await expect(page.getByRole('button', { name: en.end })).toHaveCount(0);

  const answer = await today(page);
  expect(answer.runs.find((entry) => entry.run === 'morning')!.status).toBe('done');
  expect(statusesOf(answer, 'morning')).toEqual({ Noor: 'dropped', Maryam: 'no_show', Huda: 'absent' });
  const noorMarks = await driverDayWorld.marksOf('Noor');
  expect(noorMarks.map((entry) => `${entry.run} ${entry.event}`)).toEqual(['morning boarded', 'morning dropped']);
  // Each mark with where the bus was.
  expect(noorMarks[0]!.position).toEqual({ lat: 26.2235, lng: 50.5876, accuracy: 12 });
});

test('without signal, marks are shown at once, counted as waiting, survive a reload, and arrive with their own times when the signal returns', async ({
  page,
  context,
  driverDayWorld,
  expectConsoleError,
}) => {
  await signIn(page, driverDayWorld.driver);
  await page.goto('/driver/today');
  await openRun(page, 'afternoon');
  await page.getByRole('button', { name: en.start }).click();
  await expect(page.getByText(en.status.in_progress)).toBeVisible();
  // The screen's code is on the phone once its service worker controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });

  await context.setOffline(true);
  // Families see only the last position that arrived: the screen no longer says they can see the bus.
  await expect(page.getByTestId('location-offline')).toContainText(
    /^Families cannot see the busNo signal: families (see the bus where it was at \d\d:\d\d|cannot see the bus until the signal returns)\.$/,
  );
  await expect(page.getByTestId('location-sharing')).toHaveCount(0);
  const before = Date.now();
  await card(page, 'Noor').getByRole('button', { name: en.mark.afternoon.boarded }).click();
  await card(page, 'Ali').getByRole('button', { name: en.mark.afternoon.boarded }).click();
  const tapped = Date.now();
  await expect(card(page, 'Noor')).toContainText(en.rider.boarded);
  await expect(card(page, 'Ali')).toContainText(en.rider.boarded);
  await expect(card(page, 'Noor')).toContainText(en.rider.waiting);
  await expect(page.getByText(fill(en.sync.waiting_other, { count: 2 }))).toBeVisible();

  // A reload on the road: the screen opens from the phone, with the saved list and the marks still waiting.
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  await expect(page.getByText(fill(en.sync.waiting_other, { count: 2 }))).toBeVisible();
  await expect(page.getByText(/No signal: showing the list saved at \d\d:\d\d\./)).toBeVisible();
  await expect(card(page, 'Ali')).toContainText(en.rider.boarded);

  // Some time later the signal returns: the marks go, in order, each with the time it was made.
  await page.waitForTimeout(1_500);
  const reconnected = Date.now();
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('status').filter({ hasText: en.sync.allSent })).toBeVisible({ timeout: 20_000 });
  expect(statusesOf(await today(page), 'afternoon')).toMatchObject({ Noor: 'boarded', Ali: 'boarded', Huda: 'absent' });
  for (const name of ['Noor', 'Ali']) {
    const marks = (await driverDayWorld.marksOf(name)).filter((entry) => entry.run === 'afternoon');
    expect(marks.map((entry) => entry.event)).toEqual(['boarded']);
    const at = marks[0]!.at.getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1_000);
    expect(at).toBeLessThanOrEqual(tapped + 1_000);
    expect(at).toBeLessThan(reconnected);
  }
});

test('the screen passes the accessibility gate at 360 px in English and in Arabic (right to left)', async ({ page, driverDayWorld }) => {
  await signIn(page, driverDayWorld.driver);
  // The afternoon under way with Noor on the bus: her card shows the longest labels ('No adult at home – returned to school').
  expect((await page.request.post('/api/driver/runs/afternoon/start')).status()).toBe(200);
  const noor = (await today(page)).runs.find((entry) => entry.run === 'afternoon')!.students.find((student) => student.firstName === 'Noor')!;
  if (noor.status === 'expected') {
    const response = await page.request.post('/api/driver/runs/afternoon/marks', {
      data: { studentId: noor.id, event: 'boarded', clientId: crypto.randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  for (const language of ['en', 'ar'] as const) {
    const words = wordsOf(language).driver.today;
    await showLanguage(page, language, { signedIn: true });
    await page.goto('/driver/today');
    await expectLanguage(page, language);
    await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
    for (const run of ['morning', 'afternoon'] as const) {
      await openRun(page, run, words);
      await expect(card(page, 'Huda')).toContainText(words.rider.absent);
      if (run === 'afternoon') await expect(card(page, 'Noor').getByRole('button', { name: words.mark.afternoon.returned_to_school })).toBeVisible();
      await checkScreen(page, { route: `driver-today-${run}`, role: 'driver', language });
      // In Arabic, no English but the data typed in (names, schools, addresses, the reason).
      if (language === 'ar') await expectNoEnglish(page, [...(await dataStrings(page.request, ['/api/driver/runs/today'])), driverDayWorld.driver.name]);
    }
  }
  await setAccountLanguage(page.request, 'en');
});

test('a mark the server refuses after the signal returns is dropped from the phone and shown to the driver, not sent again', async ({
  page,
  context,
  driverDayWorld,
  expectConsoleError,
}) => {
  await signIn(page, driverDayWorld.driver);
  // The afternoon under way with Ali on the bus.
  expect((await page.request.post('/api/driver/runs/afternoon/start')).status()).toBe(200);
  const ali = (await today(page)).runs.find((entry) => entry.run === 'afternoon')!.students.find((student) => student.firstName === 'Ali')!;
  if (ali.status === 'expected')
    expect(
      (await page.request.post('/api/driver/runs/afternoon/marks', { data: { studentId: ali.id, event: 'boarded', clientId: crypto.randomUUID() } })).status(),
    ).toBe(201);
  await page.goto('/driver/today');
  await openRun(page, 'afternoon');
  await expect(card(page, 'Ali')).toContainText(en.rider.boarded);

  await context.setOffline(true);
  expectConsoleError(/ERR_INTERNET_DISCONNECTED/);
  await card(page, 'Ali').getByRole('button', { name: en.mark.afternoon.dropped }).click();
  await expect(card(page, 'Ali')).toContainText(en.rider.dropped);
  await expect(page.getByText(fill(en.sync.waiting_one, { count: 1 }))).toBeVisible();
  // Meanwhile Ali was taken back to school and marked so from another phone (the office acting for the driver).
  const other = await page.request.post('/api/driver/runs/afternoon/marks', {
    data: { studentId: ali.id, event: 'returned_to_school', clientId: crypto.randomUUID() },
  });
  expect(other.status(), await other.text()).toBe(201);

  expectConsoleError(failedRequest(409, '/api/driver/runs/afternoon/marks'));
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  const refused = page.getByRole('alert').filter({ hasText: en.refused.title });
  await expect(refused).toContainText('Ali Saleh: This child is already marked for this run');
  await expect(page.getByRole('status').filter({ hasText: en.sync.allSent })).toBeVisible();
  // The server's word stands: Ali went back to school, and the phone's mark is not recorded.
  await expect(card(page, 'Ali')).toContainText(en.rider.returned_to_school);
  expect((await driverDayWorld.marksOf('Ali')).filter((entry) => entry.run === 'afternoon').map((entry) => entry.event)).toEqual([
    'boarded',
    'returned_to_school',
  ]);
  // The notice and its Dismiss button pass the contrast gate.
  await checkScreen(page, { route: 'driver-today-refused', role: 'driver', language: 'en' });
  await refused.getByRole('button', { name: en.refused.dismiss }).click();
  await expect(refused).toHaveCount(0);
});

test("a covering driver's screen lists their own afternoon run and the covered one, each its own choice, named", async ({ page, driverDayWorld }) => {
  await signIn(page, driverDayWorld.yusuf);
  await page.goto('/driver/today');
  await expect(page.getByRole('heading', { level: 1, name: en.title })).toBeVisible();
  const covering = fill(en.covering, { run: en.afternoonShort, name: 'Ahmed Karim' });
  await expect(page.getByRole('radio')).toHaveCount(3);
  await page.locator('label', { hasText: covering }).click();
  await expect(page.getByRole('radio', { name: covering })).toBeChecked();
  await expect(card(page, 'Hamad')).toBeVisible();
  await expect(card(page, 'Sara')).toHaveCount(0);
  await page.locator('label', { hasText: en.afternoon }).click();
  await expect(card(page, 'Sara')).toBeVisible();
  await expect(card(page, 'Hamad')).toHaveCount(0);
});

test('the driver whose run was handed away sees who drives it today and no Start', async ({ page, driverDayWorld }) => {
  await signIn(page, driverDayWorld.ahmed);
  await page.goto('/driver/today');
  await openRun(page, 'afternoon');
  await expect(page.getByTestId('handed-to')).toContainText(fill(en.handedTo, { name: 'Yusuf Nabil' }));
  await expect(page.getByRole('button', { name: en.start })).toHaveCount(0);
  // Nothing to mark: the children are Yusuf's to mark today.
  await expect(card(page, 'Hamad').getByRole('button')).toHaveCount(0);
  await checkScreen(page, { route: 'driver-today-handed-away', role: 'driver', language: 'en' });
  // His morning run is still his own.
  await openRun(page, 'morning');
  await expect(page.getByRole('button', { name: en.start })).toBeVisible();
});

test('on a full bus, every answer to a tap appears where the driver is looking: End refused beside End, the rest marked not here in one confirmed tap, and a wrong tap undone', async ({
  page,
  driverDayWorld,
}) => {
  await signIn(page, driverDayWorld.yusuf);
  const ends: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/end')) ends.push(request.url());
  });
  await page.goto('/driver/today');
  await openRun(page, 'morning');
  await page.getByRole('button', { name: en.start }).click();
  await expect(page.getByText(en.status.in_progress)).toBeVisible();

  // A wrong tap: Sara boarded by mistake, undone from the bar at the bottom of the screen.
  await card(page, 'Sara').getByRole('button', { name: en.mark.morning.boarded, exact: true }).click();
  const tapResult = page.getByTestId('tap-result');
  await expect(tapResult).toContainText(fill(en.tap.one, { what: en.tap.boarded, student: 'Sara Saleh' }));
  await expect(tapResult).toBeInViewport();
  await expect(page.getByRole('status').filter({ hasText: en.sync.allSent })).toBeVisible();
  await expect.poll(async () => (await driverDayWorld.marksOf('Sara')).length).toBe(1);
  await tapResult.getByRole('button', { name: en.tap.undo }).click();
  await expect(card(page, 'Sara')).toContainText(en.rider.expected);
  await expect.poll(async () => (await driverDayWorld.marksOf('Sara')).map((mark) => mark.undoneAt !== null)).toEqual([true]);
  expect(statusesOf(await today(page), 'morning').Sara).toBe('expected');

  // Four board; End is at the bottom of a long list.
  for (const name of ['Amal', 'Badr', 'Dana', 'Ehab']) await card(page, name).getByRole('button', { name: en.mark.morning.boarded, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: en.sync.allSent })).toBeVisible();
  const end = page.getByRole('button', { name: en.end });
  await end.scrollIntoViewIfNeeded();
  await end.click();
  const refusal = page.getByTestId('end-refusal');
  await expect(refusal).toContainText('4 children are still on the bus: Amal Saleh, Badr Saleh, Dana Saleh, Ehab Saleh');
  await expect(refusal).toBeInViewport();

  // All dropped asks first, with the count.
  await page.getByRole('button', { name: en.allDropped }).click();
  await page.getByRole('button', { name: fill(en.allDroppedYes_other, { count: 4 }) }).click();
  await expect(card(page, 'Ehab')).toContainText(en.rider.dropped);

  // Eight children nobody marked: End names them, beside End, and offers to mark them not here.
  await end.scrollIntoViewIfNeeded();
  await end.click();
  await expect(refusal).toContainText('8 children are not marked yet: ');
  await expect(refusal).toBeInViewport();
  await page.getByRole('button', { name: fill(en.notHereAll_other, { count: 8 }) }).click();
  await expect(page.getByText(/^Mark 8 children as not here: /)).toBeVisible();
  await page.getByRole('button', { name: fill(en.notHereYes_other, { count: 8 }) }).click();
  await expect(card(page, 'Lulwa')).toContainText(en.rider.no_show);
  await expect(page.getByRole('status').filter({ hasText: en.sync.allSent })).toBeVisible();
  await end.scrollIntoViewIfNeeded();
  await end.click();
  await expect(page.getByText(en.status.done)).toBeVisible();
  // Only the End that could succeed reached the server.
  expect(ends).toHaveLength(1);
  const statuses = statusesOf(await today(page), 'morning');
  expect(Object.values(statuses).filter((status) => status === 'expected')).toEqual([]);
});

test("a child marked from elsewhere (the office for the driver) shows on the driver's screen within seconds", async ({ page, driverDayWorld }) => {
  await signIn(page, driverDayWorld.yusuf);
  await page.goto('/driver/today');
  await openRun(page, 'afternoon');
  if ((await page.getByRole('button', { name: en.start }).count()) > 0) await page.getByRole('button', { name: en.start }).click();
  await expect(page.getByText(en.status.in_progress)).toBeVisible();
  await expect(card(page, 'Jana')).toContainText(en.rider.expected);
  const jana = (await today(page)).runs
    .find((entry) => entry.run === 'afternoon' && !entry.coveringFor)!
    .students.find((student) => student.firstName === 'Jana')!;
  const marked = await page.request.post('/api/driver/runs/afternoon/marks', { data: { studentId: jana.id, event: 'boarded', clientId: crypto.randomUUID() } });
  expect(marked.status(), await marked.text()).toBe(201);
  const sent = Date.now();
  await expect(card(page, 'Jana')).toContainText(en.rider.boarded, { timeout: 10_000 });
  expect(Date.now() - sent).toBeLessThan(10_000);
});
