import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { DEFAULT_SERVICE_AREA, MAX_FIX_ACCURACY_M, SCHOOL_DAY_MESSAGES, bahrainToday, type PositionsAccepted, type positionsInput, type ServiceArea } from '@school-transport/contracts';
import type { z } from 'zod';
import { AppError } from '../../errors.js';
import { assertRecentDate } from '../school-day/runs.js';
import { BROWSER, POSITIONS_STATEMENT, positionsParameters, type FixOrigin, type WrittenPositions } from './positions-statement.js';
import { plausibleFixes, previousAcceptedFix } from './plausibility.js';

type PositionsFields = z.output<typeof positionsInput>;

/** A phone's clock may run a little ahead of the server's; further ahead it is wrong, and its fix would pass for 'now' for minutes. */
const FUTURE_TOLERANCE_MS = 10_000;

export interface RecordedPositions extends PositionsAccepted {
  /** Whether the latest position ('now') moved: the families following this bus are told. */
  moved: boolean;
  /** Whether a family of these runs wants the 'bus is near' message (then it is looked at). */
  nearWanted: boolean;
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
  const dropped = { inaccurate: 0, future: 0, outsideRun: 0, implausible: 0 };
  const timely = input.fixes.filter((fix) => {
    if (fix.accuracy > MAX_FIX_ACCURACY_M) dropped.inaccurate++;
    else if (new Date(fix.at).getTime() > now.getTime() + FUTURE_TOLERANCE_MS) dropped.future++;
    else return true;
    return false;
  });
  const oldest = timely.reduce<Date | null>((min, fix) => (min === null || Date.parse(fix.at) < min.getTime() ? new Date(fix.at) : min), null);
  const previous = oldest ? await previousAcceptedFix(db, driverId, date, input.run, oldest) : null;
  const { kept: usable, implausible } = plausibleFixes(timely, previous, serviceArea);
  dropped.implausible = implausible;

  const { rows: [row] } = await db.executeQuery<WrittenPositions>(CompiledQuery.raw(POSITIONS_STATEMENT, positionsParameters(driverId, date, input.run, now, usable, origin)));
  if (!row) throw new Error('The positions statement answered no row');
  if (row.driven === 0 && row.handedAway) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runHandedOver);
  if (row.started === 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.runNotStarted);
  dropped.outsideRun = usable.length - row.inside;
  if (row.inside === 0 && usable.length > 0) throw new AppError('CONFLICT', SCHOOL_DAY_MESSAGES.positionsOutsideRun);
  return { accepted: row.inside, dropped, moved: row.moved, nearWanted: row.nearWanted };
}
