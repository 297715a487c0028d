import type { EtaRange } from '@school-transport/contracts';

/**
 * The ETA to a family's stop, without a routing server: the distance along the remaining stops in
 * order (from the bus to each stop before theirs, then to theirs, in straight lines on the earth's
 * surface, lengthened by the roads' usual detour), over a speed, plus a stop time for each stop before theirs. Answered as a range whose
 * width says how much the speed is to be trusted: this run's own recent speed narrows it, the
 * operator's average from past runs widens it, a constant widens it most.
 */

export interface Point {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_000;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points (haversine), in metres. */
export function haversineMetres(a: Point, b: Point): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** From the bus through each stop in order: the distance the bus still drives to the last one. */
export function distanceAlong(bus: Point, stops: readonly Point[]): number {
  let total = 0;
  let from = bus;
  for (const stop of stops) {
    total += haversineMetres(from, stop);
    from = stop;
  }
  return total;
}

/** Below this a stretch between two fixes is standing (a stop, a red light): stop times count those apart. */
const MOVING_MPS = 1;
/** A speed learned from less driving than this is noise. */
const MIN_MOVING_SECONDS = 60;
/** This run's speed is read from its last minutes only: traffic changes over a run. */
export const RECENT_FIXES_SECONDS = 600;

export interface TimedPoint extends Point {
  at: Date;
}

/**
 * The speed while moving over this run's recent fixes (metres per second): the distance of the
 * stretches between consecutive fixes where the bus moved, over their time. Null when it has not
 * driven a minute yet.
 */
export function movingSpeed(fixes: readonly TimedPoint[]): number | null {
  const ordered = [...fixes].sort((a, b) => a.at.getTime() - b.at.getTime());
  let metres = 0;
  let seconds = 0;
  for (let index = 1; index < ordered.length; index++) {
    const stretch = (ordered[index]!.at.getTime() - ordered[index - 1]!.at.getTime()) / 1000;
    if (stretch <= 0) continue;
    const distance = haversineMetres(ordered[index - 1]!, ordered[index]!);
    if (distance / stretch < MOVING_MPS) continue;
    metres += distance;
    seconds += stretch;
  }
  return seconds >= MIN_MOVING_SECONDS ? metres / seconds : null;
}

/** Where the speed came from, which sets how wide the range is. */
export type SpeedSource = 'run' | 'operator' | 'default';

/** A bus in town when nothing better is known: 20 km/h. */
export const DEFAULT_SPEED_MPS = 20 / 3.6;
/** A stop when no past mark says otherwise: a minute. */
export const DEFAULT_STOP_SECONDS = 60;

/**
 * Roads are longer than the straight line between two stops: in a town's grid about a third longer
 * (measured as 'circuity' in street networks, 1.2–1.4). Without it every estimate is short.
 */
export const ROAD_FACTOR = 1.3;

/** How far below and above the estimate the range reaches, per source of the speed. */
const SPREAD: Record<SpeedSource, { low: number; high: number }> = {
  run: { low: 0.8, high: 1.25 },
  operator: { low: 0.7, high: 1.4 },
  default: { low: 0.6, high: 1.6 },
};

export interface EtaInput {
  bus: Point;
  /** The stops before the family's, in order, then theirs last. */
  stops: readonly Point[];
  speed: { mps: number; source: SpeedSource };
  stopSeconds: number;
  /** Stops the bus makes before theirs (some may have no known place, so are not in `stops`); by default all but the last of `stops`. */
  stopsBefore?: number;
}

/**
 * The range in whole minutes: the estimate's seconds, driving (the road's length over the speed) plus a stop time for each stop
 * before theirs, times the source's spread, the low end rounded down and the high end up (at
 * least a minute apart, never a single number that looks exact).
 */
export function estimateEta({ bus, stops, speed, stopSeconds, stopsBefore = Math.max(0, stops.length - 1) }: EtaInput): EtaRange {
  const seconds = (distanceAlong(bus, stops) * ROAD_FACTOR) / speed.mps + stopsBefore * stopSeconds;
  const { low, high } = SPREAD[speed.source];
  const minMinutes = Math.max(0, Math.floor((seconds * low) / 60));
  const maxMinutes = Math.max(minMinutes + 1, Math.ceil((seconds * high) / 60));
  return { minMinutes, maxMinutes };
}

/** The speed to use: this run's while moving, else the operator's past average, else the constant. */
export function chooseSpeed(runSpeed: number | null, operatorSpeed: number | null): { mps: number; source: SpeedSource } {
  if (runSpeed !== null) return { mps: runSpeed, source: 'run' };
  if (operatorSpeed !== null) return { mps: operatorSpeed, source: 'operator' };
  return { mps: DEFAULT_SPEED_MPS, source: 'default' };
}
