import { SERVER_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';

const WINDOW_MS = 10 * 60 * 1000;
const MAX_FAILURES = 10;

/**
 * Slows down password guessing: after 10 failed sign-ins for one account from one address within
 * 10 minutes, further tries answer 429 until the window passes. Kept in memory per process, which
 * bounds guessing per process; a success clears the count.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  assertAllowed(key: string): void {
    const entry = this.failures.get(key);
    if (entry && entry.resetAt > this.now() && entry.count >= MAX_FAILURES) {
      throw new AppError('TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyAttempts);
    }
  }

  recordFailure(key: string): void {
    const now = this.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) {
      this.failures.set(key, { count: 1, resetAt: now + WINDOW_MS });
      if (this.failures.size > 10_000) this.prune(now);
    } else {
      entry.count += 1;
    }
  }

  recordSuccess(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
