import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/driver-day-world.js';
import { checkScreen, expectLanguage, showLanguage } from '../../fixtures/a11y.js';
import { fill, wordsOf } from '../../fixtures/catalogs.js';

/**
 * A bus's attendant on a phone (360 px): Aisha signs in on the driver sign-in page, works the
 * morning run of Khalifa's bus with marks made without signal that arrive when it returns, each
 * recorded as the attendant's; Khalifa's own screen may leave the marks to her and then shows the
 * list and who marked each child, with no button to press while driving.
 */
const en = wordsOf('en');
const day = en.driver.today;

test.use({ viewport: { width: 360, height: 740 }, geolocation: { latitude: 26.2235, longitude: 50.5876, accuracy: 12 }, permissions: ['geolocation'] });
test.describe.configure({ mode: 'serial' });

function card(page: Page, firstName: string): Locator {
  return page.getByRole('article', { name: `${firstName} Saleh` });
}

async function openMorning(page: Page, words = day): Promise<void> {
  await page.locator('label', { hasText: words.morning }).click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${words.morning}`) })).toBeVisible();
}

test('the attendant signs in on the driver sign-in page and works the morning run, offline too; each mark is recorded as theirs', async ({
  page,
  context,
  driverDayWorld,
  expectConsoleError,
}) => {
  const { attendant } = driverDayWorld;
  await page.goto('/driver-login');
  await page.getByLabel(en.site.driverLogin.phone).fill(attendant.phone);
  await page.getByLabel(new RegExp(`^${en.site.login.password}`)).fill(attendant.password);
  await page.getByRole('button', { name: en.site.login.signIn }).click();
  // The attendant's home is the bus's day.
  await expect(page).toHaveURL(/\/driver\/today$/);
  await expect(page.getByRole('heading', { level: 1, name: day.title })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(attendant.name);
  // The switch is the driver's: the attendant is the one who marks.
  await expect(page.getByRole('switch', { name: day.crew.attendantMarks })).toHaveCount(0);

  await openMorning(page);
  await page.getByRole('button', { name: day.start }).click();
  await expect(page.getByText(day.status.in_progress)).toBeVisible();
  // The screen's code is on the phone once its service worker is active. (Reached from the sign-in
  // page, the page itself is not yet controlled: the worker serves the reload below.)
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration('/driver/'))?.active)), { timeout: 30_000 })
    .toBe(true);

  await context.setOffline(true);
  await card(page, 'Reem').getByRole('button', { name: day.mark.morning.boarded, exact: true }).click();
  await card(page, 'Salma').getByRole('button', { name: day.mark.morning.boarded, exact: true }).click();
  await expect(card(page, 'Reem')).toContainText(day.rider.boarded);
  await expect(page.getByText(fill(day.sync.waiting_other, { count: 2 }))).toBeVisible();

  // A reload on the road opens the attendant's saved list, the marks still waiting.
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: day.title })).toBeVisible();
  await expect(page.getByText(fill(day.sync.waiting_other, { count: 2 }))).toBeVisible();
  await expect(card(page, 'Salma')).toContainText(day.rider.boarded);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByRole('status').filter({ hasText: day.sync.allSent })).toBeVisible({ timeout: 20_000 });
  // Read back from the server: the attendant made both marks.
  await expect(card(page, 'Reem').getByTestId('marked-by')).toHaveText(fill(day.rider.markedBy, { name: attendant.name }), { timeout: 15_000 });
  for (const name of ['Reem', 'Salma']) {
    const marks = (await driverDayWorld.marksOf(name)).filter((entry) => entry.run === 'morning');
    expect(marks.map((entry) => `${entry.event} by ${entry.markedByRole}`)).toEqual(['boarded by attendant']);
  }
});

test('the driver leaves the marks to the attendant: the screen shows the list and who marked, without buttons', async ({ page, driverDayWorld }) => {
  const response = await page.request.post('/api/driver/login', { data: { phone: driverDayWorld.khalifa.phone, password: driverDayWorld.khalifa.password } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/driver/today');
  await openMorning(page);
  // The run is under way: the driver could mark, until the attendant marks today.
  await expect(card(page, 'Reem').getByRole('button', { name: day.mark.morning.dropped })).toBeVisible();
  const attendantMarks = page.getByRole('switch', { name: day.crew.attendantMarks });
  await expect(attendantMarks).not.toBeChecked();
  await attendantMarks.click();
  await expect(attendantMarks).toBeChecked();
  await expect(page.getByText(fill(day.crew.attendantMarksHelp, { name: driverDayWorld.attendant.name }))).toBeVisible();
  await expect(card(page, 'Reem').getByRole('button', { name: day.mark.morning.dropped })).toHaveCount(0);
  await expect(page.getByRole('button', { name: day.end })).toHaveCount(0);
  await expect(card(page, 'Reem')).toContainText(day.rider.boarded);
  await expect(card(page, 'Reem').getByTestId('marked-by')).toHaveText(fill(day.rider.markedBy, { name: driverDayWorld.attendant.name }));

  // The choice holds for the day on this phone, and the screen passes the accessibility gate in both languages.
  for (const language of ['en', 'ar'] as const) {
    const words = wordsOf(language).driver.today;
    await showLanguage(page, language, { signedIn: true });
    await page.goto('/driver/today');
    await expectLanguage(page, language);
    await openMorning(page, words);
    await expect(page.getByRole('switch', { name: words.crew.attendantMarks })).toBeChecked();
    await checkScreen(page, { route: 'driver-today-attendant-marks', role: 'driver', language });
  }
  await showLanguage(page, 'en', { signedIn: true });
});
