import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { MAX_FIX_ACCURACY_M, BUS_STALE_AFTER_S, SCHOOL_DAY_MESSAGES, bahrainToday, type PositionsAccepted, type positionsInput } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { assertRecentDate } from '../school-day/runs.js';
import { LIVE_BUS_CHANNEL } from './channel.js';

type PositionsFields = z.output<typeof positionsInput>;

/** A phone's clock may run a little ahead of the server's; further ahead it is wrong, and its fix would pass for 'now' for minutes. */
const FUTURE_TOLERANCE_MS = 10_000;
/**
 * The run's Start is stamped when it reaches the server: a fix the phone took as the driver tapped
 * Start (or with its clock a little behind) comes just before it, and still belongs to the run.
 */
export const BEFORE_START_TOLERANCE_MS = 60_000;

interface DrivenRun {
  driverId: string;
  substituteDriverId: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
}

/**
 * The runs of a date and slot this driver's phone is the bus of: their own (unless the office
 * handed it to a substitute) and any they cover. Read in one query, beside whether any family of
 * those runs asked for the 'bus is near' message.
 */
async function drivenRuns(db: Kysely<Database>, driverId: string, date: string, run: 'morning' | 'afternoon'): Promise<{ runs: DrivenRun[]; nearWanted: boolean }> {
  const rows = await db
    .selectFrom('schoolRuns')
    .select([
      'schoolRuns.driverId',
      'schoolRuns.substituteDriverId',
      'schoolRuns.startedAt',
      'schoolRuns.endedAt',
      (eb) =>
        eb
          .exists(eb.selectFrom('busNearSettings').innerJoin('students', 'students.id', 'busNearSettings.studentId').select(sql`1`.as('one')).whereRef('students.driverId', '=', 'schoolRuns.driverId').where('students.deletedAt', 'is', null))
          .as('nearWanted'),
    ])
    .where('schoolRuns.date', '=', date)
    .where('schoolRuns.run', '=', run)
    .where((eb) => eb.or([eb('schoolRuns.driverId', '=', driverId), eb('schoolRuns.substituteDriverId', '=', driverId)]))
    .execute();
  const runs = rows.filter((row) => (row.driverId === driverId ? !row.substituteDriverId || row.substituteDriverId === driverId : row.substituteDriverId === driverId));
  return { runs, nearWanted: rows.some((row) => runs.includes(row) && Boolean(row.nearWanted)) };
}

export interface RecordedPositions extends PositionsAccepted {
  /** Whether the latest position ('now') moved: the families following this bus are told. */
  moved: boolean;
  /** Whether a family of these runs wants the 'bus is near' message (then it is looked at). */
  nearWanted: boolean;
}

/**
 * Positions from the driver's phone during a run: each fix taken between the run's Start and End
 * is kept in the run's trail (also after the run ended: a phone that was offline sends its trail
 * late). Dropped and counted: a fix less precise than 100 m, and one from the future. 409 when the
 * run has not started, or when every remaining fix lies outside it. Only a fix of the last minute
 * moves the bus 'now'; a late trail fills the trail alone. The trail, the latest position and the
 * notice to the other server processes are one statement, so they are written together or not at all.
 */
export async function recordPositions(db: Kysely<Database>, now: Date, driverId: string, input: PositionsFields): Promise<RecordedPositions> {
  const date = input.date ?? bahrainToday(now);
  assertRecentDate(now, date);
  const dropped = { inaccurate: 0, future: 0, outsideRun: 0 };
  const usable = input.fixes.filter((fix) => {
    if (fix.accuracy > MAX_FIX_ACCURACY_M) dropped.inaccurate++;
    else if (new Date(fix.at).getTime() > now.getTime() + FUTURE_TOLERANCE_MS) dropped.future++;
    else return true;
    return false;
  });

  const { runs, nearWanted } = await drivenRuns(db, driverId, date, input.run);
  if (runs.length === 0 && (await isHandedAway(db, driverId, date, input.run))) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
  const started = runs.filter((row) => row.startedAt);
  if (started.length === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runNotStarted);
  const from = Math.min(...started.map((row) => row.startedAt!.getTime())) - BEFORE_START_TOLERANCE_MS;
  const until = started.every((row) => row.endedAt) ? Math.max(...started.map((row) => row.endedAt!.getTime())) : Infinity;
  const inside = usable.filter((fix) => {
    const at = new Date(fix.at).getTime();
    return at >= from && at <= until;
  });
  dropped.outsideRun = usable.length - inside.length;
  if (inside.length === 0) {
    if (usable.length > 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.positionsOutsideRun);
    return { accepted: 0, dropped, moved: false, nearWanted: false };
  }

  const newest = inside.reduce((latest, fix) => (new Date(fix.at) > new Date(latest.at) ? fix : latest));
  const fresh = until === Infinity && new Date(newest.at).getTime() >= now.getTime() - BUS_STALE_AFTER_S * 1000;
  const values = sql.join(inside.map((fix) => sql`(${driverId}::uuid, ${date}, ${input.run}, ${fix.lat}::float8, ${fix.lng}::float8, ${fix.accuracy}::real, ${fix.speed}::real, ${fix.heading}::real, ${fix.at}::timestamptz)`));
  const trail = sql`INSERT INTO run_positions (driver_id, date, run, lat, lng, accuracy, speed, heading, at) VALUES ${values} ON CONFLICT (driver_id, at) DO NOTHING`;
  if (!fresh) {
    await trail.execute(db);
    return { accepted: inside.length, dropped, moved: false, nearWanted: false };
  }
  const moved = await sql<{ driverId: string }>`
    WITH trail AS (${trail}),
    latest AS (
      INSERT INTO bus_positions (driver_id, date, run, lat, lng, accuracy, speed, heading, at, updated_at)
      VALUES (${driverId}::uuid, ${date}, ${input.run}, ${newest.lat}::float8, ${newest.lng}::float8, ${newest.accuracy}::real, ${newest.speed}::real, ${newest.heading}::real, ${newest.at}::timestamptz, ${now})
      ON CONFLICT (driver_id) DO UPDATE SET date = excluded.date, run = excluded.run, lat = excluded.lat, lng = excluded.lng, accuracy = excluded.accuracy,
        speed = excluded.speed, heading = excluded.heading, at = excluded.at, updated_at = excluded.updated_at
      WHERE bus_positions.at < excluded.at OR bus_positions.date <> excluded.date OR bus_positions.run <> excluded.run
      RETURNING driver_id
    )
    SELECT driver_id, pg_notify(${LIVE_BUS_CHANNEL}, driver_id::text) FROM latest`.execute(db);
  return { accepted: inside.length, dropped, moved: moved.rows.length > 0, nearWanted };
}

async function isHandedAway(db: Kysely<Database>, driverId: string, date: string, run: 'morning' | 'afternoon'): Promise<boolean> {
  const own = await db.selectFrom('schoolRuns').select('substituteDriverId').where('driverId', '=', driverId).where('date', '=', date).where('run', '=', run).executeTakeFirst();
  return own?.substituteDriverId != null && own.substituteDriverId !== driverId;
}
