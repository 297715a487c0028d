/**
 * `pnpm bench` (last; no database, no server): how good the family's ETA is. A school day of
 * synthetic runs, made deterministically from a seeded PRNG, is replayed through the ETA module
 * (domain/live-bus/eta.ts) exactly as a family's page asks it (domain/live-bus/student-bus.ts): at
 * each fix the phone sends (every 10 s), for every stop the bus still has to reach, the range from
 * the run's recent fixes, the operator's averages learned from the runs before it that day, and the
 * stops still before. Each answer is judged against the moment the bus really reached that stop:
 *
 * - the error of the range's middle (minutes; median and p90),
 * - how often the arrival falls inside the range,
 * - how wide the range is against its middle, and how often the page shows a coarse figure instead.
 *
 * The runs: 8 to 14 stops 300–1,500 m apart; the road between two stops 1.15–1.5 times the straight
 * line (the ETA only knows the straight line); a speed per stretch of road from 12 to 45 km/h,
 * changing every minute or so by traffic; red lights (0–60 s standing, every 500–1,500 m); 20–120 s
 * at each stop. Phones report their fix to within ~10 m.
 *
 *   --runs N (24)  --seed N (20261127)  --json (the figures as JSON, for comparing two versions)
 */
import { etaFigure } from '@school-transport/contracts';
import {
  chooseSpeed,
  DEFAULT_STOP_SECONDS,
  estimateEta,
  haversineMetres,
  movingSpeed,
  RECENT_FIXES_SECONDS,
  type Point,
  type TimedPoint,
} from '../src/domain/live-bus/eta.js';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const option = (name: string, fallback: number) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const RUNS = option('--runs', 24);
const SEED = option('--seed', 20261127);
const FIX_EVERY_S = 10;

/** mulberry32: a small seeded PRNG, so every run of the bench replays the same day. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = prng(SEED);
const between = (low: number, high: number) => low + random() * (high - low);

const METRES_PER_DEGREE_LAT = 111_195;
const metresPerDegreeLng = (lat: number) => METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
/** A point `metres` from `from` at `bearing` radians (flat earth: stretches of a few km). */
function offset(from: Point, metres: number, bearing: number): Point {
  return { lat: from.lat + (metres * Math.cos(bearing)) / METRES_PER_DEGREE_LAT, lng: from.lng + (metres * Math.sin(bearing)) / metresPerDegreeLng(from.lat) };
}
const lerp = (a: Point, b: Point, share: number): Point => ({ lat: a.lat + (b.lat - a.lat) * share, lng: a.lng + (b.lng - a.lng) * share });

interface Run {
  stops: Point[];
  /** Where the bus is each 10 s, from the start (the first fix at the start point). */
  fixes: TimedPoint[];
  /** When the bus reached each stop (ms since the run's start). */
  arrivals: number[];
  /** The standing time at each stop, seconds (what the operator's average learns). */
  dwells: number[];
  /** The phone's speed readings while moving (m/s): the operator's average speed learns them. */
  speeds: number[];
}

/**
 * One run: stops placed by a random walk; between two stops the road goes through a point off the
 * straight line (so it is 1.15–1.5 times longer), driven in one-second steps at a speed that changes
 * with the traffic, with red lights on the way and a dwell at each stop.
 */
function makeRun(start: Date): Run {
  const stopCount = Math.floor(between(8, 15));
  const origin: Point = { lat: between(26.05, 26.25), lng: between(50.45, 50.62) };
  let heading = between(0, 2 * Math.PI);
  const stops: Point[] = [];
  let previous = origin;
  for (let index = 0; index < stopCount; index++) {
    heading += between(-0.9, 0.9);
    previous = offset(previous, between(300, 1500), heading);
    stops.push(previous);
  }
  // The road: from each point to the next through a bend whose offset makes it longer by the detour factor.
  const road: Point[] = [origin];
  const stopAt: number[] = [];
  let from = origin;
  for (const stop of stops) {
    const straight = haversineMetres(from, stop);
    const detour = between(1.15, 1.5);
    // Half the road on each side of the bend: each leg is straight × detour / 2; the bend's offset from the middle follows.
    const side = Math.sqrt(Math.max(0, ((straight * detour) / 2) ** 2 - (straight / 2) ** 2));
    const bearing = Math.atan2((stop.lng - from.lng) * metresPerDegreeLng(from.lat), (stop.lat - from.lat) * METRES_PER_DEGREE_LAT);
    road.push(offset(lerp(from, stop, 0.5), side, bearing + (random() < 0.5 ? 1 : -1) * (Math.PI / 2)));
    road.push(stop);
    stopAt.push(road.length - 1);
    from = stop;
  }

  const fixes: TimedPoint[] = [];
  const arrivals: number[] = [];
  const dwells: number[] = [];
  const speeds: number[] = [];
  let second = 0;
  let position = origin;
  const record = () => {
    if (second % FIX_EVERY_S === 0) {
      const noise = between(0, 10);
      fixes.push({ ...offset(position, noise, between(0, 2 * Math.PI)), at: new Date(start.getTime() + second * 1000) });
    }
  };
  const stand = (seconds: number) => {
    for (let index = 0; index < seconds; index++) {
      second += 1;
      record();
    }
  };
  record();
  let cruise = between(12, 45) / 3.6;
  let nextLight = between(500, 1500);
  for (let leg = 1; leg < road.length; leg++) {
    const target = road[leg]!;
    while (haversineMetres(position, target) > 0.5) {
      if (second % 60 === 0) cruise = Math.min(45 / 3.6, Math.max(8 / 3.6, cruise * between(0.75, 1.3)));
      const step = Math.min(cruise, haversineMetres(position, target));
      position = lerp(position, target, step / haversineMetres(position, target));
      second += 1;
      speeds.push(cruise);
      record();
      nextLight -= step;
      if (nextLight <= 0) {
        stand(Math.floor(between(0, 60)));
        nextLight = between(500, 1500);
      }
    }
    position = target;
    if (stopAt.includes(leg)) {
      arrivals.push(second * 1000);
      const dwell = Math.floor(between(20, 120));
      dwells.push(dwell);
      stand(dwell);
    }
  }
  return { stops, fixes, arrivals, dwells, speeds };
}

