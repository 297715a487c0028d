import type { Db } from '@school-transport/db';
import { TRACKER_SILENT_AFTER_S, type DriverRun } from '@school-transport/contracts';

/** A run in progress as the office's Today tab lists it: whose vehicle is the bus, and since when. */
export interface RunUnderWay {
  busDriverId: string;
  date: string;
  run: DriverRun;
  startedAt: Date;
}

const keyOf = (run: Pick<RunUnderWay, 'busDriverId' | 'date' | 'run'>) => `${run.busDriverId}:${run.date}:${run.run}`;

/**
 * The runs in progress whose bus has a tracker that has sent nothing for TRACKER_SILENT_AFTER_S
 * (the run under way at least that long): the office looks at them (shown in amber), since the
 * families' map then rests on the driver's phone alone. One grouped read of the runs' trails,
 * through their index on (driver, date, run, at).
 */
export async function silentTrackers(
  db: Db,
  now: Date,
  runs: readonly RunUnderWay[],
): Promise<(run: Pick<RunUnderWay, 'busDriverId' | 'date' | 'run'>) => boolean> {
  const since = new Date(now.getTime() - TRACKER_SILENT_AFTER_S * 1000);
  const longEnough = runs.filter((run) => run.startedAt <= since);
  if (longEnough.length === 0) return () => false;
  const buses = [...new Set(longEnough.map((run) => run.busDriverId))];
  const tracked = new Set(
    (await db.selectFrom('drivers').select('id').where('id', 'in', buses).where('vehicleTrackerId', 'is not', null).execute()).map((row) => row.id),
  );
  if (tracked.size === 0) return () => false;
  const heard = await db
    .selectFrom('runPositions')
    .select(['driverId', 'date', 'run'])
    .where('driverId', 'in', [...tracked])
    .where('date', 'in', [...new Set(longEnough.map((run) => run.date))])
    .where('source', '<>', 'browser')
    .where('at', '>', since)
    .groupBy(['driverId', 'date', 'run'])
    .execute();
  const recent = new Set(heard.map((row) => keyOf({ busDriverId: row.driverId, date: row.date, run: row.run })));
  const silent = new Set(longEnough.filter((run) => tracked.has(run.busDriverId) && !recent.has(keyOf(run))).map(keyOf));
  return (run) => silent.has(keyOf(run));
}
