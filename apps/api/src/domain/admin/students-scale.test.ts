import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { studentListQuery, type StudentListQueryInput } from '@school-transport/contracts';
import { createTestDatabase, type TestDatabase } from '@school-transport/db/testing';
import { listStudents, studentCountQuery, studentPageQuery } from './students/list.js';
import { seedStudents } from '../../test/seed-students.js';

const STUDENTS = 100_000;

/*
 * The office's list with 100,000 students. Only meaningful on a PostgreSQL server (the planner's
 * choices at this size are what the indexes are for), so it runs only when TEST_DATABASE_URL is
 * set; on the embedded database the same indexes are checked at a smaller size in
 * admin-students.test.ts.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('the students list at 100,000 students (PostgreSQL only: runs when TEST_DATABASE_URL is set)', () => {
  let database: TestDatabase;
  const ids = { schools: [] as string[], areas: [] as string[], drivers: [] as string[], automatedId: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    for (let i = 0; i < 20; i++)
      ids.schools.push(
        (
          await db
            .insertInto('schools')
            .values({ schoolCode: `SCALE-${i}`, name: `Scale School ${i}` })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    for (let i = 0; i < 10; i++)
      ids.areas.push(
        (
          await db
            .insertInto('areas')
            .values({ name: `Scale Area ${i}`, price: '30.00' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    for (let i = 0; i < 30; i++) {
      const phone = String(33100000 + i);
      const user = await db
        .insertInto('users')
        .values({ role: 'driver', name: `Scale Driver ${i}`, phone, passwordHash: 'not-a-hash' })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.drivers.push(
        (
          await db
            .insertInto('drivers')
            .values({ userId: user.id, name: `Scale Driver ${i}`, phone, licenseNo: `L${i}`, areaIds: '[]' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    await seedStudents(db, { count: STUDENTS, schoolIds: ids.schools, areaIds: ids.areas, driverIds: ids.drivers, tag: 'scale' });
    ids.automatedId = (await db.selectFrom('students').select('automatedId').where('firstName', '=', 'First12345').executeTakeFirstOrThrow()).automatedId;
    // What autovacuum does on a live server after a bulk load: statistics and the visibility map.
    for (const table of ['students', 'users', 'parents']) await sql.raw(`VACUUM ANALYZE ${table}`).execute(db);
  }, 300_000);
  afterAll(() => database?.close());

  async function plan(compiled: CompiledQuery): Promise<string> {
    const result = await database.db.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]));
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  }

  const cases: [string, () => StudentListQueryInput][] = [
    ['the first page', () => ({})],
    ['the first page by name', () => ({ sort: 'name' })],
    ['a search by name', () => ({ search: 'family54321' })],
    ['a search by first and last name', () => ({ search: 'First777 Family777' })],
    ['a search by automated ID', () => ({ search: ids.automatedId })],
    ['a search by parent email', () => ({ search: 'scale-parent-4242@' })],
    ['a search by parent phone', () => ({ search: '50004242' })],
    ['the school filter', () => ({ schoolId: ids.schools[3] })],
    ['the area filter', () => ({ areaId: ids.areas[4] })],
    ['the driver filter', () => ({ driverId: ids.drivers[5] })],
    ['the paid filter', () => ({ paymentStatus: 'paid' })],
    ['the pending filter', () => ({ paymentStatus: 'unpaid' })],
    ['the without-a-driver filter', () => ({ unassigned: true })],
    ['the deleted filter', () => ({ deleted: true })],
    ['filters together', () => ({ schoolId: ids.schools[0], paymentStatus: 'paid', unassigned: true })],
  ];

  it.each(cases)('%s reads indexes, never a sequential scan of students', async (_name, input) => {
    const query = studentListQuery.parse(input());
    const pagePlan = await plan(studentPageQuery(database.db, query).compile());
    const countPlan = await plan(studentCountQuery(database.db, query).compile());
    expect(pagePlan, pagePlan).not.toContain('Seq Scan on students');
    expect(countPlan, countPlan).not.toContain('Seq Scan on students');
    expect(`${pagePlan}\n${countPlan}`).toMatch(/Index (Only )?Scan (using|on) students_|Bitmap Index Scan on students_/);

    // The plans above are the guarantee; speed itself is measured by pnpm bench against its floor.
    const page = await listStudents(database.db, query);
    expect(page.students.length).toBeLessThanOrEqual(50);
    expect(page.total).toBeGreaterThan(0);
  });

  it('gives the 100,000th student an automated ID of its own (six digits, never cut to five)', async () => {
    const rows = await database.db.selectFrom('students').select('automatedId').where('automatedId', 'like', 'STU-%-100000').execute();
    expect(rows).toHaveLength(1);
    const distinct = await database.db
      .selectFrom('students')
      .select((eb) => eb.fn.count<string>('automatedId').distinct().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(distinct.n)).toBe(STUDENTS);
  });

  it('counts what it shows: deleted students are hidden, the filters add up', async () => {
    const all = await listStudents(database.db, studentListQuery.parse({}));
    const deleted = await listStudents(database.db, studentListQuery.parse({ deleted: true }));
    const paid = await listStudents(database.db, studentListQuery.parse({ paymentStatus: 'paid' }));
    const unpaid = await listStudents(database.db, studentListQuery.parse({ paymentStatus: 'unpaid' }));
    expect(all.total + deleted.total).toBe(STUDENTS);
    expect(deleted.total).toBe(1000);
    expect(paid.total + unpaid.total).toBe(all.total);
  });
});
