import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import {
  DRIVER_RUNS,
  bahrainToday,
  busOfChild,
  ridesOnRun,
  runOfChild,
  weekdayOf,
  type RunStop,
  type StudentBus,
  type Weekday,
} from '@school-transport/contracts';
import { readBusSnapshot, runsInProgress, runStopsInOrder, type BusSnapshot } from './bus-snapshot.js';
import { OperatorAveragesCache } from './operator-averages.js';
import { findFamilyStudent, studentBusOf, type FamilyStudent } from './student-bus.js';
import { plannedRunsOfDrivers, type PlannedRunRow } from '../planned-runs/read.js';
import { readSchoolDaySettings } from '../school-day/settings.js';

/**
 * A snapshot serves the families that ask until its bus's next change (its notice drops it: one
 * change wakes them all at once), and at most this long, for a change no notice told of (an
 * absence reported during the run). A page's reread with no change (every 15 s: 'stale' and a
 * withheld ETA come with time alone) reuses it: the time is applied when each family's answer is
 * made, not when the snapshot was read. Kept for 1 s, a fleet of 200 buses re-read a snapshot for
 * nearly every page's reread.
 */
const SNAPSHOT_MS = 15_000;
/** A run's stops are kept this long: the office reorders or pins a stop rarely during a run. */
const STOPS_MS = 30_000;

/** A bus's plan as families read it: its planned runs and the school week, to find each child's own run (runOfChild). */
interface BusPlan {
  plannedRuns: PlannedRunRow[];
  schoolDays: readonly Weekday[];
}

/** The family's child's bus: what the family sees, the day's run it is (for 'bus is near'), and whose changes the page follows. */
export interface FamilyBus {
  bus: StudentBus;
  /** The day's run whose bus is shown (null: none of the child's runs is under way). */
  schoolRunId: string | null;
  /** Every bus whose change may change the answer: the child's bus each way, and a substitute driving one of their runs. */
  busDriverIds: string[];
}

interface Cached<T> {
  at: number;
  value: Promise<T>;
  /** Whose phones a snapshot shows, once read (a substitute's included). */
  drivers?: string[];
}

/**
 * Reads the bus for families, sharing each read between the families following the same bus: a
 * change of a bus (its notice) drops that bus's snapshot, so the first family to read after it
 * reads afresh and the others use the same answer.
 */
export class LiveBusReader {
  private readonly snapshots = new Map<string, Cached<Map<string, BusSnapshot | null>>>();
  private readonly plans = new Map<string, Cached<BusPlan>>();
  private readonly stops = new Map<string, Cached<RunStop[]>>();
  readonly averages: OperatorAveragesCache;

  constructor(private readonly db: Kysely<Database>) {
    this.averages = new OperatorAveragesCache(db);
  }

  /** A bus changed: the snapshots of the runs it drives are read afresh. */
  forget(busDriverId: string): void {
    for (const [key, cached] of this.snapshots) {
      if (key.startsWith(`${busDriverId}:`) || !cached.drivers || cached.drivers.includes(busDriverId)) this.snapshots.delete(key);
    }
  }

  /** Everything is read afresh (notices may have been missed). */
  forgetAll(): void {
    this.snapshots.clear();
  }

  private cached<T>(map: Map<string, Cached<T>>, key: string, ttl: number, now: number, read: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit && now - hit.at < ttl && now >= hit.at) return hit.value;
    const value = read();
    map.set(key, { at: now, value });
    value.catch(() => map.get(key)?.value === value && map.delete(key));
    return value;
  }

  private stopsOf = (ownerId: string, plannedRunId: string): Promise<RunStop[]> =>
    this.cached(this.stops, `${ownerId}:${plannedRunId}`, STOPS_MS, Date.now(), () => runStopsInOrder(this.db, ownerId, plannedRunId));

  /** A bus's plan is read as rarely as its stops: the office changes a bus's runs rarely during a run. */
  private planOf = (ownerId: string): Promise<BusPlan> =>
    this.cached(this.plans, ownerId, STOPS_MS, Date.now(), async () => {
      const [plannedRuns, settings] = await Promise.all([plannedRunsOfDrivers(this.db, [ownerId]), readSchoolDaySettings(this.db)]);
      return { plannedRuns, schoolDays: settings.schoolDays };
    });

  /** The bus's runs in progress, by planned run. */
  private snapshotsOf(now: Date, ownerId: string, date: string): Promise<Map<string, BusSnapshot | null>> {
    const key = `${ownerId}:${date}`;
    return this.cached(this.snapshots, key, SNAPSHOT_MS, Date.now(), async () => {
      const rows = await runsInProgress(this.db, ownerId, date);
      // Whose phones it shows is known from here on: another bus's change no longer drops this read
      // (with a fleet's notices coming every few milliseconds, a read dropped by any of them is read again and again).
      const entry = this.snapshots.get(key);
      if (entry) entry.drivers = [ownerId, ...rows.flatMap((row) => (row.substituteDriverId ? [row.substituteDriverId] : []))];
      const byRun = new Map<string, BusSnapshot | null>();
      for (const row of rows) byRun.set(row.plannedRunId, await readBusSnapshot(this.db, now, row, date, this.stopsOf));
      return byRun;
    });
  }

  /**
   * The family's student's bus now (what a live page follows). The child follows the bus of their
   * own run only, each way (runOfChild: placed by hand, else by school; the afternoon on the bus
   * home): another run of the same bus (kindergarten's, say) is not theirs, and neither is the
   * morning bus's afternoon when they go home on another. `fresh`: read now rather than share a
   * read of the last second (a single answer, not a page woken by a change).
   */
  async busOf(now: Date, student: FamilyStudent, options: { fresh?: boolean } = {}): Promise<FamilyBus> {
    const date = bahrainToday(now);
    const weekday = weekdayOf(date);
    const ways = DRIVER_RUNS.flatMap((direction) => {
      const bus = ridesOnRun(student.serviceType, direction) ? busOfChild(student, direction) : null;
      return bus ? [{ direction, bus }] : [];
    });
    const buses = [...new Set(ways.map((way) => way.bus))];
    if (options.fresh) {
      for (const bus of buses) {
        this.snapshots.delete(`${bus}:${date}`);
        this.plans.delete(bus);
      }
    }
    const underWay: BusSnapshot[] = [];
    for (const { direction, bus } of ways) {
      const plan = await this.planOf(bus);
      const run = runOfChild(plan.plannedRuns, student, direction, weekday, plan.schoolDays);
      const snapshot = run ? (await this.snapshotsOf(now, bus, date)).get(run.id) : undefined;
      if (snapshot) underWay.push(snapshot);
    }
    // A run left open is the older one: the latest started is looked at first.
    underWay.sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
    const busDriverIds = [...new Set([...underWay.map((snapshot) => snapshot.busDriverId), ...buses])];
    for (const snapshot of underWay) {
      const bus = studentBusOf(snapshot, student.id, now, await this.averages.read(now));
      if (bus.status === 'on_the_way') return { bus, schoolRunId: snapshot.id, busDriverIds };
    }
    return { bus: { status: 'not_on_the_way' }, schoolRunId: null, busDriverIds };
  }

  /** GET /api/parent/students/{id}/bus. */
  async studentBus(now: Date, userId: string, studentId: string): Promise<StudentBus> {
    return (await this.busOf(now, await findFamilyStudent(this.db, userId, studentId), { fresh: true })).bus;
  }
}
