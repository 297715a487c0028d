import type { DriverTodayRun } from '@school-transport/contracts';

export interface DriverStop {
  id: string;
  number: number;
  names: string[];
  address: string;
}

/** The run's stops in order, from its children (listed in stop order; siblings share a stop). */
export function stopsOfRun(run: DriverTodayRun): DriverStop[] {
  const stops: DriverStop[] = [];
  for (const student of run.students) {
    const last = stops.at(-1);
    if (last?.id === student.stop.id) last.names.push(student.firstName);
    else stops.push({ id: student.stop.id, number: student.stop.number, names: [student.firstName], address: student.address });
  }
  return stops;
}

/** The list with the stop at `index` moved one place up (-1) or down (+1). */
export function moved<Item>(items: readonly Item[], index: number, by: -1 | 1): Item[] {
  const to = index + by;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}
