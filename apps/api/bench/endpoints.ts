/**
 * What `pnpm bench` measures: each endpoint with a performance target (docs/performance.md) as the app serves it (path, role) and its
 * floor: the same SQL served by a bare Fastify + pg handler with no tRPC, session or validation.
 * The floor's SQL is not written out here but compiled from the very query builders the domain
 * modules execute, so the floor can never drift from what the app runs.
 */
import { CamelCasePlugin, DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery } from 'kysely';
import type { Database } from '@school-transport/db';
import { studentListQuery } from '@school-transport/contracts';
import { studentCountQuery, studentPageQuery } from '../src/domain/admin/students/list.js';
import { parentStudentsQuery } from '../src/domain/parent/students.js';
import { metaQueries } from '../src/domain/meta.js';
import { driverStudentsQuery } from '../src/domain/driver/students.js';
import { statisticsQueries } from '../src/domain/admin/statistics.js';

export type Role = 'admin' | 'parent' | 'driver';

/** What the floor server knows of the seeded data; handlers take their keys from here, not from a session. */
export interface FloorContext {
  parentUserId: string;
  driverId: string;
  passwordHash: string;
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
  /** The app's SQL for this request, one round trip each (the floor sends them together); or 'argon2-verify' for sign-in. */
  floor: ((db: Kysely<Database>, ctx: FloorContext) => CompiledQuery[]) | 'argon2-verify';
  /** Fewer connections where the work is CPU-bound hashing. */
  connections?: number;
  /** p99 latency target in ms at the given volume and engine ((a) at 100,000 students on PostgreSQL). */
  p99TargetMs?: { ms: number; minStudents: number; engine: 'postgres' };
}

/** A Kysely that only compiles (no connection), with the app's plugins, so its SQL is the app's to the letter. */
export function compilingKysely(): Kysely<Database> {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
  });
}

export const SEARCH_TERM = 'Maryam';
const firstPage = studentListQuery.parse({ page: 1, pageSize: 50 });
const searchPage = studentListQuery.parse({ page: 1, pageSize: 50, search: SEARCH_TERM });

export const ENDPOINTS: Endpoint[] = [
  {
    id: 'a',
    label: '(a) admin students, page 1 of 50',
    method: 'GET',
    path: '/api/admin/students?page=1&pageSize=50',
    role: 'admin',
    floor: (db) => [studentPageQuery(db, firstPage).compile(), studentCountQuery(db, firstPage).compile()],
    p99TargetMs: { ms: 50, minStudents: 100_000, engine: 'postgres' },
  },
  {
    id: 'a-search',
    label: '(a) admin students, search',
    method: 'GET',
    path: `/api/admin/students?page=1&pageSize=50&search=${SEARCH_TERM}`,
    role: 'admin',
    floor: (db) => [studentPageQuery(db, searchPage).compile(), studentCountQuery(db, searchPage).compile()],
    p99TargetMs: { ms: 50, minStudents: 100_000, engine: 'postgres' },
  },
  {
    id: 'b',
    label: "(b) parent's students",
    method: 'GET',
    path: '/api/parent/students',
    role: 'parent',
    floor: (db, ctx) => [parentStudentsQuery(db, ctx.parentUserId).compile()],
  },
  {
    id: 'c',
    label: '(c) meta (schools and areas)',
    method: 'GET',
    path: '/api/meta',
    floor: (db) => Object.values(metaQueries(db)).map((query) => query.compile()),
  },
  {
    id: 'd',
    label: "(d) driver's list",
    method: 'GET',
    path: '/api/driver/students',
    role: 'driver',
    floor: (db, ctx) => [driverStudentsQuery(db, ctx.driverId).compile()],
  },
  {
    id: 'e',
    label: '(e) statistics',
    method: 'GET',
    path: '/api/admin/statistics',
    role: 'admin',
    floor: (db) => {
      const { cells, ...lists } = statisticsQueries(db);
      return [cells.compile(db), ...Object.values(lists).map((query) => query.compile())];
    },
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
