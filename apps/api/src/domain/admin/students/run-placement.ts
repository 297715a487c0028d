import type { Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import { PLANNED_RUN_MESSAGES, type DriverRun } from '@school-transport/contracts';
import { AppError } from '../../../errors.js';
import { isUuid } from '../../ids.js';
import { checkDriver } from './choices.js';

/** Where a child rides beyond the morning's bus: the run placed by hand each way, and the bus home. */
export interface RunPlacement {
  morningRunId: string | null;
  afternoonRunId: string | null;
  afternoonDriverId: string | null;
}

/** What the office's edit asked for: null puts the child back on the rule (by school, the same bus), omitted keeps what is stored. */
export type RunPlacementInput = { [Key in keyof RunPlacement]?: string | null | undefined };

const RUN_FIELDS = { morning: 'morningRunId', afternoon: 'afternoonRunId' } as const satisfies Record<DriverRun, keyof RunPlacement>;

/**
 * The placement to store after an edit. A run placed by hand must be a run (not removed) of the
 * child's bus that way: the morning's bus for the morning, the bus home for the afternoon; another
 * bus's run or the other direction is refused. A run placed earlier that no longer belongs to the
 * child's bus once the bus changed is let go (the child rides by school again), unless named anew.
 */
export async function checkRunPlacement(
  trx: Transaction<Database>,
  input: RunPlacementInput,
  stored: RunPlacement,
  driverId: string | null,
): Promise<RunPlacement> {
  const afternoonDriverId =
    input.afternoonDriverId === undefined
      ? stored.afternoonDriverId
      : input.afternoonDriverId === null
        ? null
        : (await checkDriver(trx, input.afternoonDriverId, stored.afternoonDriverId, 'afternoonDriverId')).id;
  const busOf: Record<DriverRun, string | null> = { morning: driverId, afternoon: afternoonDriverId ?? driverId };
  const placement: RunPlacement = { morningRunId: stored.morningRunId, afternoonRunId: stored.afternoonRunId, afternoonDriverId };
  for (const direction of ['morning', 'afternoon'] as const) {
    const field = RUN_FIELDS[direction];
    const asked = input[field];
    const runId = asked === undefined ? stored[field] : asked;
    if (runId === null) {
      placement[field] = null;
      continue;
    }
    const run = isUuid(runId)
      ? await trx.selectFrom('plannedRuns').select(['driverId', 'direction']).where('id', '=', runId).where('deletedAt', 'is', null).executeTakeFirst()
      : undefined;
    const belongs = run !== undefined && run.direction === direction && run.driverId === busOf[direction];
    if (!belongs && asked !== undefined)
      throw new AppError('BAD_REQUEST', PLANNED_RUN_MESSAGES.runOfAnotherBus, { [field]: PLANNED_RUN_MESSAGES.runOfAnotherBus });
    placement[field] = belongs ? runId : null;
  }
  return placement;
}
