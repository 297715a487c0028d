import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/**
 * A realistic volume of data for benchmarks and load tests: schools, areas, drivers with sign-ins,
 * families of one to three children, students spread over a school year. Written by the database
 * itself (INSERT ... SELECT generate_series), so 100,000 students take seconds, not minutes.
 * Works on PostgreSQL 15 and PGlite (one statement per call). Seeded rows are recognisable: school
 * codes 'VOL-…', area names 'Volume area …', e-mails '…@volume.test', driver phones from 34000001.
 */
export interface VolumeOptions {
  students: number;
  drivers: number;
  schools: number;
  areas: number;
  /**
   * One argon2 hash, computed once by the caller (packages/db does not hash), used for every seeded
   * account: parents, drivers and the admin sign in with VOLUME_PASSWORD.
   */
  passwordHash: string;
  /**
   * Steps that add rows for other features once the students exist, in order, each given the
   * summary: the fee rows of a school year are one (`(db) => seedVolumeFees(db)`, volume-fees.ts).
   */
  extraSteps?: ((db: Kysely<Database>, summary: VolumeSummary) => Promise<void>)[];
}

export interface VolumeSummary {
  students: number;
  parents: number;
  drivers: number;
  schools: number;
  areas: number;
  /** Sign-ins for the benchmark: the admin, a parent with two students, the driver with the most students. */
  admin: { email: string; userId: string };
  parent: { email: string; userId: string };
  driver: { phone: string; userId: string; driverId: string };
  milliseconds: number;
}

export { seedVolumeFees } from './volume-fees.js';

export const VOLUME_PASSWORD = 'volume-password';
export const VOLUME_DEFAULTS = { students: 10_000, drivers: 300, schools: 60, areas: 40 } as const;

