/**
 * Where a run's bar sits on the office's day timeline. The timeline spans the hours a school bus
 * works in Bahrain (06:00 to 16:00); a run planned partly outside is clipped to its edge so that
 * it stays visible, and one wholly outside keeps a sliver at the nearer edge.
 */
export const TIMELINE_START = '06:00';
export const TIMELINE_END = '16:00';

/** The hour marks under the bars, every two hours. */
export const TIMELINE_HOURS = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00'] as const;

/** The narrowest bar, in percent of the day: a five-minute run is still something to see. */
const MIN_WIDTH = 2;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** A clock time's place on the timeline, in percent from its start (0 … 100). */
export function offsetOf(time: string): number {
  const start = minutesOf(TIMELINE_START);
  const span = minutesOf(TIMELINE_END) - start;
  return Math.min(100, Math.max(0, ((minutesOf(time) - start) / span) * 100));
}

/** A run's bar: where it starts and how wide it is, in percent of the timeline. */
export function barOf(run: { plannedStart: string; plannedEnd: string }): { start: number; width: number } {
  const width = Math.max(MIN_WIDTH, offsetOf(run.plannedEnd) - offsetOf(run.plannedStart));
  const start = Math.min(offsetOf(run.plannedStart), 100 - width);
  return { start, width };
}
