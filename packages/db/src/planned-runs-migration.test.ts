import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, sql } from 'kysely';
import type { DatabaseHandle } from './client.js';
import { migrations } from './migrations/index.js';
import { createTestDatabase, testEngine } from './testing.js';

/**
 * Moving a database to planned runs loses nothing: a database at the migration before, holding a
 * school day's records of two drivers (day records, marks, an undo, absences, stops and their
 * order, a pin, the live position, trails, a substitute, a 'bus is near' choice), is migrated, and
 * every row is compared with what it was. Each driver gets 'Morning' and 'Afternoon' at the
 * settings' times, and every row keyed by a driver's direction now names that planned run.
 */
const PLANNED_RUNS = '2026-11-28T0900-planned-runs';
/** The migration just before: the rows are written as they were then, and only the move itself runs on them. */
const names = Object.keys(migrations).sort();
const BEFORE = names[names.indexOf(PLANNED_RUNS) - 1]!;
const MOVED = ['school_runs', 'run_stops', 'run_stop_orders', 'bus_positions', 'run_positions'] as const;
const KEPT = ['run_marks', 'run_mark_undos', 'absences', 'stop_locations', 'bus_near_settings', 'students', 'drivers'] as const;
const ORDER: Record<string, string> = {
  run_stop_orders: 'driver_id, run',
  bus_positions: 'driver_id',
  stop_locations: 'address_key',
  bus_near_settings: 'student_id',
};

type Row = Record<string, unknown>;

