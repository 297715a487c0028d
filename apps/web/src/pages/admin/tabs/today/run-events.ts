import type { DriverRun, MarkEvent } from '@school-transport/contracts';

/**
 * The marks the office may make for a driver on each run, in the order a run goes: in the morning
 * a child boards at home (or is not there) and is dropped at school; in the afternoon a child boards
 * at school and is dropped home, or returned to school when no adult is at home.
 */
export const RUN_EVENTS: Record<DriverRun, readonly MarkEvent[]> = {
  morning: ['boarded', 'no_show', 'dropped'],
  afternoon: ['boarded', 'dropped', 'returned_to_school'],
};

/** End's refusal names the children still on the bus: the answer's `students`, when it has them. */
export function stillOnBusOf(error: unknown): { firstName: string; lastName: string }[] | null {
  const data = (error as { data?: { students?: unknown } } | null)?.data;
  const students = data?.students;
  if (!Array.isArray(students) || students.length === 0) return null;
  return students.filter((student): student is { firstName: string; lastName: string } => typeof student?.firstName === 'string' && typeof student?.lastName === 'string');
}
