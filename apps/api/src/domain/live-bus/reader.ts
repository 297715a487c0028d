import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { bahrainToday, ridesOnRun, type DriverRun, type RunStop, type StudentBus } from '@school-transport/contracts';
import { readBusSnapshot, runsInProgress, runStopsInOrder, type BusSnapshot } from './bus-snapshot.js';
import { OperatorAveragesCache } from './operator-averages.js';
import { findFamilyStudent, studentBusOf, type FamilyStudent } from './student-bus.js';

/** A snapshot serves the families that ask within this long of it (one change wakes them all at once)... */
const SNAPSHOT_MS = 1_000;
/** ...and a run's stops this long: the office reorders or pins a stop rarely during a run. */
const STOPS_MS = 30_000;

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
  private readonly snapshots = new Map<string, Cached<Map<DriverRun, BusSnapshot | null>>>();
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

  private stopsOf = (ownerId: string, plannedRunId: string): Promise<RunStop[]> => this.cached(this.stops, `${ownerId}:${plannedRunId}`, STOPS_MS, Date.now(), () => runStopsInOrder(this.db, ownerId, plannedRunId));

  private snapshotsOf(now: Date, ownerId: string, date: string): Promise<Map<DriverRun, BusSnapshot | null>> {
    const key = `${ownerId}:${date}`;
    return this.cached(this.snapshots, key, SNAPSHOT_MS, Date.now(), async () => {
      const rows = await runsInProgress(this.db, ownerId, date);
      const byRun = new Map<DriverRun, BusSnapshot | null>();
      for (const row of rows) byRun.set(row.run, await readBusSnapshot(this.db, now, row, date, this.stopsOf));
      const entry = this.snapshots.get(key);
      if (entry) entry.drivers = [ownerId, ...rows.flatMap((row) => (row.substituteDriverId ? [row.substituteDriverId] : []))];
      return byRun;
    });
  }

  /**
   * The family's student's bus now, and whose phone it is (what a live page follows). `fresh`:
   * read now rather than share a read of the last second (a single answer, not a page woken by a change).
   */
  async busOf(now: Date, student: FamilyStudent, options: { fresh?: boolean } = {}): Promise<{ bus: StudentBus; busDriverId: string | null }> {
    if (!student.driverId) return { bus: { status: 'not_on_the_way' }, busDriverId: null };
    if (options.fresh) this.snapshots.delete(`${student.driverId}:${bahrainToday(now)}`);
    const byRun = await this.snapshotsOf(now, student.driverId, bahrainToday(now));
    const snapshot = [...byRun.values()].find((each) => each && ridesOnRun(student.serviceType, each.run)) ?? null;
    const averages = snapshot ? await this.averages.read(now) : { speedMps: null, stopSeconds: null };
    return { bus: studentBusOf(snapshot, student.id, now, averages), busDriverId: snapshot?.busDriverId ?? student.driverId };
  }

  /** GET /api/parent/students/{id}/bus. */
  async studentBus(now: Date, userId: string, studentId: string): Promise<StudentBus> {
    return (await this.busOf(now, await findFamilyStudent(this.db, userId, studentId), { fresh: true })).bus;
  }
}
