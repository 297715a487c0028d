import { DRIVER_RUNS, type DriverRun, type RiderStatus, type StudentToday } from '@school-transport/contracts';

/** One run of the card's Today line: each mark with its time, or, before any, the child's status. */
export interface RunLine {
  run: DriverRun;
  /** Marks in the order they were made ('Boarded 06:42', 'At school 07:15'), each with who made it. */
  events: NonNullable<StudentToday['morning']>['events'];
  /** Shown when there is no mark yet: expected, or absent with the family's reason. */
  status: RiderStatus;
  absenceReason: string | null;
}

/** The runs the student rides today, morning first; none on a day without buses. */
export function todayLines(today: StudentToday): RunLine[] {
  return DRIVER_RUNS.flatMap((run) => {
    const day = today[run];
    if (!day) return [];
    const events = [...day.events].sort((a, b) => a.at.localeCompare(b.at));
    return [{ run, events, status: day.status, absenceReason: day.absenceReason }];
  });
}
