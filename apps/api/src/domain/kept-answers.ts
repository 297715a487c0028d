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
 *
 * Asked again ahead of time: in the second half of its TTL_MS, the first request for a kept answer
 * sets its renewal going and is answered from what is kept, so under steady use nobody waits for a
 * count. (When a kept total simply ran out, every request of that moment waited for the new count:
 * at 100,000 students, with 50 office connections searching, the count took up to a second under
 * that load and the slowest 1 % of searches took a second.) No answer is older than TTL_MS.
 */
export const KEPT_ANSWER_TTL_MS = 5_000;
const MAX_KEPT = 500;

interface Kept {
  answer: Promise<unknown>;
  until: number;
  /** Its renewal is under way. */
  renewing?: boolean;
}

export class KeptAnswers {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly ttlMs = KEPT_ANSWER_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer kept under `key`, or `load`'s (then kept). Callers must not change what they get. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.kept.get(key);
    if (hit && hit.until > now) {
      if (!hit.renewing && hit.until - now <= this.ttlMs / 2) this.renew(key, hit, load, now);
      return hit.answer as Promise<T>;
    }
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

  /**
   * Asks `key` again while its kept answer is still given out; the new answer takes its place when
   * it comes, unless a write made the server forget the old one meanwhile (the new one may have
   * been read before that write). A failed renewal leaves the old answer until it runs out.
   */
  private renew(key: string, hit: Kept, load: () => Promise<unknown>, now: number): void {
    hit.renewing = true;
    const answer = load();
    answer.then(
      () => {
        if (this.kept.get(key) === hit) this.kept.set(key, { answer, until: now + this.ttlMs });
      },
      () => {
        hit.renewing = false;
      },
    );
  }
}
