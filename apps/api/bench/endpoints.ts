/**
 * What `pnpm bench` measures: each endpoint of issue 13 as the app serves it (path, role) and its
 * floor: the same SQL served by a bare Fastify + pg handler with no tRPC, session or validation.
 * The floor SQL of (a), (d) and (e) is written from the product spec ahead of their features; while
 * a path answers 404 on the build being measured, its row says so instead of a number.
 */
export type Role = 'admin' | 'parent' | 'driver';

/** What the floor server knows of the seeded data; handlers take their keys from here, not from a session. */
export interface FloorContext {
  parentUserId: string;
  driverId: string;
  passwordHash: string;
}

export interface FloorQuery {
  sql: string;
  params?: (ctx: FloorContext) => unknown[];
}

export interface Endpoint {
  id: string;
  label: string;
  method: 'GET' | 'POST';
  /** The app's documented path, with its query string. */
  path: string;
  /** Who signs in first (the session cookie comes along); none for public paths. */
  role?: Role;
  /** POST body for the app (login). */
  body?: (credentials: { email: string; password: string }) => unknown;
  /** The floor's SQL, one round trip each (answered together); or 'argon2' for sign-in. */
  floor: FloorQuery[] | 'argon2-verify';
  /** Fewer connections where the work is CPU-bound hashing. */
  connections?: number;
  /** p99 latency target in ms at the given volume and engine (issue 13: (a) at 100,000 students on PostgreSQL). */
  p99TargetMs?: { ms: number; minStudents: number; engine: 'postgres' };
}

const ADMIN_STUDENT_COLUMNS = `s.id, s.automated_id, s.first_name, s.fathers_name, s.last_name, s.grade, s.class, s.student_school_id,
  s.contact_number1, s.service_type, s.price_bhd, s.payment_status, s.driver_id, s.school_id, s.area_id, s.created_at,
  sc.name AS school_name, a.name AS area_name, d.name AS driver_name`;
const ADMIN_STUDENT_FROM = `FROM students s JOIN schools sc ON sc.id = s.school_id JOIN areas a ON a.id = s.area_id
  LEFT JOIN drivers d ON d.id = s.driver_id`;
const SEARCH = `(s.first_name ILIKE $1 OR s.last_name ILIKE $1 OR s.fathers_name ILIKE $1 OR s.automated_id ILIKE $1)`;
export const SEARCH_TERM = 'Maryam';

export const ENDPOINTS: Endpoint[] = [
  {
    id: 'a',
    label: '(a) admin students, page 1 of 50',
    method: 'GET',
    path: '/api/admin/students?page=1&pageSize=50',
    role: 'admin',
    floor: [
      { sql: `SELECT ${ADMIN_STUDENT_COLUMNS} ${ADMIN_STUDENT_FROM} WHERE s.deleted_at IS NULL ORDER BY s.created_at DESC, s.id LIMIT 50 OFFSET 0` },
      { sql: `SELECT count(*) AS total FROM students s WHERE s.deleted_at IS NULL` },
    ],
    p99TargetMs: { ms: 50, minStudents: 100_000, engine: 'postgres' },
  },
  {
    id: 'a-search',
    label: '(a) admin students, search',
    method: 'GET',
    path: `/api/admin/students?page=1&pageSize=50&search=${SEARCH_TERM}`,
    role: 'admin',
    floor: [
      {
        sql: `SELECT ${ADMIN_STUDENT_COLUMNS} ${ADMIN_STUDENT_FROM} WHERE s.deleted_at IS NULL AND ${SEARCH} ORDER BY s.created_at DESC, s.id LIMIT 50 OFFSET 0`,
        params: () => [`%${SEARCH_TERM}%`],
      },
      { sql: `SELECT count(*) AS total FROM students s WHERE s.deleted_at IS NULL AND ${SEARCH}`, params: () => [`%${SEARCH_TERM}%`] },
    ],
    p99TargetMs: { ms: 50, minStudents: 100_000, engine: 'postgres' },
  },
  {
    id: 'b',
    label: "(b) parent's students",
    method: 'GET',
    path: '/api/parent/students',
    role: 'parent',
    floor: [
      {
        // The query of apps/api/src/domain/parent/students.ts, keyed by the signed-in user.
        sql: `SELECT s.id, s.automated_id, s.first_name, s.last_name, s.fathers_name, s.grade, s.class, s.student_school_id,
            s.service_type, s.price_bhd, sc.name AS school_name, a.name AS area_name, d.name AS driver_name, d.phone AS driver_phone,
            s.address, s.block, s.road, s.house_building
          FROM students s JOIN parents p ON p.id = s.parent_id JOIN schools sc ON sc.id = s.school_id JOIN areas a ON a.id = s.area_id
            LEFT JOIN drivers d ON d.id = s.driver_id
          WHERE p.user_id = $1 AND s.deleted_at IS NULL ORDER BY s.created_at, s.automated_id`,
        params: (ctx) => [ctx.parentUserId],
      },
    ],
  },
  {
    id: 'c',
    label: '(c) meta (schools and areas)',
    method: 'GET',
    path: '/api/meta',
    floor: [
      { sql: `SELECT id, name FROM schools WHERE active ORDER BY name` },
      { sql: `SELECT id, name, price, roundabout_count FROM areas WHERE active ORDER BY name` },
    ],
  },
  {
    id: 'd',
    label: "(d) driver's list",
    method: 'GET',
    path: '/api/driver/students',
    role: 'driver',
    floor: [
      {
        // Spec: automatedId, names, grade, schoolName, areaName, contactNumber1, serviceType, address.
        sql: `SELECT s.id, s.automated_id, s.first_name, s.fathers_name, s.last_name, s.grade, s.class, sc.name AS school_name,
            a.name AS area_name, s.contact_number1, s.contact_number2, s.service_type, s.address, s.block, s.road, s.house_building
          FROM students s JOIN schools sc ON sc.id = s.school_id JOIN areas a ON a.id = s.area_id
          WHERE s.driver_id = $1 AND s.deleted_at IS NULL ORDER BY a.name, s.automated_id`,
        params: (ctx) => [ctx.driverId],
      },
    ],
  },
  {
    id: 'e',
    label: '(e) statistics',
    method: 'GET',
    path: '/api/admin/statistics',
    role: 'admin',
    floor: [
      {
        // Spec: total and paid students, schools, drivers; this month's and last month's registrations,
        // revenue as the sum of prices; students without a driver (the header's bell).
        sql: `SELECT count(*) AS total_students,
            count(*) FILTER (WHERE payment_status = 'paid') AS paid_students,
            count(*) FILTER (WHERE driver_id IS NULL) AS unassigned_students,
            count(*) FILTER (WHERE created_at >= date_trunc('month', now())) AS this_month,
            count(*) FILTER (WHERE created_at >= date_trunc('month', now()) - interval '1 month' AND created_at < date_trunc('month', now())) AS last_month,
            coalesce(sum(price_bhd), 0) AS revenue,
            (SELECT count(*) FROM schools) AS schools,
            (SELECT count(*) FROM drivers) AS drivers
          FROM students WHERE deleted_at IS NULL`,
      },
    ],
  },
  {
    id: 'f',
    label: '(f) login (parent)',
    method: 'POST',
    path: '/api/auth/login',
    body: ({ email, password }) => ({ email, password }),
    floor: 'argon2-verify',
    connections: 4,
  },
];
