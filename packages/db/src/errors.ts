/** PostgreSQL's unique_violation, as both pg and PGlite report it; `constraint` names the key. */
export function isUniqueViolation(error: unknown): error is { code: '23505'; constraint?: string; detail?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * The database cannot be reached right now: the server is down, restarting or refusing
 * connections, or a connection broke. Such requests answer 503 (try again), not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Connection refused or reset; PostgreSQL's class 08 (connection exception) and 57P01-03 (shutting down, starting up).
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)) return true;
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(message);
}
