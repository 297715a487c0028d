import type { Page } from '@playwright/test';
import { SCHOOL_DAY_MESSAGES } from '@school-transport/contracts';
import { expect, test } from '../../fixtures/test.js';
import { checkScreen, expectFitsWidth, expectNoAxeViolations } from '../../fixtures/a11y.js';
import { E2E_ADMIN } from '../../fixtures/accounts.js';
import { signInByEmail } from '../../fixtures/session.js';
import { bahrainDays, restoreSchoolWeek, seedSchoolDayFamily, signedInDriverApi, type SchoolDayFamily } from '../../fixtures/school-day.js';
import { officeDay as en } from '../../../apps/web/src/i18n/en/office-day.js';

/**
 * The school day's settings in the admin's Settings tab, on a phone: a no-service date added there
 * reaches the driver (today's answer names it and lists no run), a nameless one is refused at its
 * field first, and the accessibility gate on the section.
 */
test.use({ viewport: { width: 360, height: 740 } });
test.describe.configure({ timeout: 3 * 60_000 });

let family: SchoolDayFamily;
test.beforeAll(async ({ server }) => {
  family = await seedSchoolDayFamily(server.url, `sds${Date.now().toString(36)}`);
});
test.afterAll(async ({ server }) => {
  await restoreSchoolWeek(server.url, family.settingsBefore);
});

async function openSection(page: Page) {
  await signInByEmail(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto('/admin?tab=settings');
  const section = page.getByRole('region', { name: en.settings.title });
  await expect(section.getByRole('checkbox', { name: en.settings.weekday.sun })).toBeVisible({ timeout: 20_000 });
  return section;
}

test('a no-service date without a name is refused at its field; one added for today: the driver’s day names it and has no run', async ({ page, server }) => {
  const { today } = bahrainDays();
  const driver = await signedInDriverApi(server.url, family.driver);
  try {
    const before = (await (await driver.get('/api/driver/runs/today')).json()) as { noService: string | null; runs: unknown[] };
    expect(before).toMatchObject({ noService: null });
    expect(before.runs).toHaveLength(2);

    const section = await openSection(page);
    // Every weekday is a school day (the fixture's week): all seven boxes are ticked.
    for (const day of Object.values(en.settings.weekday)) await expect(section.getByRole('checkbox', { name: day })).toBeChecked();
    await section.getByRole('button', { name: en.settings.addNoService }).click();
    await section.getByLabel(en.settings.noServiceDate).last().fill(today);
    // Without its name the date is refused at its field, and nothing is saved.
    await section.getByRole('button', { name: 'Save' }).click();
    const name = section.getByLabel(en.settings.noServiceName).last();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText(SCHOOL_DAY_MESSAGES.noServiceNameRequired)).toBeVisible();
    await expect(page.getByText(en.settings.saved)).toHaveCount(0);
    expect(((await (await driver.get('/api/driver/runs/today')).json()) as { noService: string | null }).noService).toBeNull();
    await name.fill('National Day');
    await expect(section.getByText(SCHOOL_DAY_MESSAGES.noServiceNameRequired)).toBeHidden();
    await expectFitsWidth(page, section, 'school-day settings');
    // The whole Settings page (its headings in order), then the section's own gate, strictly.
    await checkScreen(page, { route: 'admin-settings-school-day', role: 'admin', language: 'en' });
    await expectNoAxeViolations(page, 'school-day settings section', { include: 'section[aria-labelledby="school-day-settings-title"]' });
    await section.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(en.settings.saved)).toBeVisible();

    await expect.poll(async () => ((await (await driver.get('/api/driver/runs/today')).json()) as { noService: string | null }).noService).toBe('National Day');
    const after = (await (await driver.get('/api/driver/runs/today')).json()) as { date: string; runs: unknown[] };
    expect(after).toMatchObject({ date: today, runs: [] });

    // Read back after a reload: the date is saved.
    await page.reload();
    const again = page.getByRole('region', { name: en.settings.title });
    await expect(again.getByLabel(en.settings.noServiceName).last()).toHaveValue('National Day', { timeout: 20_000 });
    await expect(again.getByLabel(en.settings.noServiceDate).last()).toHaveValue(today);

    // Removing it brings today's runs back for the driver.
    await again.getByRole('button', { name: en.settings.removeNoService.replace('{{name}}', 'National Day') }).click();
    await again.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(en.settings.saved)).toBeVisible();
    await expect.poll(async () => ((await (await driver.get('/api/driver/runs/today')).json()) as { runs: unknown[] }).runs.length).toBe(2);
  } finally {
    await driver.dispose();
  }
});
