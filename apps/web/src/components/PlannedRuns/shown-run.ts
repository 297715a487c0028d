/**
 * The run of a bus a screen shows: the one the office picked, while the bus still has it; else the
 * bus's first (its runs come in planned-start order, so the morning's first run). A run picked on
 * another bus, or deleted since, gives way to the first run rather than to an empty screen.
 */
export function shownRun<Run extends { id: string }>(runs: readonly Run[], picked: string | null): Run | null {
  return runs.find((run) => run.id === picked) ?? runs[0] ?? null;
}
