import { DRIVER_RUNS, FIRST_RUN_NAMES, type DriverRun, type RiderStatus, type StudentToday } from '@school-transport/contracts';

/** One run of the card's Today line: each mark with its time, or, before any, the child's status. */
export interface RunLine {
  run: DriverRun;
  /** Marks in the order they were made ('Boarded 06:42', 'At school 07:15'), each with who made it. */
  events: NonNullable<StudentToday['morning']>['events'];
  /** Shown when there is no mark yet: expected, or absent with the family's reason. */
  status: RiderStatus;
  absenceReason: string | null;
  /** The run's own name ('Afternoon – KG'); null for the first runs ('Morning', 'Afternoon'), which the line's label says. */
  runName: string | null;
  /** The bus (its driver's name): only when the morning's and the afternoon's buses differ. */
  busName: string | null;
}

/**
 * The runs the student rides today, morning first; none on a day without buses. A parent whose
 * child comes home on another bus reads each way's bus; a run with a name of its own
 * ('Afternoon – KG') is named, the first runs ('Morning', 'Afternoon') are said by the line's label.
 */
export function todayLines(today: StudentToday): RunLine[] {
  const morningBus = today.morning?.bus?.id;
  const afternoonBus = today.afternoon?.bus?.id;
  const busesDiffer = Boolean(morningBus && afternoonBus && morningBus !== afternoonBus);
  return DRIVER_RUNS.flatMap((run) => {
    const day = today[run];
    if (!day) return [];
    const events = [...day.events].sort((a, b) => a.at.localeCompare(b.at));
    const ownName = day.run && day.run.name !== FIRST_RUN_NAMES[run] ? day.run.name : null;
    return [{ run, events, status: day.status, absenceReason: day.absenceReason, runName: ownName, busName: busesDiffer ? (day.bus?.name ?? null) : null }];
  });
}
