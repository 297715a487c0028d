/**
 * The sessions this server process has read, cached a few seconds, so a signed-in request costs one
 * round trip to the database (its data) instead of two (the session and its user, then its data).
 * What it is worth: docs/performance.md.
 *
 * Fresh where it matters: a cached session is only used while this process is listening for the
 * database's notices of session changes (the triggers of migration
 * 2026-11-25T0900-session-change-notices: any change to a session, a user or a driver row, made by
 * any process). Each notice clears the cache, and so does every write through this server
 * (trpc/init.ts), before its answer goes out. A change made elsewhere applies here when its notice
 * arrives, milliseconds after the change commits: a request in between still sees the session as
 * it was (a sign-out on another process, for instance). While the notices are not coming (the
 * listening connection was lost), nothing is cached and every request reads its session.
 *
 * A read that was under way when the cache was cleared is not cached: it may have seen the row from
 * before the change (`since`).
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();
  private generation = 0;
  private listening = false;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The notices are coming (again): what is read from now on may be cached. */
  noticesComing(): void {
    this.clear();
    this.listening = true;
  }

  /** The notices may be missed: nothing is cached until they come again. */
  noticesLost(): void {
    this.listening = false;
    this.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  delete(sid: string): void {
    this.generation++;
    this.entries.delete(sid);
  }

  get(sid: string): T | undefined {
    if (!this.listening) return undefined;
    const hit = this.entries.get(sid);
    if (!hit) return undefined;
    if (hit.until > this.now()) return hit.value;
    this.entries.delete(sid);
    return undefined;
  }

  /** Taken before a read; the read's result is cached only if nothing was cleared since. */
  mark(): number {
    return this.generation;
  }

  set(sid: string, value: T, expiresAt: Date, since: number): void {
    if (!this.listening || since !== this.generation) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sid, { value, until });
  }
}
