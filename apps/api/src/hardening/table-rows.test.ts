import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@school-transport/db/testing';
import { changedRows, rowCounts, tableRows } from './table-rows.js';

/** The snapshot the bad-input suites compare: it must see a change that leaves every count as it was. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database.close());

describe('tableRows', () => {
  it('sees one column of one row changed, which row counts miss', async () => {
    const { db } = database;
    const area = await db.insertInto('areas').values({ name: 'Snapshot Area', price: '30.00' }).returning('id').executeTakeFirstOrThrow();
    const before = await tableRows(db);
    await db.updateTable('areas').set({ price: '30.01' }).where('id', '=', area.id).execute();
    const after = await tableRows(db);
    expect(rowCounts(after)).toEqual(rowCounts(before));
    const changes = changedRows(before, after);
    expect(Object.keys(changes)).toEqual(['areas']);
    expect(changes.areas!.before.map((row) => JSON.parse(row) as { price: number })).toMatchObject([{ id: area.id, price: 30 }]);
    expect(changes.areas!.after.map((row) => JSON.parse(row) as { price: number })).toMatchObject([{ id: area.id, price: 30.01 }]);
  });

  it('covers every table but the sessions, and keeps rows in primary-key order', async () => {
    const { db } = database;
    const tables = await sql<{ tablename: string }>`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`.execute(db);
    const rows = await tableRows(db);
    expect(Object.keys(rows).sort()).toEqual(
      tables.rows
        .map(({ tablename }) => tablename)
        .filter((name) => name !== 'sessions')
        .sort(),
    );
    await db
      .insertInto('sessions')
      .values({ sid: 'snapshot-session', sess: JSON.stringify({ cookie: {} }), expire: new Date(Date.now() + 60_000) })
      .execute();
    expect(changedRows(rows, await tableRows(db))).toEqual({});
    const ids = rows.areas!.map((row) => (JSON.parse(row) as { id: string }).id);
    expect(ids).toEqual([...ids].sort());
  });
});
