import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CrewRole, DriverToday } from '@school-transport/contracts';
import type { ActionStore, DayAction } from './day-queue.js';

/**
 * What the driver's screen keeps on the phone (IndexedDB), so it works without signal once today's
 * list has loaded: the actions waiting to be sent, in the order they were made, and the last list
 * the server gave, per driver, for a reload while offline.
 */
interface StoredAction {
  /** Order of arrival on the phone: the queue is sent oldest first. */
  seq?: number;
  action: DayAction;
  id: string;
  userId: string;
}

/** The last list loaded, with the driver's name for the screen's header while the session cannot be checked. */
export interface SavedToday {
  userId: string;
  driverName: string;
  /** Whether the driver or the bus's attendant saved it (absent in lists saved before attendants). */
  role?: CrewRole;
  savedAt: string;
  today: DriverToday;
}

interface DriverDaySchema extends DBSchema {
  actions: { key: number; value: StoredAction; indexes: { id: string; userId: string } };
  today: { key: string; value: SavedToday };
}

const DATABASE = 'driver-day';

let opened: Promise<IDBPDatabase<DriverDaySchema>> | undefined;

function database(): Promise<IDBPDatabase<DriverDaySchema>> {
  opened ??= openDB<DriverDaySchema>(DATABASE, 1, {
    upgrade(db) {
      const actions = db.createObjectStore('actions', { keyPath: 'seq', autoIncrement: true });
      actions.createIndex('id', 'id', { unique: true });
      actions.createIndex('userId', 'userId');
      db.createObjectStore('today', { keyPath: 'userId' });
    },
  });
  return opened;
}

/** The queue's store on the phone. */
export const phoneActionStore: ActionStore = {
  async list(userId) {
    const rows = await (await database()).getAllFromIndex('actions', 'userId', userId);
    // Within one driver, the index returns rows by their primary key: the order they were made.
    return rows.map((row) => row.action);
  },
  async add(action) {
    await (await database()).add('actions', { action, id: action.id, userId: action.userId });
  },
  async remove(id) {
    const db = await database();
    const tx = db.transaction('actions', 'readwrite');
    const key = await tx.store.index('id').getKey(id);
    if (key !== undefined) await tx.store.delete(key);
    await tx.done;
  },
};

export async function saveToday(saved: SavedToday): Promise<void> {
  await (await database()).put('today', saved);
}

export async function savedToday(userId: string): Promise<SavedToday | undefined> {
  return withStops(await (await database()).get('today', userId));
}

/** Whoever saved a list last on this phone: the driver shown when a reload offline cannot check the session. */
export async function lastSavedToday(): Promise<SavedToday | undefined> {
  const all = await (await database()).getAll('today');
  return withStops(all.sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0]);
}

/** A list saved by the app before runs had stops: each child is a stop of its own, in the saved order. */
export function withStops(saved: SavedToday | undefined): SavedToday | undefined {
  if (!saved) return saved;
  const runs = saved.today.runs.map((run) => ({
    ...run,
    students: run.students.map((student, index) => ({ ...student, stop: (student as Partial<typeof student>).stop ?? { id: student.id, number: index + 1 } })),
  }));
  return { ...saved, today: { ...saved.today, runs } };
}
