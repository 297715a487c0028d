import type { Context } from './context.js';

/**
 * Runs a step under a limit and, when the limit refuses it, tells the client when to try again
 * (Retry-After, in seconds) on the tRPC and the REST answer alike. The limits' refusals carry
 * `retryAfterSeconds` (domain/login-throttle.ts, domain/address-limits.ts).
 */
export async function withRetryAfter<T>(ctx: Pick<Context, 'res'>, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof Error && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
      void ctx.res.header('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}
