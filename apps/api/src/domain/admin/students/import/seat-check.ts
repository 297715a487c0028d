import type { Db } from '@school-transport/db';
import { BUS_FULL_CODES, DRIVER_RUNS, busFullMessage, ridesOnRun, runsOfChildInWeek, withRefusedValue } from '@school-transport/contracts';
import { readSchoolDaySettings } from '../../../school-day/settings.js';
import { ridersPerRun } from '../../../planned-runs/office-list.js';
import { childrenOfBuses, plannedRunsOfDrivers, type BusChild } from '../../../planned-runs/read.js';
import type { PlannedRow } from './planned-row.js';

/**
 * The seat rule, row by row in the file's order, run by run (seats.ts): a row that puts a student
 * on a run (a new student with a driver, a changed driver, service type or school) while that run
 * has no seat left gets the bus-full problem on its driver cell; the rows before it keep their
 * seats. Rows that change nothing on a bus are never refused, even on a run already over its
 * seats. The import's write checks the same rule again, locked, with assertSeats.
 */
export async function checkSeats(db: Db, rows: PlannedRow[], driverColumn: string, driverCell: (row: number) => string | undefined): Promise<void> {
  const moves = rows.flatMap((row) => {
    if (row.problems.length > 0 || row.action === 'unchanged') return [];
    const before: BusChild | null = row.student ? childOf(row.student.id, row.student) : null;
    const after = childOf(row.student?.id ?? `row-${row.row}`, { ...(row.student ?? {}), ...row.values });
    if (before && before.driverId === after.driverId && before.serviceType === after.serviceType && before.schoolId === after.schoolId) return [];
    return [{ row, before, after }];
  });
  const driverIds = [
    ...new Set(
      moves.flatMap(({ before, after }) =>
        [before?.driverId, before?.afternoonDriverId, after.driverId, after.afternoonDriverId].filter((id): id is string => Boolean(id)),
      ),
    ),
  ];
  if (driverIds.length === 0) return;
  const [drivers, runs, children, settings] = await Promise.all([
    db.selectFrom('drivers').select(['id', 'vehicleSeats']).where('id', 'in', driverIds).execute(),
    plannedRunsOfDrivers(db, driverIds),
    childrenOfBuses(db, driverIds),
    readSchoolDaySettings(db),
  ]);
  const seats = new Map(drivers.map((driver) => [driver.id, driver.vehicleSeats]));
  const riders = ridersPerRun(runs, children, settings.schoolDays);
  const runsOf = (child: BusChild | null) =>
    child === null
      ? []
      : DRIVER_RUNS.flatMap((direction) => (ridesOnRun(child.serviceType, direction) ? runsOfChildInWeek(runs, child, direction, settings.schoolDays) : []));

  for (const { row, before, after } of moves) {
    const left = runsOf(before);
    const joined = runsOf(after);
    const full = joined.find((run) => {
      const limit = seats.get(run.driverId);
      return !left.some((each) => each.id === run.id) && limit !== null && limit !== undefined && (riders.get(run.id) ?? 0) + 1 > limit;
    });
    if (full) {
      const count = (riders.get(full.id) ?? 0) + 1;
      const limit = seats.get(full.driverId)!;
      const value = driverCell(row.row);
      row.problems.push({
        row: row.row,
        column: driverColumn,
        message: withRefusedValue(busFullMessage(full.direction, limit, count), value),
        code: BUS_FULL_CODES[full.direction],
        values: { riders: count, seats: limit },
        ...(value === undefined ? {} : { value }),
      });
      continue;
    }
    for (const run of left) riders.set(run.id, (riders.get(run.id) ?? 0) - 1);
    for (const run of joined) riders.set(run.id, (riders.get(run.id) ?? 0) + 1);
  }
}

/** A student (stored, or as a row leaves them) as the seat rule places them. */
function childOf(id: string, values: Partial<Omit<BusChild, 'id'>>): BusChild {
  return {
    id,
    schoolId: values.schoolId ?? '',
    serviceType: values.serviceType!,
    driverId: values.driverId ?? null,
    afternoonDriverId: values.afternoonDriverId ?? null,
    morningRunId: values.morningRunId ?? null,
    afternoonRunId: values.afternoonRunId ?? null,
  };
}
