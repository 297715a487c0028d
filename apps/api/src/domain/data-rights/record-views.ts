import type { Kysely } from 'kysely';
import type { RecordViewEntry, RecordViewsQuery } from '@school-transport/contracts';
import type { Database } from '@school-transport/db';
import { isUuid } from '../ids.js';

export type RecordView = 'record' | 'position' | 'trail';

/**
 * Who in the office looked at a child: their record, their live position (the bus carrying them on
 * the Live map) or a run's trail. A view is noted in memory while the answer goes out and written
 * later with others in one statement, so logging never slows the screen it belongs to. The same
 * person seeing the same child the same way again within the quiet period is one view (the Live
 * map refreshes every few seconds; one row per refresh would say nothing more). Views still in
 * memory are written when the server stops.
 */
export class RecordViewLog {
  private pending: { viewerUserId: string; studentId: string; what: RecordView; at: Date }[] = [];
  private lastSeen = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { flushMs?: number; quietMs?: number; log?: (error: unknown) => void } = {},
  ) {}

  note(viewerUserId: string, studentIds: readonly string[], what: RecordView, at = new Date()): void {
    const quietMs = this.options.quietMs ?? 10 * 60 * 1000;
    for (const studentId of studentIds) {
      const key = `${viewerUserId} ${studentId} ${what}`;
      const last = this.lastSeen.get(key);
      if (last !== undefined && at.getTime() - last < quietMs) continue;
      this.lastSeen.set(key, at.getTime());
      this.pending.push({ viewerUserId, studentId, what, at });
    }
    if (this.pending.length > 0 && !this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs ?? 1000);
      this.timer.unref();
    }
  }

  /** Writes every view noted so far, 1,000 rows a statement. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    this.pending = [];
    this.forgetOldKeys();
    this.writing = this.writing.then(async () => {
      for (let start = 0; start < rows.length; start += 1000) {
        await this.db
          .insertInto('recordViews')
          .values(rows.slice(start, start + 1000))
          .execute()
          .catch((error: unknown) => this.options.log?.(error));
      }
    });
    return this.writing;
  }

  private forgetOldKeys(): void {
    if (this.lastSeen.size < 50_000) return;
    const oldest = Date.now() - (this.options.quietMs ?? 10 * 60 * 1000);
    for (const [key, at] of this.lastSeen) if (at < oldest) this.lastSeen.delete(key);
  }
}

/** The children a bus carries (either way): whose position the office sees when it looks at the bus. */
export async function childrenOfBuses(db: Kysely<Database>, driverIds: readonly string[]): Promise<string[]> {
  if (driverIds.length === 0) return [];
  const rows = await db
    .selectFrom('students')
    .select('id')
    .where('deletedAt', 'is', null)
    .where((eb) => eb.or([eb('driverId', 'in', [...driverIds]), eb('afternoonDriverId', 'in', [...driverIds])]))
    .execute();
  return rows.map((row) => row.id);
}

/** Notes that the office user looked at the buses' children (after the answer: the lookup waits for nothing). */
export function noteBusesViewed(log: RecordViewLog, db: Kysely<Database>, viewerUserId: string, driverIds: readonly string[], what: RecordView): void {
  void childrenOfBuses(db, driverIds)
    .then((studentIds) => log.note(viewerUserId, studentIds, what))
    .catch(() => undefined);
}

/** The log of views for admins, newest first, by person and child. */
export async function listRecordViews(
  db: Kysely<Database>,
  query: RecordViewsQuery & { page: number; pageSize: number },
): Promise<{ views: RecordViewEntry[]; total: number }> {
  // An id that is not a uuid names nobody: nothing matches (rather than a database error).
  if ((query.viewerUserId && !isUuid(query.viewerUserId)) || (query.studentId && !isUuid(query.studentId))) return { views: [], total: 0 };
  let base = db
    .selectFrom('recordViews')
    .innerJoin('students', 'students.id', 'recordViews.studentId')
    .leftJoin('users', 'users.id', 'recordViews.viewerUserId');
  if (query.viewerUserId) base = base.where('recordViews.viewerUserId', '=', query.viewerUserId);
  if (query.studentId) base = base.where('recordViews.studentId', '=', query.studentId);
  const [rows, count] = await Promise.all([
    base
      .select([
        'recordViews.at',
        'recordViews.what',
        'recordViews.viewerUserId',
        'users.name as viewerName',
        'students.id as studentId',
        'students.firstName',
        'students.lastName',
      ])
      .orderBy('recordViews.at', 'desc')
      .orderBy('recordViews.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    views: rows.map((row) => ({
      at: row.at.toISOString(),
      what: row.what,
      viewer: { id: row.viewerUserId, name: row.viewerName },
      student: { id: row.studentId, name: `${row.firstName} ${row.lastName}` },
    })),
    total: Number(count.n),
  };
}
