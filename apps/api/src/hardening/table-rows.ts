import { sql, type Kysely } from 'kysely';
import type { Database } from '@school-transport/db';

/**
 * Every row of every table, each as its JSON text (all columns), ordered by primary key: what a
 * refused request must leave exactly as it was. Comparing counts alone would miss an UPDATE that a
 * failed request forgot to roll back (a price changed, a fee waived, a proof decided).
 *
 * Left out: the sessions table only. Its rows are the signed-in callers' own sessions, which any
 * request may write (a sign-in, the rolling expiry); nothing the product keeps lives there. No
 * other column changes on a read, so every other table is compared whole, including the tables
 * added after this was written: the list is read from the catalog (once per database handle).
 */
export type TableRows = Record<string, string[]>;

const LEFT_OUT = ['sessions'];

interface TableKey {
  table: string;
  /** The primary key's columns in key order; empty when the table has none. */
  key: string[];
}

const keysOf = new WeakMap<Kysely<Database>, Promise<TableKey[]>>();

function tablesWithKeys(db: Kysely<Database>): Promise<TableKey[]> {
  let tables = keysOf.get(db);
  if (!tables) keysOf.set(db, (tables = readTablesWithKeys(db)));
  return tables;
}

async function readTablesWithKeys(db: Kysely<Database>): Promise<TableKey[]> {
  const { rows } = await sql<{ table: string; key: string[] | null }>`
    SELECT c.relname AS "table",
           (SELECT array_agg(a.attname::text ORDER BY k.ord)
              FROM pg_index i
              CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
             WHERE i.indrelid = c.oid AND i.indisprimary) AS "key"
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relname = ANY(${LEFT_OUT})
     ORDER BY c.relname`.execute(db);
  return rows.map(({ table, key }) => ({ table, key: key ?? [] }));
}

/** One round trip: every table's rows as JSON text, keyed by the table's name as PostgreSQL spells it. */
export async function tableRows(db: Kysely<Database>): Promise<TableRows> {
  const tables = await tablesWithKeys(db);
  // A table without a primary key is ordered by its whole row, which is as stable.
  const order = ({ key }: TableKey) => (key.length > 0 ? sql.join(key.map((column) => sql`t.${sql.id(column)}`)) : sql`to_jsonb(t)::text`);
  const { rows } = await sql<{ name: string; rows: string }>`${sql.join(
    tables.map(
      (table) =>
        sql`SELECT ${sql.lit(table.table)}::text AS name, (SELECT coalesce(json_agg(to_jsonb(t)::text ORDER BY ${order(table)}), '[]'::json) FROM ${sql.id(table.table)} AS t)::text AS rows`,
    ),
    sql` UNION ALL `,
  )}`.execute(db);
  // Read as text and parsed here, so that no driver or plugin renames or converts anything inside.
  return Object.fromEntries(rows.map(({ name, rows: list }) => [name, JSON.parse(list) as string[]]));
}

/**
 * What differs between two snapshots, by table: the rows only before (removed, or a changed row's
 * old version) and only after (added, or its new version). Empty when nothing changed.
 */
export function changedRows(before: TableRows, after: TableRows): Record<string, { before: string[]; after: string[] }> {
  const changes: Record<string, { before: string[]; after: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[table] ?? [];
    const now = after[table] ?? [];
    if (old.length === now.length && old.every((row, index) => row === now[index])) continue;
    const oldSet = new Set(old);
    const nowSet = new Set(now);
    changes[table] = { before: old.filter((row) => !nowSet.has(row)), after: now.filter((row) => !oldSet.has(row)) };
  }
  return changes;
}

/** How many rows each table holds (a success's rows are counted from the same snapshot). */
export function rowCounts(rows: TableRows): Record<string, number> {
  return Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.length]));
}
