import type { Page } from '@playwright/test';
import type { RunStops } from '@school-transport/contracts';
import { expect, test } from '../../fixtures/test.js';
import { checkScreen, expectTouchTargets } from '../../fixtures/a11y.js';
import { signInDriver } from '../../fixtures/session.js';
import { restoreSchoolWeek, signedInOffice } from '../../fixtures/school-day.js';
import { seedRoute, type RouteWorld } from '../../fixtures/routes.js';
import { wordsOf } from '../../fixtures/catalogs.js';

/**
 * The driver's run on a phone: the children in stop order with their stop's number (siblings
 * share one), and the driver's own new order of stops with Up and Down, which the office sees.
 */
const en = wordsOf('en').driver.today;
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 3 * 60_000 });

let world: RouteWorld;
test.beforeAll(async ({ server }) => {
  world = await seedRoute(server.url, `dso${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, world.family.settingsBefore);
});

/** The button of a stop by its label's template ('Move stop {{number}} ({{names}}) up'), whoever is at the stop. */
const labelled = (template: string, number: number) =>
  new RegExp(
    `^${template
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace('{{number}}', String(number))
      .replace('{{names}}', '.*')}$`,
  );

/** Each child's card as 'Stop n First': the screen's order. */
const cardsInOrder = (page: Page) =>
  page
    .getByRole('article')
    .evaluateAll((articles) =>
      articles.map(
        (article) =>
          `${article.querySelector('[data-testid="stop-number"]')?.textContent ?? ''} ${(article.querySelector('h3')?.textContent ?? '').split(' ')[0]}`,
      ),
    );

test('the driver moves the last stop to the top; the cards and the office follow', async ({ page, server }) => {
  await signInDriver(page, world.family.driver.phone, world.family.driver.password);
  await page.goto('/driver/today');
  await page.locator('label', { hasText: en.morning }).click();
  await expect(page.getByRole('article')).toHaveCount(5, { timeout: 20_000 });
  const [huda, lina, omar, siblings] = world.stops as [string, string, string, string];
  const [sara, yousif] = siblings.split(', ') as [string, string];
  expect(await cardsInOrder(page)).toEqual([`Stop 1 ${huda}`, `Stop 2 ${lina}`, `Stop 3 ${omar}`, `Stop 4 ${sara}`, `Stop 4 ${yousif}`]);

  await page.getByRole('button', { name: en.stops.change }).click();
  const stops = page.getByTestId('driver-stop');
  await expect(stops).toHaveCount(4);
  await checkScreen(page, { route: 'driver-stop-order', role: 'driver', language: 'en' });
  await expectTouchTargets(page, 'driver-stop-order');
  for (const number of [4, 3, 2]) {
    await page.getByRole('button', { name: labelled(en.stops.moveUpLabel, number) }).click();
  }
  await expect(stops.first()).toContainText(`Stop 1 · ${sara}, ${yousif}`);
  await page.getByRole('button', { name: en.stops.save }).click();
  await expect(page.getByText(en.stops.saved)).toBeVisible();
  await expect.poll(() => cardsInOrder(page)).toEqual([`Stop 1 ${sara}`, `Stop 1 ${yousif}`, `Stop 2 ${huda}`, `Stop 3 ${lina}`, `Stop 4 ${omar}`]);

  const office = await signedInOffice(server.url);
  const answer = (await (await office.get(`/api/admin/drivers/${world.family.driver.id}/runs/morning/stops`)).json()) as RunStops;
  await office.dispose();
  expect(answer.stops.map((stop) => stop.students.map((student) => student.firstName).join(', '))).toEqual([siblings, huda, lina, omar]);
  expect(answer.orderedBy?.name).toBe(world.family.driver.name);
});
