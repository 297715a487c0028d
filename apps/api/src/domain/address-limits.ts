import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { addressKey } from './login-throttle.js';

/**
 * What is counted per client address and hour: a registration and a reset cost an argon2
 * computation (and a reset a text); a pay link's request may ask Tap for a charge; an unknown
 * tracker identifier is a guess at one.
 */
export type AddressAction = 'registration' | 'password_reset' | 'pay_link' | 'unknown_tracker';

/** The hour's limit of each action from one address; 0 (or absent) counts nothing. */
export type AddressLimits = Partial<Record<AddressAction, number>>;

/** The window the limits count in, as an SQL interval. */
const WINDOW = sql`interval '1 hour'`;

/** A refused request: 429, and how many seconds until the hour that refused it has passed. */
export class TooManyFromAddress extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_REQUESTS', SERVER_MESSAGES.tooManyFromAddress);
  }
}

/**
 * Registrations and forgotten-password requests per client address (IPv6 by /64, as the sign-in
 * limits count), in the database so that every server process shares them: beyond the hour's limit
 * (REGISTRATIONS_PER_ADDRESS_PER_HOUR, PASSWORD_RESETS_PER_ADDRESS_PER_HOUR), 429 until the hour
 * that started with the address's first request has passed. Generous, because families share a
 * carrier's addresses; it stops one machine making an argon2 hash (and a text) per request.
 * The caller counts a request once it has passed the checks that refuse it as invalid, just
 * before the hashing, so that a mistyped form does not use up a family's hour.
 */
export class AddressRequestLimits {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: AddressLimits,
  ) {}

  /** Counts one request of the action from the address, by an upsert whose row lock gives parallel requests one count each. */
  async count(action: AddressAction, address: string): Promise<void> {
    const limit = this.limits[action] ?? 0;
    if (limit <= 0) return;
    const { rows } = await sql<{ requests: number; retryAfter: number }>`
      INSERT INTO address_requests AS current (action, address, requests, window_started_at)
      VALUES (${action}, ${addressKey(address)}, 1, now())
      ON CONFLICT (action, address) DO UPDATE SET
        requests = CASE WHEN current.window_started_at > now() - ${WINDOW} THEN current.requests + 1 ELSE 1 END,
        window_started_at = CASE WHEN current.window_started_at > now() - ${WINDOW} THEN current.window_started_at ELSE now() END
      RETURNING requests, ceil(extract(epoch FROM window_started_at + ${WINDOW} - now()))::integer AS retry_after`.execute(this.db);
    const counted = rows[0]!;
    // A new window is the moment to delete the rows whose hour has passed, through the index.
    if (counted.requests === 1) await sql`DELETE FROM address_requests WHERE window_started_at <= now() - ${WINDOW}`.execute(this.db);
    if (counted.requests > limit) throw new TooManyFromAddress(Math.max(1, counted.retryAfter));
  }
}
