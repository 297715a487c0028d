import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { ADMIN_MESSAGES, POSITION_RETENTION_DEFAULT_DAYS, addDays, bahrainToday, type LiveBus, type RunTrail } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { marksByRider, marksOfRuns } from '../school-day/riders.js';
import { readPlannedRunStops } from '../routes/run-stops.js';
import { plannedRunOfBus } from '../planned-runs/direction-run.js';
import { BEFORE_START_TOLERANCE_MS } from './positions-statement.js';

/**
 * The office's live map: every bus with a run in progress (today's, or yesterday's left open),
 * where it last was, how long ago, what told (tracker, tracking app or browser) and its battery,
 * and how many children are on board. The office sees
 * every bus; a family sees only its own child's, and only during the run (student-bus.ts).
 */
export async function listLiveBuses(db: Kysely<Database>, now: Date): Promise<LiveBus[]> {
  const today = bahrainToday(now);
  const runs = await db
    .selectFrom('schoolRuns')
    .innerJoin('drivers', 'drivers.id', 'schoolRuns.driverId')
    .leftJoin('drivers as substitute', 'substitute.id', 'schoolRuns.substituteDriverId')
    .innerJoin('plannedRuns', 'plannedRuns.id', 'schoolRuns.plannedRunId')
    .leftJoin('busPositions', (join) =>
      join
        .onRef('busPositions.driverId', '=', (eb) => eb.fn.coalesce('schoolRuns.substituteDriverId', 'schoolRuns.driverId'))
        .onRef('busPositions.date', '=', 'schoolRuns.date')
        .onRef('busPositions.plannedRunId', '=', 'schoolRuns.plannedRunId')
        .on((eb) => eb('busPositions.at', '>=', sql<Date>`school_runs.started_at - ${sql.raw(`interval '${BEFORE_START_TOLERANCE_MS / 1000} seconds'`)}`)),
    )
    .select([
      'schoolRuns.id',
      'schoolRuns.driverId',
      'schoolRuns.date',
      'schoolRuns.run',
      'schoolRuns.plannedRunId',
      'plannedRuns.name as runName',
      'drivers.name',
      'substitute.name as substituteName',
      'busPositions.lat',
      'busPositions.lng',
      'busPositions.at',
      'busPositions.source',
      'busPositions.battery',
    ])
    .where('schoolRuns.date', 'in', [today, addDays(today, -1)])
    .where('schoolRuns.startedAt', 'is not', null)
    .where('schoolRuns.endedAt', 'is', null)
    .orderBy('drivers.name')
    .execute();
  const onBoard = new Map<string, number>();
  for (const marks of marksByRider(
    await marksOfRuns(
      db,
      runs.map((run) => run.id),
    ),
  ).values()) {
    const last = marks.at(-1)!;
    if (last.event === 'boarded') onBoard.set(last.runId, (onBoard.get(last.runId) ?? 0) + 1);
  }
  return runs.map((run) => ({
    driver: { id: run.driverId, name: run.substituteName ? `${run.name} (${run.substituteName})` : run.name },
    run: run.run,
    runId: run.plannedRunId,
    runName: run.runName,
    date: run.date,
    position: run.at && run.lat !== null && run.lng !== null ? { lat: run.lat, lng: run.lng, at: run.at.toISOString() } : null,
    fixAgeSeconds: run.at ? Math.max(0, Math.round((now.getTime() - run.at.getTime()) / 1000)) : null,
    source: run.at ? run.source : null,
    battery: run.at ? run.battery : null,
    onBoard: onBoard.get(run.id) ?? 0,
  }));
}

/**
 * A run's trail over its stops, for any run of the last 30 days (older trails are deleted). The
 * trail is the phone's of whoever drove the run that day (the substitute's, when there was one).
 */
export async function readRunTrail(db: Kysely<Database>, now: Date, driverId: string, ref: string, date: string): Promise<RunTrail> {
  if (!isUuid(driverId)) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
  const driver = await db.selectFrom('drivers').select('id').where('id', '=', driverId).executeTakeFirst();
  if (!driver) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.driverNotFound);
  // Each run has its own trail: a bus's two afternoon runs are two trails.
  const plannedRun = await plannedRunOfBus(db, driver.id, ref, { withRemoved: true });
  const named = { date, run: plannedRun.direction, runId: plannedRun.id, runName: plannedRun.name };
  const today = bahrainToday(now);
  if (date > today || date < addDays(today, -POSITION_RETENTION_DEFAULT_DAYS)) return { ...named, points: [], stops: [] };
  const row = await db
    .selectFrom('schoolRuns')
    .select(['substituteDriverId'])
    .where('plannedRunId', '=', plannedRun.id)
    .where('date', '=', date)
    .executeTakeFirst();
  const [points, stops] = await Promise.all([
    row
      ? db
          .selectFrom('runPositions')
          .select(['lat', 'lng', 'at'])
          .where('driverId', '=', row.substituteDriverId ?? driver.id)
          .where('date', '=', date)
          .where('plannedRunId', '=', plannedRun.id)
          .orderBy('at')
          .execute()
      : [],
    readPlannedRunStops(db, plannedRun).then((answer) => answer.stops),
  ]);
  return {
    ...named,
    points: points.map((point) => ({ lat: point.lat, lng: point.lng, at: point.at.toISOString() })),
    stops: stops.flatMap((stop) => (stop.location ? [{ position: stop.position, lat: stop.location.lat, lng: stop.location.lng }] : [])),
  };
}
