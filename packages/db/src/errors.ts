/** PostgreSQL's unique_violation, as both pg and PGlite report it; `constraint` names the key. */
export function isUniqueViolation(error: unknown): error is { code: '23505'; constraint?: string; detail?: string } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