describe(`the move to planned runs on ${testEngine()}`, () => {
  let handle: DatabaseHandle;
  const rowsOf = async (table: string): Promise<Row[]> =>
    (await sql<Row>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(ORDER[table] ?? 'id')}`.execute(handle.db)).rows;

  beforeAll(async () => {
    handle = await createTestDatabase({ migrated: false });
    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const result = await migrator.migrateTo(BEFORE);
    if (result.error) throw result.error;
  });
  afterAll(() => handle.close());

  it('gives each driver a Morning and an Afternoon run and moves every record onto them', async () => {
    const run = (text: string) => sql.raw(text).execute(handle.db);
    await run(`INSERT INTO settings (key, value) VALUES ('morningStart', '"06:15"'), ('morningEnd', '"07:45"'), ('afternoonStart', '"12:30"'), ('afternoonEnd', '"nonsense"')
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
    const ids = await sql<{ user1: string; user2: string }>`
      WITH u AS (INSERT INTO users (phone, password_hash, role, name) VALUES ('33000001', 'x', 'driver', 'Ahmed'), ('33000002', 'x', 'driver', 'Yusuf') RETURNING id, phone)
      SELECT (SELECT id FROM u WHERE phone = '33000001') AS user1, (SELECT id FROM u WHERE phone = '33000002') AS user2`.execute(handle.db);
    const { user1, user2 } = ids.rows[0]!;
    const driver = async (userId: string, name: string, phone: string) =>
      (
        await sql<{
          id: string;
        }>`INSERT INTO drivers (user_id, name, phone, license_no, area_ids) VALUES (${userId}, ${name}, ${phone}, ${`L-${name}`}, '[]') RETURNING id`.execute(
          handle.db,
        )
      ).rows[0]!.id;
    const ahmed = await driver(user1, 'Ahmed', '33000001');
    const yusuf = await driver(user2, 'Yusuf', '33000002');
    const parentUser = (
      await sql<{
        id: string;
      }>`INSERT INTO users (email, password_hash, role, name, phone) VALUES ('p@example.com', 'x', 'parent', 'Parent', '36000000') RETURNING id`.execute(
        handle.db,
      )
    ).rows[0]!.id;
    const parent = (
      await sql<{ id: string }>`INSERT INTO parents (user_id, whatsapp_number) VALUES (${parentUser}, '36000000') RETURNING id`.execute(handle.db)
    ).rows[0]!.id;
    const school = (await sql<{ id: string }>`INSERT INTO schools (school_code, name) VALUES ('SC-1', 'Al Noor') RETURNING id`.execute(handle.db)).rows[0]!.id;
    const area = (await sql<{ id: string }>`INSERT INTO areas (name) VALUES ('Sanad') RETURNING id`.execute(handle.db)).rows[0]!.id;
    const student = async (name: string, driverId: string) =>
      (
        await sql<{
          id: string;
        }>`INSERT INTO students (school_id, first_name, fathers_name, last_name, grade, student_school_id, contact_number1, service_type, price_bhd, area_id, address, house_building, road, block, driver_id, parent_id)
        VALUES (${school}, ${name}, 'Khalid', 'Test', '5', ${`S-${name}`}, '36001122', 'BOTH', '25.00', ${area}, 'Block 1, Road 2, House 3', '3', '2', '1', ${driverId}, ${parent}) RETURNING id`.execute(
          handle.db,
        )
      ).rows[0]!.id;
    const noor = await student('Noor', ahmed);
    const hamad = await student('Hamad', yusuf);

    const dayRun = async (driverId: string, date: string, direction: string, substitute: string | null = null) =>
      (
        await sql<{
          id: string;
        }>`INSERT INTO school_runs (driver_id, date, run, substitute_driver_id, started_at, ended_at) VALUES (${driverId}, ${date}, ${direction}, ${substitute}, now(), now()) RETURNING id`.execute(
          handle.db,
        )
      ).rows[0]!.id;
    const ahmedsMorning = await dayRun(ahmed, '2026-11-25', 'morning');
    await dayRun(ahmed, '2026-11-25', 'afternoon', yusuf);
    const yusufsMorning = await dayRun(yusuf, '2026-11-25', 'morning');
    const mark = (
      await sql<{
        id: string;
      }>`INSERT INTO run_marks (run_id, student_id, event, at, client_id) VALUES (${ahmedsMorning}, ${noor}, 'boarded', now(), 'phone-1') RETURNING id`.execute(
        handle.db,
      )
    ).rows[0]!.id;
    await sql`INSERT INTO run_marks (run_id, student_id, event, at, client_id) VALUES (${yusufsMorning}, ${hamad}, 'no_show', now(), 'phone-2')`.execute(
      handle.db,
    );
    await sql`UPDATE run_marks SET undone_at = now() WHERE id = ${mark}`.execute(handle.db);
    await sql`INSERT INTO run_mark_undos (run_id, mark_id, client_id, at) VALUES (${ahmedsMorning}, ${mark}, 'phone-3', now())`.execute(handle.db);
    await sql`INSERT INTO absences (student_id, from_date, to_date, run, reason) VALUES (${noor}, '2026-11-26', '2026-11-27', 'afternoon', 'Dentist')`.execute(
      handle.db,
    );
    for (const [driverId, direction, key, position] of [
      [ahmed, 'morning', '1|2|3', 1],
      [ahmed, 'afternoon', '1|2|3', 1],
      [yusuf, 'morning', '1|2|3', 2],
    ] as const) {
      await sql`INSERT INTO run_stops (driver_id, run, address_key, position) VALUES (${driverId}, ${direction}, ${key}, ${position})`.execute(handle.db);
    }
    await sql`INSERT INTO run_stop_orders (driver_id, run, ordered_by) VALUES (${ahmed}, 'afternoon', ${user1}), (${yusuf}, 'morning', NULL)`.execute(
      handle.db,
    );
    await sql`INSERT INTO stop_locations (address_key, lat, lng) VALUES ('1|2|3', 26.1, 50.5)`.execute(handle.db);
    await sql`INSERT INTO bus_positions (driver_id, date, run, lat, lng, accuracy, at) VALUES (${ahmed}, '2026-11-25', 'afternoon', 26.2, 50.6, 5, now()), (${yusuf}, '2026-11-25', 'morning', 26.3, 50.4, 8, now())`.execute(
      handle.db,
    );
    await sql`INSERT INTO run_positions (driver_id, date, run, lat, lng, accuracy, at) VALUES (${ahmed}, '2026-11-25', 'morning', 26.2, 50.6, 5, now() - interval '2 minutes'), (${yusuf}, '2026-11-25', 'afternoon', 26.3, 50.4, 8, now() - interval '1 minute')`.execute(
      handle.db,
    );
    await sql`INSERT INTO bus_near_settings (student_id, minutes) VALUES (${noor}, 10)`.execute(handle.db);

    const before: Record<string, Row[]> = {};
    for (const table of [...MOVED, ...KEPT]) before[table] = await rowsOf(table);

    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const result = await migrator.migrateTo(PLANNED_RUNS);
    expect(result.error).toBeUndefined();

    const planned = await rowsOf('planned_runs');
    const runOf = (driverId: unknown, direction: unknown) => planned.filter((row) => row.driverId === driverId && row.direction === direction);
    for (const driverId of [ahmed, yusuf]) {
      expect(runOf(driverId, 'morning')).toEqual([
        expect.objectContaining({ name: 'Morning', schoolIds: [], plannedStart: '06:15', plannedEnd: '07:45', weekdays: null, deletedAt: null }),
      ]);
      // An afternoon end the settings hold in error: that time alone takes its default.
      expect(runOf(driverId, 'afternoon')).toEqual([
        expect.objectContaining({ name: 'Afternoon', schoolIds: [], plannedStart: '12:30', plannedEnd: '15:00', weekdays: null }),
      ]);
    }
    expect(planned).toHaveLength(4);

    for (const table of MOVED) {
      const after = await rowsOf(table);
      expect(
        after.map(({ plannedRunId: _moved, ...rest }) => rest),
        table,
      ).toEqual(before[table]);
      for (const row of after) expect(row.plannedRunId, table).toBe(runOf(row.driverId, row.run)[0]!.id);
    }
    for (const table of KEPT) {
      // The students' new columns (placed by hand, another bus home) start empty.
      const added = table === 'students' ? ['morningRunId', 'afternoonRunId', 'afternoonDriverId'] : [];
      const after = await rowsOf(table);
      for (const row of after) for (const column of added) expect(row[column], column).toBeNull();
      expect(
        after.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !added.includes(column)))),
        table,
      ).toEqual(before[table]);
    }
  });

  it('gives a driver added afterwards the same two runs', async () => {
    const user = (
      await sql<{ id: string }>`INSERT INTO users (phone, password_hash, role, name) VALUES ('33000003', 'x', 'driver', 'Sara') RETURNING id`.execute(handle.db)
    ).rows[0]!.id;
    const sara = (
      await sql<{
        id: string;
      }>`INSERT INTO drivers (user_id, name, phone, license_no, area_ids) VALUES (${user}, 'Sara', '33000003', 'L-Sara', '[]') RETURNING id`.execute(handle.db)
    ).rows[0]!.id;
    const runs = await handle.db
      .selectFrom('plannedRuns')
      .select(['direction', 'name', 'plannedStart', 'plannedEnd'])
      .where('driverId', '=', sara)
      .orderBy('plannedStart')
      .execute();
    expect(runs).toEqual([
      { direction: 'morning', name: 'Morning', plannedStart: '06:15', plannedEnd: '07:45' },
      { direction: 'afternoon', name: 'Afternoon', plannedStart: '12:30', plannedEnd: '15:00' },
    ]);
  });
});
