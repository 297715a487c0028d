import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileOnce } from './compile-once.js';
import { createTestDatabase, type TestDatabase } from './testing.js';
import type { Database } from './schema.js';
import type { Kysely } from 'kysely';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db
    .insertInto('schools')
    .values([
      { schoolCode: 'ONCE-A', name: 'Once A' },
      { schoolCode: 'ONCE-B', name: 'Once B' },
    ])
    .execute();
});
afterAll(() => database.close());

const schoolsByCode = (db: Kysely<Database>, code: string, name: string) =>
  db.selectFrom('schools').select(['schoolCode', 'name']).where('schoolCode', '=', code).where('name', '=', name).where('active', '=', true);

describe('compileOnce', () => {
  it('answers each call with its own values, from SQL compiled once', async () => {
    const query = compileOnce(schoolsByCode);
    const first = query(database.db, 'ONCE-A', 'Once A');
    const second = query(database.db, 'ONCE-B', 'Once B');
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual(['ONCE-B', 'Once B', true]);
    expect((await database.db.executeQuery(first)).rows).toEqual([{ schoolCode: 'ONCE-A', name: 'Once A' }]);
    expect((await database.db.executeQuery(second)).rows).toEqual([{ schoolCode: 'ONCE-B', name: 'Once B' }]);
    expect((await database.db.executeQuery(query(database.db, 'ONCE-A', 'Once B'))).rows).toEqual([]);
  });

  it('refuses a builder whose SQL does not take an argument as it was given', () => {
    const changed = compileOnce((db: Kysely<Database>, code: string) => db.selectFrom('schools').select('id').where('schoolCode', '=', code.toUpperCase()));
    expect(() => changed(database.db, 'once-a')).toThrow(/argument 1/);
    const unused = compileOnce((db: Kysely<Database>, _code: string) => db.selectFrom('schools').select('id'));
    expect(() => unused(database.db, 'ONCE-A')).toThrow(/argument 1/);
  });
});
