/**
 * Answers the server caches for a few seconds instead of asking the database again: the students
 * list's totals (a count over every match, while the page itself reads 50 rows), the Analytics tab's
 * statistics (aggregates over every student, the same for every admin) and the registration form's
 * schools and areas (public, asked on every visit, changed a few times a year). Each is computed
 * once for all the requests that ask at the same moment, and cached for TTL_MS. What it is worth:
 * docs/performance.md.
 *
 * Fresh where it matters: every write through this server (any tRPC mutation, and the daily fee
 * job) clears it (trpc/init.ts, server.ts), so whoever changes something sees it at once. A write
 * made by another server process on the same database shows within TTL_MS. Only answers that are
 * the same for every caller are cached here, never anyone's own data.
 *
 * Refreshed ahead of time: in the second half of its TTL_MS, the first request for a cached answer
 * sets its refresh going and is answered from the cache, so under steady use nobody waits for a
 * count (when an answer simply expired, every request of that moment waited for the new count).
 * No answer is older than TTL_MS.
 */
export const ANSWER_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 500;

interface Entry {
  answer: Promise<unknown>;
  until: number;
  /** Its refresh is under way. */
  refreshing?: boolean;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = ANSWER_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer cached under `key`, or `load`'s (then cached). Callers must not change what they get. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) {
      if (!hit.refreshing && hit.until - now <= this.ttlMs / 2) this.refresh(key, hit, load, now);
      return hit.answer as Promise<T>;
    }
    const answer = load();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { answer, until: now + this.ttlMs });
    // A failed answer is not cached. (One that a write overtook is gone already: clear() removed it.)
    answer.catch(() => {
      if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
    });
    return answer;
  }

  /** After a write: everything is asked afresh. */
  clear(): void {
    this.entries.clear();
  }

  /**
   * Asks `key` again while its cached answer is still given out; the new answer takes its place when
   * it comes, unless a write cleared the cache meanwhile (the new one may have been read before
   * that write). A failed refresh leaves the old answer until it expires.
   */
  private refresh(key: string, hit: Entry, load: () => Promise<unknown>, now: number): void {
    hit.refreshing = true;
    const answer = load();
    answer.then(
      () => {
        if (this.entries.get(key) === hit) this.entries.set(key, { answer, until: now + this.ttlMs });
      },
      () => {
        hit.refreshing = false;
      },
    );
  }
}
