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
 */
export const ANSWER_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 500;

interface Entry {
  answer: Promise<unknown>;
  until: number;
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
    if (hit && hit.until > now) return hit.answer as Promise<T>;
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
}
