import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';

/**
 * What past runs teach the ETA when this run cannot yet: the buses' average speed while moving
 * (the phones' own speed readings over the trails kept, above walking pace), and the time a stop
 * takes (the median gap between the marks of children at the same address on the same run: the
 * second child boarding after the first). Read at most once an hour per process: they move slowly.
 */
export interface OperatorAverages {
  speedMps: number | null;
  stopSeconds: number | null;
}

/** Fewer samples than this teach nothing: the constants stand in. */
const MIN_SAMPLES = 10;
const CACHE_MS = 60 * 60 * 1000;

export async function readOperatorAverages(db: Kysely<Database>, now: Date): Promise<OperatorAverages> {
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const speed = await db
    .selectFrom('runPositions')
    .select([(eb) => eb.fn.avg<number>('speed').as('speed'), (eb) => eb.fn.countAll<number>().as('samples')])
    .where('at', '>=', since)
    .where('speed', '>', 1)
    .executeTakeFirst();
  const stops = await sql<{ seconds: number | null; samples: number }>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY gap) AS seconds, count(*)::int AS samples FROM (
      SELECT extract(epoch FROM run_marks.at - lag(run_marks.at) OVER (PARTITION BY run_marks.run_id, students.address ORDER BY run_marks.at))::float8 AS gap
      FROM run_marks
      JOIN students ON students.id = run_marks.student_id
      WHERE run_marks.at >= ${since} AND run_marks.event IN ('boarded', 'dropped') AND run_marks.undone_at IS NULL
    ) gaps WHERE gap BETWEEN 5 AND 600`.execute(db);
  const stop = stops.rows[0];
  return {
    speedMps: speed && Number(speed.samples) >= MIN_SAMPLES && speed.speed !== null ? Number(speed.speed) : null,
    stopSeconds: stop && Number(stop.samples) >= MIN_SAMPLES && stop.seconds !== null ? Number(stop.seconds) : null,
  };
}

/** The averages, read again when an hour old. */
export class OperatorAveragesCache {
  private cached: { at: number; value: Promise<OperatorAverages> } | undefined;
  constructor(private readonly db: Kysely<Database>) {}
  read(now: Date): Promise<OperatorAverages> {
    if (!this.cached || now.getTime() - this.cached.at > CACHE_MS || now.getTime() < this.cached.at) {
      const value = readOperatorAverages(this.db, now).catch((error: unknown) => {
        this.cached = undefined;
        throw error;
      });
      this.cached = { at: now.getTime(), value };
    }
    return this.cached.value;
  }
}
