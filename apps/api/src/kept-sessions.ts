/**
 * The sessions this server process has read, kept a few seconds, so a signed-in request costs one
 * round trip to the database (its data) instead of two (the session and its user, then its data).
 *
 * Fresh where it matters: a kept session is only used while this process is listening for the
 * database's notices of session changes (the triggers of migration
 * 2026-11-25T0900-session-change-notices: any change to a session, a user or a driver row, made by
 * any process). Each notice forgets every kept session, and so does every write through this
 * server (trpc/init.ts), before its answer goes out. A change made elsewhere applies here when its
 * notice arrives, milliseconds after the change commits: a request in between still sees the
 * session as it was (a sign-out on another process, for instance). While the notices are not
 * coming (the listening connection was lost), nothing is kept and every request reads its session.
 *
 * A read that was under way when something was forgotten is not kept: it may have seen the row
 * from before the change (`since`).
 */
export const KEPT_SESSION_TTL_MS = 10_000;
const MAX_KEPT_SESSIONS = 10_000;

export class KeptSessions<T> {
  private readonly kept = new Map<string, { value: T; until: number }>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly ttlMs = KEPT_SESSION_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The notices are coming (again): what is read from now on may be kept. */
  noticesComing(): void {
    this.forgetAll();
    this.listening = true;
  }

  /** The notices may be missed: nothing is kept until they come again. */
  noticesLost(): void {
    this.listening = false;
    this.forgetAll();
  }

  forgetAll(): void {
    this.generation++;
    this.kept.clear();
  }

  forget(sid: string): void {
    this.generation++;
    this.kept.delete(sid);
  }

  get(sid: string): T | undefined {
    if (!this.listening) return undefined;
    const hit = this.kept.get(sid);
    if (!hit) return undefined;
    if (hit.until > this.now()) return hit.value;
    this.kept.delete(sid);
    return undefined;
  }

  /** Taken before a read; the read's result is kept only if nothing was forgotten since. */
  mark(): number {
    return this.generation;
  }

  keep(sid: string, value: T, expiresAt: Date, since: number): void {
    if (!this.listening || since !== this.generation) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    if (this.kept.size >= MAX_KEPT_SESSIONS) this.kept.clear();
    this.kept.set(sid, { value, until });
  }
}
