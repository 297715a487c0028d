import type { Absence } from '@school-transport/contracts';

/** A student's absences that are not over yet (the last day is today or later), soonest first. */
export function upcomingAbsences<T extends Pick<Absence, 'studentId' | 'from' | 'to'>>(absences: readonly T[], studentId: string, today: string): T[] {
  return absences
    .filter((absence) => absence.studentId === studentId && absence.to >= today)
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}
