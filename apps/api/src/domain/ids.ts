const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Schools, students, drivers and terms versions have uuid ids. Text that cannot be one names none
 * of them, and must not reach a uuid column, where PostgreSQL would fail on the cast (a 500).
 */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
