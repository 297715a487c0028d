import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AdminStatistics, UnassignedStudents } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createParent } from '../../test/factories.js';

/**
 * The statistics stay fast with 100,000 students. Seeding that many rows is a PostgreSQL job
 * (INSERT ... SELECT generate_series): this file runs only when TEST_DATABASE_URL names a server.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const STUDENTS = 100_000;

describe.runIf(onServer)('statistics with 100,000 students on PostgreSQL', () => {
  let t: TestServer;
  let api: HttpClient;

  beforeAll(async () => {
    t = await startTestServer();
    const admin = await createAdmin(t.db);
    api = t.client();
    expect((await api.post('/api/auth/login', { email: admin.email, password: admin.password })).status).toBe(200);
    const parent = await createParent(t.db);
    await sql`INSERT INTO schools (school_code, name) SELECT 'SC-' || g, 'School ' || g FROM generate_series(1, 20) g`.execute(t.db);
    await sql`INSERT INTO areas (name, price) SELECT 'Area ' || g, 20 + g FROM generate_series(1, 30) g`.execute(t.db);
    await sql`INSERT INTO users (role, name, phone, password_hash) SELECT 'driver', 'Driver ' || g, (31000000 + g)::text, 'x' FROM generate_series(1, 60) g`.execute(
      t.db,
    );
    await sql`INSERT INTO drivers (user_id, name, phone, license_no) SELECT id, name, phone, 'L' FROM users WHERE role = 'driver'`.execute(t.db);
    // automated_id is given: the column's default pads to 5 digits and lpad cuts longer numbers.
    // Every 3rd student has no driver, every 2nd has paid, every 50th is deleted; registrations spread over 120 days.
    await sql`
      WITH s AS (SELECT array_agg(id ORDER BY name) AS ids FROM schools),
           a AS (SELECT array_agg(id ORDER BY id) AS ids FROM areas),
           d AS (SELECT array_agg(id ORDER BY name) AS ids FROM drivers)
      INSERT INTO students (automated_id, school_id, first_name, fathers_name, last_name, grade, student_school_id, contact_number1,
        service_type, price_bhd, area_id, address, house_building, road, block, driver_id, payment_status, parent_id,
        created_at, deleted_at)
      SELECT 'STU-SCALE-' || lpad(g::text, 6, '0'), s.ids[1 + g % 20], 'First' || g, 'Father', 'Last' || g, '3', 'SID' || g, '36000000',
        'BOTH', 25.50, a.ids[1 + g % 30], 'Address', '1', '2', '3',
        CASE WHEN g % 3 = 0 THEN NULL ELSE d.ids[1 + g % 60] END,
        CASE WHEN g % 2 = 0 THEN 'paid' ELSE 'unpaid' END,
        ${parent.parentId}::uuid,
        now() - (g % 120) * interval '1 day',
        CASE WHEN g % 50 = 0 THEN now() ELSE NULL END
      FROM generate_series(1, ${STUDENTS}) g, s, a, d`.execute(t.db);
    await sql`ANALYZE students`.execute(t.db);
  }, 240_000);
  afterAll(() => t?.close());

  // Speed is the benchmark's job (pnpm bench, against a floor); here the figures must add up at scale.
  it('answers with figures that add up', async () => {
    const response = await api.get<AdminStatistics>('/api/admin/statistics');
    expect(response.status).toBe(200);
    const stats: AdminStatistics | undefined = response.body;

    const live = STUDENTS - STUDENTS / 50;
    // Multiples of 3 that are not multiples of 50 (those are deleted): no driver.
    const unassigned = Math.floor(STUDENTS / 3) - Math.floor(STUDENTS / 150);
    expect(stats).toMatchObject({ totalStudents: live, paidStudents: STUDENTS / 2 - STUDENTS / 50, unassignedStudents: unassigned, schools: 20, drivers: 60 });
    expect(stats!.paidStudents + stats!.unpaidStudents).toBe(stats!.totalStudents);
    expect(stats!.monthlyRevenue).toBe((live * 25.5).toFixed(2));
    expect(stats!.byArea.reduce((sum, group) => sum + group.students, 0)).toBe(live);
    expect(stats!.byDriver.reduce((sum, group) => sum + group.students, 0) + stats!.unassignedStudents).toBe(live);
  });

  it('lists the bell’s students without a driver from an index', async () => {
    const response = await api.get<UnassignedStudents>('/api/admin/unassigned-students');
    expect(response.body.students).toHaveLength(50);
    expect(response.body.total).toBe(Math.floor(STUDENTS / 3) - Math.floor(STUDENTS / 150));
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`EXPLAIN SELECT id FROM students WHERE driver_id IS NULL AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 50`.execute(t.db);
    const text = plan.rows.map((row) => Object.values(row)[0]).join('\n');
    expect(text).toContain('students_unassigned_created_idx');
  });
});
