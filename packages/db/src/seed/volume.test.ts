import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing.js';
import { seedVolume, type VolumeSummary } from './volume.js';

let database: TestDatabase;
let summary: VolumeSummary;
let extraStepSaw: number | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedVolume(database.db, {
    students: 1000,
    drivers: 20,
    schools: 6,
    areas: 4,
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash',
    extraSteps: [
      async (db) => {
        extraStepSaw = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM students`.execute(db)).rows[0]!.n);
      },
    ],
  });
}, 60_000);
afterAll(() => database.close());

describe('the volume seeder', () => {
  it('writes the requested numbers of rows', async () => {
    const count = async (table: 'students' | 'drivers' | 'schools' | 'areas' | 'parents') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('students')).toBe(1000);
    expect(await count('drivers')).toBe(20);
    expect(await count('schools')).toBe(6);
    expect(await count('areas')).toBe(4);
    expect(await count('parents')).toBe(500);
  });

  it('makes families, drivers and payments look like the real service', async () => {
    const { rows } = await sql<{ unassigned: string; paid: string; biggest: string; priced: string }>`
      SELECT
        count(*) FILTER (WHERE driver_id IS NULL) AS unassigned,
        count(*) FILTER (WHERE payment_status = 'paid') AS paid,
        (SELECT max(n) FROM (SELECT count(*) AS n FROM students GROUP BY parent_id) f) AS biggest,
        count(*) FILTER (WHERE s.price_bhd = a.price) AS priced
      FROM students s JOIN areas a ON a.id = s.area_id`.execute(database.db);
    expect(Number(rows[0]!.unassigned)).toBe(100);
    expect(Number(rows[0]!.paid)).toBe(600);
    expect(Number(rows[0]!.biggest)).toBeLessThanOrEqual(3);
    expect(Number(rows[0]!.priced)).toBe(1000);
  });

  it('answers sign-ins for a parent with two students and the busiest driver, and runs the extra steps after the students', async () => {
    const children = await database.db
      .selectFrom('students')
      .innerJoin('parents', 'parents.id', 'students.parentId')
      .where('parents.userId', '=', summary.parent.userId)
      .select('students.id')
      .execute();
    expect(children).toHaveLength(2);
    const driverStudents = await database.db.selectFrom('students').where('driverId', '=', summary.driver.driverId).select('id').execute();
    expect(driverStudents.length).toBeGreaterThanOrEqual(45);
    expect(extraStepSaw).toBe(1000);
  });
});
