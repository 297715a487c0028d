import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator } from 'kysely';
import type { DatabaseHandle } from './client.js';
import { isMigrated, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';
import { seedEssentials } from './seed/essentials.js';
import { TERMS_V1, TERMS_V1_AR } from './seed/terms-v1.js';
import { createTestDatabase, testEngine, type TestDatabase } from './testing.js';

describe(`migrations on ${testEngine()}, from an empty database`, () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase({ migrated: false });
  });
  afterAll(() => handle.close());

  it('runs every migration, then rolls all of them back and forward again', async () => {
    expect(await isMigrated(handle.db)).toBe(false);
    const result = await migrateToLatest(handle.db);
    expect(result.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => 'Success'));
    expect(await isMigrated(handle.db)).toBe(true);

    const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(await isMigrated(handle.db)).toBe(false);
    await migrateToLatest(handle.db);
    expect(await isMigrated(handle.db)).toBe(true);
  });
});

describe(`schema behaviour on ${testEngine()}`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.close());

  it('holds the active terms version 1 and one empty row per company setting', async () => {
    const terms = await test.db.selectFrom('terms').selectAll().execute();
    expect(terms).toHaveLength(1);
    expect(terms[0]).toMatchObject({ version: 1, active: true });
    expect(terms[0]!.content).toContain('3 minutes');
    expect(terms[0]!.contentAr).toBe(TERMS_V1_AR);
    const settings = await test.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
    expect(settings.map((row) => row.key)).toContain('supportPhone1');
    expect(settings.every((row) => row.value === '')).toBe(true);
    await seedEssentials(test.db);
    expect(await test.db.selectFrom('terms').select('id').execute()).toHaveLength(1);
  });

  it('gives version 1 its Arabic text where it lacks one, only while its English is still the seeded text', async () => {
    const version1 = () => test.db.selectFrom('terms').select(['content', 'contentAr']).where('version', '=', 1).executeTakeFirstOrThrow();
    // A database seeded before the terms had an Arabic text.
    await test.db.updateTable('terms').set({ contentAr: null }).where('version', '=', 1).execute();
    await seedEssentials(test.db);
    expect(await version1()).toEqual({ content: TERMS_V1, contentAr: TERMS_V1_AR });
    // An office that changed version 1's English: the translation of the seeded text would be wrong.
    await test.db
      .updateTable('terms')
      .set({ content: `${TERMS_V1}\n9. Changed by the office.`, contentAr: null })
      .where('version', '=', 1)
      .execute();
    await seedEssentials(test.db);
    expect((await version1()).contentAr).toBeNull();
    await test.db.updateTable('terms').set({ content: TERMS_V1, contentAr: TERMS_V1_AR }).where('version', '=', 1).execute();
  });

  it('allocates readable area ids and keeps money exact', async () => {
    const first = await test.db
      .insertInto('areas')
      .values({ name: 'Seef', price: '30.50', roundaboutCount: 0 })
      .returning(['id', 'price'])
      .executeTakeFirstOrThrow();
    const second = await test.db.insertInto('areas').values({ name: 'Hidd', roundaboutCount: 22 }).returning(['id', 'price']).executeTakeFirstOrThrow();
    expect(first.id).toMatch(/^area-\d{3}$/);
    expect(Number(second.id.slice(5))).toBe(Number(first.id.slice(5)) + 1);
    expect(first.price).toBe('30.50');
    expect(second.price).toBe('25.00');
  });

  it('refuses a second area of the same name in other letter case', async () => {
    await test.db.insertInto('areas').values({ name: 'Budaiya', roundaboutCount: 0 }).execute();
    await expect(test.db.insertInto('areas').values({ name: 'BUDAIYA', roundaboutCount: 0 }).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it('allows only one active terms version', async () => {
    await expect(test.db.insertInto('terms').values({ version: 2, content: 'x', active: true }).execute()).rejects.toMatchObject({ code: '23505' });
  });
});
