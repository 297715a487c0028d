import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import {
  DEFAULT_SERVICE_AREA,
  MAX_FIX_ACCURACY_M,
  PLANNED_RUN_MESSAGES,
  SCHOOL_DAY_MESSAGES,
  bahrainToday,
  isDirection,
  type DriverRun,
  type PositionsAccepted,
  type positionsInput,
  type ServiceArea,
} from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { assertRecentDate } from '../school-day/runs.js';
import { BROWSER, POSITIONS_STATEMENT, positionsParameters, type FixOrigin, type WrittenPositions } from './positions-statement.js';
import { plausibleFixes, previousAcceptedFix } from './plausibility.js';
import { isUuid } from '../ids.js';
import { readSchoolDaySettings } from '../school-day/settings.js';
import { ambiguousDirection, runsOfBusesOn } from '../planned-runs/day-runs.js';
import { findPlannedRun } from '../planned-runs/read.js';

type PositionsFields = z.output<typeof positionsInput>;

/** A phone's clock may run a little ahead of the server's; further ahead it is wrong, and its fix would pass for 'now' for minutes. */
const FUTURE_TOLERANCE_MS = 10_000;

export interface RecordedPositions extends PositionsAccepted {
  /** Whether the latest position ('now') moved: the families following this bus are told. */
  moved: boolean;
  /** Whether a family of these runs wants the 'bus is near' message (then it is looked at). */
  nearWanted: boolean;
  /** The direction of the run the fixes were for. */
  direction: DriverRun;
}

/**
 * The run a phone's batch names. By id: a run of this bus, or one it covers that day (any other:
 * 404); its fixes go to that run alone. By direction (older phones): every run that way the phone
 * drives that day, unless its own bus has two or more runs that way that day (409 with the runs,
 * so the phone reloads rather than the server guessing which trail the fixes belong to).
 */
async function namedRun(db: Kysely<Database>, driverId: string, date: string, ref: string): Promise<{ direction: DriverRun; plannedRunId: string | null }> {
  if (isDirection(ref)) {
    const own = (await runsOfBusesOn(db, [driverId], await readSchoolDaySettings(db), date)).filter((run) => run.direction === ref);
    if (own.length > 1) throw ambiguousDirection(own);
    return { direction: ref, plannedRunId: null };
  }
  const run = isUuid(ref) ? await findPlannedRun(db, ref, { withRemoved: true }) : undefined;
  const covers =
    run && run.driverId !== driverId
      ? await db
          .selectFrom('schoolRuns')
          .select('id')
          .where('plannedRunId', '=', run.id)
          .where('date', '=', date)
          .where('substituteDriverId', '=', driverId)
          .executeTakeFirst()
      : undefined;
  if (!run || (run.driverId !== driverId && !covers)) throw new AppError('NOT_FOUND', PLANNED_RUN_MESSAGES.runNotFound);
  return { direction: run.direction, plannedRunId: run.id };
}

/**
 * Positions from the driver's phone during a run: each fix taken between the run's Start and End
 * is kept in the run's trail (also after the run ended: a phone that was offline sends its trail
 * late). Dropped and counted: a fix less precise than 100 m, one from the future, and an implausible
 * one (outside the service area, or further from the run's previous accepted fix than a bus goes:
 * plausibility.ts). 409 when the run has not started, or when every remaining fix lies outside it.
 * Only a fix of the last minute moves the bus 'now'; a late trail fills the trail alone. The run's
 * lookup, the trail, the latest position and the notice to the other server processes are one
 * statement (positions-statement.ts); the previous accepted fix is one indexed row read before it.
 */
export async function recordPositions(
  db: Kysely<Database>,
  now: Date,
  driverId: string,
  input: PositionsFields,
  serviceArea: ServiceArea = DEFAULT_SERVICE_AREA,
  origin: FixOrigin = BROWSER,
): Promise<RecordedPositions> {
  const date = input.date ?? bahrainToday(now);
  assertRecentDate(now, date);
  const { direction, plannedRunId } = await namedRun(db, driverId, date, input.run);
  const dropped = { inaccurate: 0, future: 0, outsideRun: 0, implausible: 0 };
  const timely = input.fixes.filter((fix) => {
    if (fix.accuracy > MAX_FIX_ACCURACY_M) dropped.inaccurate++;
    else if (new Date(fix.at).getTime() > now.getTime() + FUTURE_TOLERANCE_MS) dropped.future++;
    else return true;
    return false;
  });
  const oldest = timely.reduce<Date | null>((min, fix) => (min === null || Date.parse(fix.at) < min.getTime() ? new Date(fix.at) : min), null);
  const previous = oldest ? await previousAcceptedFix(db, driverId, date, direction, oldest) : null;
  const { kept: usable, implausible } = plausibleFixes(timely, previous, serviceArea);
  dropped.implausible = implausible;

  const {
    rows: [row],
  } = await db.executeQuery<WrittenPositions>(
    CompiledQuery.raw(POSITIONS_STATEMENT, positionsParameters(driverId, date, direction, now, usable, plannedRunId, origin)),
  );
  if (!row) throw new Error('The positions statement answered no row');
  if (row.driven === 0 && row.handedAway) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
  if (row.started === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runNotStarted);
  dropped.outsideRun = usable.length - row.inside;
  if (row.inside === 0 && usable.length > 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.positionsOutsideRun);
  return { accepted: row.inside, dropped, moved: row.moved, nearWanted: row.nearWanted, direction };
}
