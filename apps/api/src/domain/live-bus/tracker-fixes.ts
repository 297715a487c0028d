import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { addDays, ASSUMED_TRACKER_ACCURACY_M, bahrainToday, type PositionSource, type ServiceArea, type TrackerFix } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { BEFORE_START_TOLERANCE_MS } from './positions-statement.js';
import { receivePositions } from './receive.js';
import type { LiveBusHub } from './hub.js';
import type { LiveBusReader } from './reader.js';

/** The bus (driver) whose vehicle carries a tracker, and whether it is in service. */
export interface TrackedBus {
  driverId: string;
  active: boolean;
}

/** The bus whose vehicle carries this tracker (one indexed row), or null: no bus here has it. */
export async function busOfTracker(db: Kysely<Database>, trackerId: string): Promise<TrackedBus | null> {
  const row = await db.selectFrom('drivers').select(['id', 'status']).where('vehicleTrackerId', '=', trackerId).executeTakeFirst();
  return row ? { driverId: row.id, active: row.status === 'active' } : null;
}

/**
 * The run a fix taken at `at` belongs to: a run of today or yesterday (one left open) whose bus is
 * this vehicle (the driver's own run unless the office handed it to a substitute, and any run this
 * driver covers as the substitute), started by `at` (less the minute of grace the phone's fixes
 * have) and not ended before it. A tracker knows no run: its fix is placed by its time.
 */
async function runAt(db: Kysely<Database>, driverId: string, today: string, at: Date): Promise<{ date: string; run: string } | undefined> {
  // The planned run's id names it: a bus with two runs the same way (two afternoons) is not guessed for.
  return db
    .selectFrom('schoolRuns')
    .select(['date', 'plannedRunId as run'])
    .where('date', 'in', [today, addDays(today, -1)])
    .where((eb) =>
      eb.or([
        eb.and([eb('driverId', '=', driverId), eb.or([eb('substituteDriverId', 'is', null), eb('substituteDriverId', '=', eb.ref('driverId'))])]),
        eb('substituteDriverId', '=', driverId),
      ]),
    )
    .where('startedAt', '<=', sql<Date>`${at}::timestamptz + ${sql.raw(`interval '${BEFORE_START_TOLERANCE_MS} milliseconds'`)}`)
    .where((eb) => eb.or([eb('endedAt', 'is', null), eb('endedAt', '>=', at)]))
    .orderBy('startedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * One fix from a bus's tracker or a tracking app: fed to exactly what the phone's fixes feed (the
 * same statement and window through receivePositions: the trail, the live position and its stream,
 * the ETA, 'bus is near'), for the run in progress of that vehicle's bus at the fix's time. Not
 * kept, and answered as accepted all the same (the sender must not resend it): a fix its sender
 * marks invalid, a deactivated bus's, one outside every run's window, and those the phone's rules
 * drop (less precise than 100 m, from the future, implausible).
 */
export async function receiveTrackerFix(
  db: Kysely<Database>,
  liveBus: { hub: LiveBusHub; reader: LiveBusReader },
  now: Date,
  bus: TrackedBus,
  fix: TrackerFix,
  source: Exclude<PositionSource, 'browser'>,
  serviceArea: ServiceArea,
): Promise<{ accepted: number }> {
  if (!bus.active || !fix.valid) return { accepted: 0 };
  // Times come from the fix (a tracker buffers fixes taken without signal); a sender without one sends as it takes them.
  const at = fix.at ?? now.toISOString();
  const run = await runAt(db, bus.driverId, bahrainToday(now), new Date(at));
  if (!run) return { accepted: 0 };
  const position = { lat: fix.lat, lng: fix.lng, accuracy: fix.accuracy ?? ASSUMED_TRACKER_ACCURACY_M, speed: fix.speed, heading: fix.heading, at };
  try {
    const { accepted } = await receivePositions(db, liveBus, now, bus.driverId, { ...run, fixes: [position] }, serviceArea, { source, battery: fix.battery });
    return { accepted };
  } catch (err) {
    // The phone's refusals (run not started, every fix outside it) are a tracker's 'not kept'.
    if (err instanceof AppError && err.code === 'CONFLICT') return { accepted: 0 };
    throw err;
  }
}
