import type { Db } from '@school-transport/db';
import { BUS_FULL_CODES, DRIVER_RUNS, busFullMessage, ridesOnRun, withRefusedValue, type DriverRun, type ServiceType } from '@school-transport/contracts';
import { seatUse } from '../../../routes/seats.js';
import type { PlannedRow } from './plan.js';

interface OnBus {
  driverId: string | null;
  serviceType: ServiceType;
}

/**
 * The seat rule, row by row in the file's order: a row that puts a student on a run (a new
 * student with a driver, a changed driver or service type) while the run has no seat left gets
 * the bus-full problem on its driver cell; the rows before it keep their seats. Rows that change
 * nothing on a bus are never refused, even on a run already over its seats. The import's write
 * checks the same rule again, locked, with assertSeats.
 */
export async function checkSeats(db: Db, rows: PlannedRow[], driverColumn: string, driverCell: (row: number) => string | undefined): Promise<void> {
  const moves = rows.flatMap((row) => {
    if (row.problems.length > 0 || row.action === 'unchanged') return [];
    const before: OnBus | null = row.student ? { driverId: row.student.driverId, serviceType: row.student.serviceType } : null;
    const after: OnBus = { driverId: row.values.driverId, serviceType: row.values.serviceType };
    if (before && before.driverId === after.driverId && before.serviceType === after.serviceType) return [];
    return [{ row, before, after }];
  });
  const driverIds = moves.flatMap(({ before, after }) => [before?.driverId, after.driverId].filter((id): id is string => Boolean(id)));
  const use = await seatUse(db, driverIds);
  const riders = new Map([...use].map(([id, runs]) => [id, { morning: runs.morning.riders, afternoon: runs.afternoon.riders }]));
  const rides = (bus: OnBus | null, run: DriverRun) => bus !== null && bus.driverId !== null && ridesOnRun(bus.serviceType, run);

  for (const { row, before, after } of moves) {
    const seats = after.driverId ? use.get(after.driverId)?.morning.seats : null;
    const full = DRIVER_RUNS.find((run) => {
      const joins = rides(after, run) && !(rides(before, run) && before?.driverId === after.driverId);
      return joins && seats !== null && seats !== undefined && riders.get(after.driverId!)![run] + 1 > seats;
    });
    if (full) {
      const count = riders.get(after.driverId!)![full] + 1;
      const value = driverCell(row.row);
      row.problems.push({
        row: row.row,
        column: driverColumn,
        message: withRefusedValue(busFullMessage(full, seats!, count), value),
        code: BUS_FULL_CODES[full],
        values: { riders: count, seats: seats! },
        ...(value === undefined ? {} : { value }),
      });
      continue;
    }
    for (const run of DRIVER_RUNS) {
      if (rides(before, run)) riders.get(before!.driverId!)![run] -= 1;
      if (rides(after, run)) riders.get(after.driverId!)![run] += 1;
    }
  }
}
