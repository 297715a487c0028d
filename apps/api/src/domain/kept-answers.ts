/**
 * Answers the server keeps for a few seconds instead of asking the database again: the students
 * list's totals (a count over every match: about 10 ms at 100,000 students, a search's 30 ms,
 * while the page itself takes 2 ms), the Analytics tab's statistics (aggregates over every
 * student, the same for every admin) and the registration form's schools and areas (public, asked
 * on every visit, changed a few times a year). Each is computed once for all the requests that ask
 * at the same moment, and kept for TTL_MS.
 *
 * Fresh where it matters: every write through this server (any tRPC mutation, and the daily fee
 * job) forgets them all (trpc/init.ts, server.ts), so whoever changes something sees it at once.
 * A write made by another server process on the same database shows within TTL_MS. Only answers
 * that are the same for every caller are kept here, never anyone's own data.
 */
export const KEPT_ANSWER_TTL_MS = 5_000;
const MAX_KEPT = 500;

export class KeptAnswers {
  private readonly kept = new Map<string, { answer: Promise<unknown>; until: number }>();

  constructor(
    private readonly ttlMs = KEPT_ANSWER_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer kept under `key`, or `load`'s (then kept). Callers must not change what they get. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.answer as Promise<T>;
    const answer = load();
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    this.kept.set(key, { answer, until: now + this.ttlMs });
    // A failed answer is not kept. (One that a write overtook is gone already: forget() cleared it.)
    answer.catch(() => {
      if (this.kept.get(key)?.answer === answer) this.kept.delete(key);
    });
    return answer;
  }

  /** After a write: everything is asked afresh. */
  forget(): void {
    this.kept.clear();
  }
}
