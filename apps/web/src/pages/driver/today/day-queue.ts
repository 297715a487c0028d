import type { MarkEvent, PositionFix, ReceivedByInput, RiderStatus } from '@school-transport/contracts';
import { isRefusal } from './day-api.js';

/**
 * What the driver did on the phone, waiting to reach the server. Every tap is stored first and
 * sent after, in the order it was made: a child is boarded before they are dropped, and a run is
 * started before its marks. `id` is the mark's clientId, made once on the phone, so a mark sent
 * again after a lost answer is recognised by the server and recorded once.
 */
interface ActionBase {
  id: string;
  /** The signed-in driver's user id: a phone shared by two drivers sends each one's marks only under their own session. */
  userId: string;
  /** The run as the phone names it to the server: its id, or its direction (runRefOf). */
  run: string;
  /** The run's Bahrain date, so a mark made before midnight lands on its own run. */
  date: string;
  /** When it was done on the phone (ISO 8601). */
  at: string;
}
export interface StartAction extends ActionBase {
  kind: 'start';
}
export interface EndAction extends ActionBase {
  kind: 'end';
}
export interface MarkAction extends ActionBase {
  kind: 'mark';
  studentId: string;
  event: MarkEvent;
  position: { lat: number; lng: number; accuracy: number } | null;
  /** Who received the child at the stop (a young child's drop): checked by the server when the mark arrives. */
  receivedBy?: ReceivedByInput;
}
/** The undo of a mark the server has recorded (a wrong tap), naming the server's id of that mark. */
export interface UndoAction extends ActionBase {
  kind: 'undo';
  studentId: string;
  /** The server's id of the mark undone. */
  undoes: string;
  /** The child's status before the mark: shown at once, while the undo waits to be sent. */
  previous: RiderStatus;
}
/** Where the bus was (one or more fixes of the phone), queued with the marks while there is no connection. */
export interface PositionsAction extends ActionBase {
  kind: 'positions';
  fixes: PositionFix[];
}
export type DayAction = StartAction | EndAction | MarkAction | UndoAction | PositionsAction;

/** Fixes sent in one request at most (the server takes 100 a call). */
const MAX_FIXES_PER_REQUEST = 100;

/**
 * The positions waiting at the head of the queue, of one run, as one batch: a phone that was offline
 * sends its trail in a few requests, not one per fix. Answers the batch and the actions it empties.
 */
export function headBatch(pending: readonly DayAction[]): { batch: PositionsAction; taken: PositionsAction[] } | null {
  const first = pending[0];
  if (first?.kind !== 'positions') return null;
  const taken: PositionsAction[] = [];
  let fixes: PositionFix[] = [];
  for (const action of pending) {
    if (action.kind !== 'positions' || action.run !== first.run || action.date !== first.date) break;
    if (fixes.length + action.fixes.length > MAX_FIXES_PER_REQUEST && taken.length > 0) break;
    taken.push(action);
    fixes = [...fixes, ...action.fixes];
  }
  return { batch: { ...first, fixes }, taken };
}

/** Where the waiting actions are kept (IndexedDB on the phone: action-store.ts), oldest first. */
export interface ActionStore {
  list(userId: string): Promise<DayAction[]>;
  add(action: DayAction): Promise<void>;
  remove(id: string): Promise<void>;
}

/** An action the server refused (409, 404...): dropped from the queue and shown to the driver. */
export interface RefusedAction {
  action: DayAction;
  error: unknown;
}

export type SendAction = (action: DayAction) => Promise<unknown>;

export interface FlushResult {
  sent: DayAction[];
  refused: RefusedAction[];
  /** Still waiting: the connection failed (or the server could not answer) on the first of them. */
  waiting: number;
  /** What stopped the round early (no connection, the session ended...), if anything did. */
  stoppedBy?: unknown;
}

/**
 * The queue of one driver's actions. `flush` sends them one at a time, oldest first: an answer
 * removes the action; a refusal removes it too and reports it (sending it again would be refused
 * again); anything else (no connection, a timeout, the server unavailable) stops the round and
 * keeps that action and every later one for the next round, in order. One round runs at a time.
 */
export class DayQueue {
  private pending: DayAction[] = [];
  private listeners = new Set<() => void>();
  private round: Promise<FlushResult> | null = null;
  private again = false;
  /** The action being sent right now: no longer the phone's alone to drop. */
  private sending = new Set<string>();

  /**
   * `received`: told of each action the server received, before it leaves the waiting list, so
   * that the screen never shows a moment without it (between the two, a tap on End would see a
   * child just dropped as still on the bus).
   */
  constructor(
    private readonly store: ActionStore,
    private readonly send: SendAction,
    private readonly userId: string,
    private readonly received: (action: DayAction) => void = () => {},
  ) {}

  /** Reads what an earlier visit left waiting on the phone. */
  async load(): Promise<void> {
    this.pending = await this.store.list(this.userId);
    this.changed();
  }

  /** The actions not yet received by the server, oldest first (for the screen: shown at once, counted as waiting). */
  waiting(): readonly DayAction[] {
    return this.pending;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores the action on the phone first: it survives a reload or a closed app before it is sent. */
  async add(action: DayAction): Promise<void> {
    await this.store.add(action);
    this.pending = [...this.pending, action];
    this.changed();
  }

  /**
   * Drops an action not yet sent (a mark undone before it left the phone): true when it was still
   * waiting; false when it is being sent or already arrived, and only the server can undo it.
   */
  async remove(id: string): Promise<boolean> {
    if (this.sending.has(id) || !this.pending.some((action) => action.id === id)) return false;
    this.pending = this.pending.filter((action) => action.id !== id);
    await this.store.remove(id);
    this.changed();
    return true;
  }

  /** Sends what is waiting; a call during a round waits for it and then runs one more, for what was added meanwhile. */
  flush(): Promise<FlushResult> {
    if (this.round) {
      this.again = true;
      return this.round;
    }
    this.round = this.sendAll().finally(() => {
      this.round = null;
    });
    return this.round.then(async (result) => {
      if (!this.again) return result;
      this.again = false;
      const next = await this.flush();
      return { sent: [...result.sent, ...next.sent], refused: [...result.refused, ...next.refused], waiting: next.waiting, stoppedBy: next.stoppedBy };
    });
  }

  private async sendAll(): Promise<FlushResult> {
    const sent: DayAction[] = [];
    const refused: RefusedAction[] = [];
    let stoppedBy: unknown;
    for (;;) {
      const head = this.pending[0];
      if (!head) break;
      const positions = headBatch(this.pending);
      const action = positions?.batch ?? head;
      const taken: DayAction[] = positions?.taken ?? [head];
      for (const each of taken) this.sending.add(each.id);
      try {
        await this.send(action);
        sent.push(...taken);
        for (const each of taken) this.received(each);
      } catch (error) {
        if (!isRefusal(error)) {
          stoppedBy = error;
          for (const each of taken) this.sending.delete(each.id);
          break;
        }
        refused.push({ action, error });
      }
      for (const done of taken) {
        await this.store.remove(done.id);
        this.sending.delete(done.id);
      }
      const removed = new Set(taken.map((done) => done.id));
      this.pending = this.pending.filter((waiting) => !removed.has(waiting.id));
      this.changed();
    }
    return { sent, refused, waiting: this.pending.length, ...(stoppedBy === undefined ? {} : { stoppedBy }) };
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
