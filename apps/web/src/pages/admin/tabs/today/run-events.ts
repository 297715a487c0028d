import type { DriverRun, MarkEvent } from '@school-transport/contracts';

/**
 * The marks the office may make for a driver on each run, in the order a run goes: in the morning
 * a child boards at home (or is not there) and is dropped at school; in the afternoon a child boards
 * at school (or is not there) and is dropped home, or returned to school when no adult is at home.
 * A run ends only when every child is marked, so 'not here' is offered on both runs.
 */
export const RUN_EVENTS: Record<DriverRun, readonly MarkEvent[]> = {
  morning: ['boarded', 'no_show', 'dropped'],
  afternoon: ['boarded', 'no_show', 'dropped', 'returned_to_school'],
};

type Named = { firstName: string; lastName: string };

/**
 * The children End's refusal names (the answer's `students`) and why: still on the bus, or not
 * marked yet (told apart by the refusal's message code); null for any other error.
 */
export function endRefusalOf(error: unknown): { reason: 'stillOnBus' | 'notMarked'; students: Named[] } | null {
  const data = (error as { data?: { students?: unknown; messageCode?: unknown } } | null)?.data;
  const students = data?.students;
  if (!Array.isArray(students) || students.length === 0) return null;
  const named = students.filter((student): student is Named => typeof student?.firstName === 'string' && typeof student?.lastName === 'string');
  const reason = typeof data?.messageCode === 'string' && data.messageCode.startsWith('schoolDay.notMarked') ? 'notMarked' : 'stillOnBus';
  return { reason, students: named };
}
