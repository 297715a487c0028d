import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import { SCHOOL_DAY_SETTINGS_KEYS, schoolDaySettings, type SchoolCalendar, type SchoolDaySettings } from '@school-transport/contracts';
import { changedFields, recordAudit, type Actor } from '../audit.js';

/**
 * The school day's settings: rows of the `settings` table like the company's, read and saved apart
 * from them because the public pages show the company's settings and the office's alert phone is
 * not for them. A missing row reads as its default.
 */
export async function readSchoolDaySettings(db: Db): Promise<SchoolDaySettings> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', [...SCHOOL_DAY_SETTINGS_KEYS])
    .execute();
  const raw = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const parsed = schoolDaySettings.safeParse(raw);
  // A row edited by hand into something invalid should not stop the buses: the defaults hold then.
  return parsed.success ? parsed.data : schoolDaySettings.parse({});
}

/**
 * What a family's calendar needs of the settings: the school week and the no-service dates, so
 * that its pickers offer only days with a run. Nothing else of them (the office's alert phone, the
 * overdue rule) reaches a parent.
 */
export async function readSchoolCalendar(db: Db): Promise<SchoolCalendar> {
  const { schoolDays, noServiceDates } = await readSchoolDaySettings(db);
  return { schoolDays, noServiceDates };
}

/** Saves the school day's settings (only changed keys are written), audited. */
export async function updateSchoolDaySettings(db: Kysely<Database>, actor: Actor, next: SchoolDaySettings): Promise<SchoolDaySettings> {
  return db.transaction().execute(async (trx) => {
    const before = await readSchoolDaySettings(trx);
    const diff = changedFields(before, next);
    if (Object.keys(diff).length === 0) return before;
    for (const key of Object.keys(diff)) {
      const value = JSON.stringify(next[key as keyof SchoolDaySettings]);
      await trx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt: new Date() }))
        .execute();
    }
    await recordAudit(trx, actor, { entityType: 'settings', entityId: 'school-day', action: 'update', diff });
    return readSchoolDaySettings(trx);
  });
}