interface Answer {
  errorMinutes: number;
  inside: boolean;
  widthOverMiddle: number;
  coarse: boolean;
  source: string;
}

const median = (values: number[]) => percentile(values, 0.5);
function percentile(values: number[], share: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
}

/** Replays one run: at each fix, the ETA to every stop still ahead, as the family's page would get it. */
function replay(run: Run, operator: { speedMps: number | null; stopSeconds: number | null }): Answer[] {
  const answers: Answer[] = [];
  for (const fix of run.fixes) {
    const now = fix.at.getTime() - run.fixes[0]!.at.getTime();
    const recent = run.fixes.filter((other) => other.at.getTime() <= fix.at.getTime() && other.at.getTime() > fix.at.getTime() - RECENT_FIXES_SECONDS * 1000);
    const speed = chooseSpeed(movingSpeed(recent), operator.speedMps);
    const ahead = run.stops.map((stop, index) => ({ stop, arrival: run.arrivals[index]! })).filter((stop) => stop.arrival > now);
    ahead.forEach((theirs, index) => {
      const range = estimateEta({
        bus: fix,
        stops: ahead.slice(0, index + 1).map((stop) => stop.stop),
        speed,
        stopSeconds: operator.stopSeconds ?? DEFAULT_STOP_SECONDS,
      });
      const actual = (theirs.arrival - now) / 60_000;
      const middle = (range.minMinutes + range.maxMinutes) / 2;
      answers.push({
        errorMinutes: Math.abs(middle - actual),
        inside: actual >= range.minMinutes && actual <= range.maxMinutes,
        widthOverMiddle: middle > 0 ? (range.maxMinutes - range.minMinutes) / middle : 0,
        coarse: etaFigure(range).kind !== 'range',
        source: speed.source,
      });
    });
  }
  return answers;
}

function summary(answers: Answer[]) {
  return {
    answers: answers.length,
    middleErrorP50: Number(median(answers.map((answer) => answer.errorMinutes)).toFixed(1)),
    middleErrorP90: Number(
      percentile(
        answers.map((answer) => answer.errorMinutes),
        0.9,
      ).toFixed(1),
    ),
    inside: Number(((100 * answers.filter((answer) => answer.inside).length) / Math.max(1, answers.length)).toFixed(1)),
    widthOverMiddleP50: Number(median(answers.map((answer) => answer.widthOverMiddle)).toFixed(2)),
    coarse: Number(((100 * answers.filter((answer) => answer.coarse).length) / Math.max(1, answers.length)).toFixed(1)),
  };
}

// The day: runs one after another; each learns the operator's averages from those before it (as
// operator-averages.ts does from the trails and marks kept), with its minimum of samples.
const day = new Date('2026-12-01T03:00:00Z');
const all: Answer[] = [];
const learned = { speeds: [] as number[], dwells: [] as number[] };
for (let index = 0; index < RUNS; index++) {
  const run = makeRun(new Date(day.getTime() + index * 3_600_000));
  const operator = {
    speedMps: learned.speeds.length >= 10 ? learned.speeds.reduce((sum, value) => sum + value, 0) / learned.speeds.length : null,
    stopSeconds: learned.dwells.length >= 10 ? median(learned.dwells) : null,
  };
  all.push(...replay(run, operator));
  learned.speeds.push(...run.speeds.filter((value) => value > 1));
  learned.dwells.push(...run.dwells);
}

const bySource = Object.fromEntries(['run', 'operator', 'default'].map((source) => [source, summary(all.filter((answer) => answer.source === source))]));
const overall = summary(all);

if (args.includes('--json')) {
  console.log(JSON.stringify({ runs: RUNS, seed: SEED, all: overall, bySource }, null, 2));
} else {
  console.log(`ETA accuracy: ${RUNS} synthetic runs (seed ${SEED}), an answer per fix and stop ahead`);
  console.log('| speed from | answers | middle error p50 (min) | p90 (min) | arrival inside the range | width / middle p50 | shown coarse |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, figures] of [['all', overall] as const, ...Object.entries(bySource)]) {
    console.log(
      `| ${name} | ${figures.answers} | ${figures.middleErrorP50} | ${figures.middleErrorP90} | ${figures.inside}% | ${figures.widthOverMiddleP50} | ${figures.coarse}% |`,
    );
  }
}
