import type { Db } from '@school-transport/db';
import { DRIVER_RUNS, busOfChild, ridesOnRun, runOfChild, runWeekdays, type StudentToPlace } from '@school-transport/contracts';
import { readSchoolDaySettings } from '../school-day/settings.js';
import { STUDENT_FULL_NAME } from '../student-columns.js';
import { plannedRunsOfDrivers, type PlannedRunRow } from '../planned-runs/read.js';

/**
 * The children on a bus whom no single run of it takes one way they ride, on a day of the school
 * week on which the bus has a run that way: no run serves their school, or two do and nobody chose
 * (runOfChild). The office places them by hand (the student's morningRunId / afternoonRunId); until
 * then they wait in the bell with the children without a bus. A bus with no run at all that way
 * on a weekday is the plan's gap, not the child's: placing by hand could not mend it.
 */
export async function listStudentsToPlace(db: Db, limit: number): Promise<{ toPlace: StudentToPlace[]; toPlaceTotal: number }> {
  const children = await db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .select([
      'students.id',
      'students.automatedId',
      ...STUDENT_FULL_NAME,
      'students.createdAt',
      'students.schoolId',
      'students.serviceType',
      'students.driverId',
      'students.afternoonDriverId',
      'students.morningRunId',
      'students.afternoonRunId',
      'schools.name as schoolName',
    ])
    .where('students.deletedAt', 'is', null)
    .where('students.driverId', 'is not', null)
    .orderBy('students.createdAt', 'desc')
    .orderBy('students.id', 'desc')
    .execute();
  const busIds = [...new Set(children.flatMap((child) => [child.driverId!, ...(child.afternoonDriverId ? [child.afternoonDriverId] : [])]))];
  const [runs, settings, drivers] = await Promise.all([
    plannedRunsOfDrivers(db, busIds),
    readSchoolDaySettings(db),
    busIds.length === 0 ? [] : db.selectFrom('drivers').select(['id', 'name']).where('id', 'in', busIds).execute(),
  ]);
  const runsOfBus = new Map<string, PlannedRunRow[]>();
  for (const run of runs) runsOfBus.set(run.driverId, [...(runsOfBus.get(run.driverId) ?? []), run]);
  const driverNames = new Map(drivers.map((driver) => [driver.id, driver.name]));

  const toPlace: StudentToPlace[] = [];
  for (const child of children) {
    const ways: StudentToPlace['ways'] = [];
    for (const direction of DRIVER_RUNS) {
      const bus = busOfChild(child, direction);
      if (!bus || !ridesOnRun(child.serviceType, direction)) continue;
      const busRuns = (runsOfBus.get(bus) ?? []).filter((run) => run.direction === direction);
      const unplacedOn = settings.schoolDays.filter(
        (weekday) =>
          busRuns.some((run) => runWeekdays(run, settings.schoolDays).includes(weekday)) &&
          runOfChild(busRuns, child, direction, weekday, settings.schoolDays) === null,
      );
      if (unplacedOn.length === 0) continue;
      const serving = busRuns.filter(
        (run) =>
          (run.schoolIds.length === 0 || run.schoolIds.includes(child.schoolId)) &&
          unplacedOn.some((weekday) => runWeekdays(run, settings.schoolDays).includes(weekday)),
      );
      ways.push({ direction, driver: { id: bus, name: driverNames.get(bus) ?? '' }, runs: serving.map((run) => ({ id: run.id, name: run.name })) });
    }
    if (ways.length === 0) continue;
    toPlace.push({
      id: child.id,
      automatedId: child.automatedId,
      firstName: child.firstName,
      fathersName: child.fathersName,
      lastName: child.lastName,
      school: { id: child.schoolId, name: child.schoolName },
      createdAt: child.createdAt.toISOString(),
      ways,
    });
  }
  return { toPlace: toPlace.slice(0, limit), toPlaceTotal: toPlace.length };
}