const FIRST_NAMES = [
  'Ahmed',
  'Fatima',
  'Mohammed',
  'Maryam',
  'Ali',
  'Zainab',
  'Hassan',
  'Noor',
  'Yusuf',
  'Sara',
  'Omar',
  'Aisha',
  'Khalid',
  'Layla',
  'Abdulla',
  'Huda',
  'Isa',
  'Reem',
  'Jassim',
  'Amina',
  'Salman',
  'Dana',
  'Hamad',
  'Latifa',
];
const LAST_NAMES = [
  'Al-Khalifa',
  'Al-Mahmood',
  'Al-Sayed',
  'Al-Doseri',
  'Al-Ansari',
  'Al-Jalahma',
  'Al-Zayani',
  'Kanoo',
  'Fakhro',
  'Al-Mannai',
  'Bucheeri',
  'Al-Noaimi',
  'Al-Hashimi',
  'Al-Qassab',
  'Janahi',
  'Al-Shirawi',
];
const GRADES = ['Nursery', 'KG1', 'KG2', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
const CLASSES = ['A', 'R', 'K', 'I', 'S', 'B', 'H'];

/** A PostgreSQL text[] literal from a list of plain words. */
const textArray = (values: readonly string[]) => sql.lit(`{${values.map((value) => `"${value}"`).join(',')}}`);

export async function seedVolume(db: Kysely<Database>, options: VolumeOptions): Promise<VolumeSummary> {
  const started = Date.now();
  const { students, drivers, schools, areas, passwordHash } = options;
  // Families of 1, 2 or 3 children, two on average.
  const parents = Math.max(1, Math.ceil(students / 2));
  const hash = passwordHash;

  await sql`
    INSERT INTO schools (school_code, name, address, contact_name, contact_phone)
    SELECT 'VOL-' || lpad(i::text, 4, '0'), 'Volume School ' || i, 'Block ' || (100 + i) || ', Manama', 'Office', (17100000 + i)::text
    FROM generate_series(1, ${schools}) AS i`.execute(db);
  await sql`
    INSERT INTO areas (name, price, roundabout_count)
    SELECT 'Volume area ' || i, (20 + i % 16)::numeric(10, 2), CASE WHEN i % 10 = 2 THEN 22 ELSE 0 END
    FROM generate_series(1, ${areas}) AS i`.execute(db);

  await sql`
    INSERT INTO users (email, password_hash, role, name)
    VALUES ('admin@volume.test', ${hash}, 'admin', 'Volume Admin')`.execute(db);
  await sql`
    INSERT INTO users (password_hash, role, name, phone)
    SELECT ${hash}, 'driver', 'Driver ' || i, (34000000 + i)::text
    FROM generate_series(1, ${drivers}) AS i`.execute(db);
  await sql`
    INSERT INTO drivers (user_id, name, phone, license_no, area_ids, vehicle_plate, vehicle_seats)
    SELECT u.id, u.name, u.phone, 'DL-VOL-' || u.phone, '[]'::jsonb, 'VOL ' || u.phone, 14 + (u.phone::int % 3) * 5
    FROM users u WHERE u.role = 'driver' AND u.phone::bigint BETWEEN 34000001 AND ${34_000_000 + drivers}`.execute(db);
  await sql`
    INSERT INTO users (email, password_hash, role, name, phone)
    SELECT 'parent' || i || '@volume.test', ${hash}, 'parent',
      (${textArray(FIRST_NAMES)}::text[])[1 + i % ${FIRST_NAMES.length}] || ' ' || (${textArray(LAST_NAMES)}::text[])[1 + i % ${LAST_NAMES.length}],
      (36000000 + i)::text
    FROM generate_series(1, ${parents}) AS i`.execute(db);
  await sql`
    INSERT INTO parents (user_id, whatsapp_number)
    SELECT id, phone FROM users WHERE role = 'parent' AND email LIKE '%@volume.test'`.execute(db);

  // Student i belongs to family 1 + (i - 1) % parents (families of about two); schools, areas and
  // drivers are spread evenly; 90% have a driver, 60% have paid; registrations span the last year.
  await sql`
    WITH
      p AS (SELECT array_agg(pa.id ORDER BY u.phone) AS ids FROM parents pa JOIN users u ON u.id = pa.user_id WHERE u.email LIKE '%@volume.test'),
      s AS (SELECT array_agg(id ORDER BY school_code) AS ids FROM schools WHERE school_code LIKE 'VOL-%'),
      a AS (SELECT array_agg(id ORDER BY name) AS ids, array_agg(price ORDER BY name) AS prices FROM areas WHERE name LIKE 'Volume area %'),
      d AS (SELECT array_agg(id ORDER BY phone) AS ids FROM drivers WHERE phone::bigint BETWEEN 34000001 AND ${34_000_000 + drivers})
    INSERT INTO students (
      school_id, first_name, fathers_name, last_name, grade, class, student_school_id, contact_number1,
      service_type, price_bhd, area_id, address, house_building, road, block, driver_id, payment_status,
      parent_id, created_at, updated_at
    )
    SELECT
      s.ids[1 + i % array_length(s.ids, 1)],
      (${textArray(FIRST_NAMES)}::text[])[1 + (i * 7) % ${FIRST_NAMES.length}],
      (${textArray(FIRST_NAMES)}::text[])[1 + (i * 3) % ${FIRST_NAMES.length}],
      (${textArray(LAST_NAMES)}::text[])[1 + ((i - 1) % ${parents}) % ${LAST_NAMES.length}],
      (${textArray(GRADES)}::text[])[1 + i % ${GRADES.length}],
      CASE WHEN i % 4 = 0 THEN NULL ELSE (${textArray(CLASSES)}::text[])[1 + i % ${CLASSES.length}] END,
      'SID-' || i,
      (36000000 + 1 + (i - 1) % ${parents})::text,
      (ARRAY['HOME_TO_SCHOOL', 'SCHOOL_TO_HOME', 'BOTH'])[1 + i % 3],
      a.prices[1 + i % array_length(a.ids, 1)],
      a.ids[1 + i % array_length(a.ids, 1)],
      'House ' || (i % 900) || ', Road ' || (i % 90) || ', Block ' || (300 + i % 700),
      (i % 900)::text, (i % 90)::text, (300 + i % 700)::text,
      CASE WHEN i % 10 = 0 THEN NULL ELSE d.ids[1 + i % array_length(d.ids, 1)] END,
      CASE WHEN i % 5 < 3 THEN 'paid' ELSE 'unpaid' END,
      p.ids[1 + (i - 1) % ${parents}],
      now() - make_interval(secs => (i * 7919) % (365 * 24 * 3600)),
      now()
    FROM generate_series(1, ${students}) AS i, p, s, a, d`.execute(db);

  // Fresh statistics, so the planner sees the volume rather than the empty tables it was migrated with.
  for (const table of ['users', 'parents', 'schools', 'areas', 'drivers', 'students']) {
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }

  const admin = await db.selectFrom('users').select(['id', 'email']).where('email', '=', 'admin@volume.test').executeTakeFirstOrThrow();
  const parent = await db.selectFrom('users').select(['id', 'email']).where('email', '=', 'parent1@volume.test').executeTakeFirstOrThrow();
  const driver = await db
    .selectFrom('drivers')
    .innerJoin('students', 'students.driverId', 'drivers.id')
    .select(['drivers.id', 'drivers.userId', 'drivers.phone'])
    .select((eb) => eb.fn.countAll().as('count'))
    .groupBy(['drivers.id', 'drivers.userId', 'drivers.phone'])
    .orderBy('count', 'desc')
    .orderBy('drivers.phone')
    .limit(1)
    .executeTakeFirstOrThrow();

  const summary: VolumeSummary = {
    students,
    parents,
    drivers,
    schools,
    areas,
    admin: { email: admin.email!, userId: admin.id },
    parent: { email: parent.email!, userId: parent.id },
    driver: { phone: driver.phone, userId: driver.userId, driverId: driver.id },
    milliseconds: 0,
  };
  for (const step of options.extraSteps ?? []) await step(db, summary);
  summary.milliseconds = Date.now() - started;
  return summary;
}
