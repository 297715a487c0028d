import { EventEmitter } from 'node:events';
import { SESSION_CHANGES_CHANNEL, type DatabaseHandle, type StopListening } from '@school-transport/db';
import { LIVE_BUS_CHANNEL } from './channel.js';

/**
 * Tells the open live-bus pages of this process that a bus changed (it moved, a child was
 * marked, the run ended). Every server process LISTENs on the database's notice channel over a
 * connection of its own and hears every process's writes, its own included; the notice carries
 * the driver's id only, and each page reads what it may see afresh. On the embedded database the
 * notices stay inside the process. Without notices at all (a server built without them), a write
 * is announced to this process's pages directly.
 *
 * Session changes (a sign-out, a deactivated account) are heard too, so that an open page's
 * access is checked again before its next update.
 */
export class LiveBusHub {
  private readonly events = new EventEmitter();
  private hearing = false;
  private stops: StopListening[] = [];
  /** Bumped on every session change heard: a page whose check is older checks its session again. */
  sessionGeneration = 0;

  constructor() {
    // One listener per open page of a bus: thousands of families may follow buses at once.
    this.events.setMaxListeners(0);
  }

  /** Listens on the database's notices; `before` hears of each change before the pages do (the shared reads are dropped first). */
  async listen(
    listen: DatabaseHandle['listen'] | undefined,
    warn: (error: unknown) => void,
    before: { changed(driverId: string): void; resync(): void },
  ): Promise<void> {
    if (!listen) return;
    this.stops.push(
      await listen(LIVE_BUS_CHANNEL, {
        notice: (driverId) => {
          before.changed(driverId);
          this.events.emit(driverId);
        },
        listening: () => {
          this.hearing = true;
          // Notices may have been missed while not listening: every page reads afresh.
          before.resync();
          this.events.emit('*');
        },
        lost: (error) => {
          this.hearing = false;
          warn(error);
        },
      }),
      await listen(SESSION_CHANGES_CHANNEL, {
        notice: () => this.sessionGeneration++,
        listening: () => this.sessionGeneration++,
        lost: () => this.sessionGeneration++,
      }),
    );
  }

  /** After a write that changed a driver's bus: announced here only when this process hears no notices. */
  changed(driverId: string): void {
    if (!this.hearing) this.events.emit(driverId);
  }

  /**
   * Each change of the buses a page follows (or a resync of every bus), until the signal aborts.
   * Changes that come while the page is still reading the last one are one change: a page reads
   * the newest state, never a queue of old ones. Which drivers are followed is asked again after
   * each change (the office may hand the run to a substitute during the day; a child may go home
   * on another bus than the morning's).
   */
  async *changes(driversOf: () => readonly string[], signal: AbortSignal | undefined, rereadMs?: number): AsyncGenerator<void> {
    let pending = false;
    let wake: (() => void) | undefined;
    const notify = () => {
      pending = true;
      wake?.();
    };
    // With no change, still a change every so often: what depends on time alone moves on.
    const reread = rereadMs ? setInterval(notify, rereadMs) : undefined;
    let followed = new Set<string>();
    const follow = () => {
      const next = new Set(driversOf());
      for (const driverId of followed) if (!next.has(driverId)) this.events.off(driverId, notify);
      for (const driverId of next) if (!followed.has(driverId)) this.events.on(driverId, notify);
      followed = next;
    };
    const aborted = () => wake?.();
    signal?.addEventListener('abort', aborted);
    this.events.on('*', notify);
    follow();
    try {
      while (!signal?.aborted) {
        if (!pending) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        if (signal?.aborted) return;
        pending = false;
        yield;
        follow();
      }
    } finally {
      clearInterval(reread);
      signal?.removeEventListener('abort', aborted);
      this.events.off('*', notify);
      for (const driverId of followed) this.events.off(driverId, notify);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.stops.map((stop) => stop()));
    this.stops = [];
  }
}
