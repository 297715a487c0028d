import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '@school-transport/db/testing';
import { eventually, startTestServer, type HttpClient, type TestServer } from './test/harness.js';
import { createDriver, createParent } from './test/factories.js';

/**
 * The server caches the sessions it has read (session-cache.ts) and the database tells it when one
 * changes. What a user would notice: a change made anywhere (another process, an operator's SQL)
 * applies as soon as its notice arrives (milliseconds, hence `eventually`); while the server
 * cannot hear of changes it reads every session.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const nameSeen = async (client: HttpClient) => (await client.get<{ user: { name: string } }>('/api/auth/user')).body.user.name;

/** Changes a user's name straight in the database with its notice switched off: only a re-read shows it. */
async function renameUnannounced(userId: string, name: string): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`ALTER TABLE users DISABLE TRIGGER users_changed`.execute(trx);
    await trx.updateTable('users').set({ name }).where('id', '=', userId).execute();
    await sql`ALTER TABLE users ENABLE TRIGGER users_changed`.execute(trx);
  });
}

describe('sessions cached by the server', () => {
  it('are cached: a change the database does not announce is not seen until the session is read again', async () => {
    const parent = await createParent(t.db);
    const client = await t.signIn(parent);
    expect(await nameSeen(client)).toBe('Test Parent');
    await renameUnannounced(parent.id, 'Renamed Quietly');
    expect(await nameSeen(client)).toBe('Test Parent');
    // Any write through the server clears the cache.
    expect((await client.post('/api/auth/logout', {})).status).toBe(200);
    const again = await t.signIn(parent);
    expect(await nameSeen(again)).toBe('Renamed Quietly');
  });

  it('an account deactivated straight in the database is signed out at the next request', async () => {
    const parent = await createParent(t.db);
    const client = await t.signIn(parent);
    expect((await client.get('/api/parent/students')).status).toBe(200);
    await t.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', parent.id).execute();
    expect(await eventually(async () => (await client.get('/api/parent/students')).status === 401)).toBe(true);
    // And at once, not a while later: the notice came with the change.
    expect((await client.get('/api/parent/students')).status).toBe(401);
  });

  it('a driver deactivated in the drivers table, or a session deleted by hand, stops at the next request', async () => {
    const driver = await createDriver(t.db);
    const client = t.client();
    expect((await client.post('/api/driver/login', { phone: driver.phone, password: driver.password })).status).toBe(200);
    expect((await client.get('/api/driver/students')).status).toBe(200);
    await t.db.updateTable('drivers').set({ status: 'inactive' }).where('id', '=', driver.driverId).execute();
    expect(await eventually(async () => (await client.get('/api/driver/students')).status === 401)).toBe(true);

    const parent = await createParent(t.db);
    const other = await t.signIn(parent);
    expect((await other.get('/api/parent/students')).status).toBe(200);
    await t.db.deleteFrom('sessions').where(sql<boolean>`sess->>'userId' = ${parent.id}`).execute();
    expect(await eventually(async () => (await other.get('/api/parent/students')).status === 401)).toBe(true);
  });

  it('are changed by another server process on the same database: the change applies on this one', async () => {
    const parent = await createParent(t.db);
    const other = await t.startAnother();
    const client = await t.signIn(parent);
    expect(await nameSeen(client)).toBe('Test Parent');
    // The same cookie, through the other process: the language is a write to the user's row.
    client.baseUrl = other.url;
    expect((await client.post('/trpc/auth.setLanguage', { language: 'ar' })).status).toBe(200);
    client.baseUrl = t.url;
    expect(await eventually(async () => (await client.get<{ user: { language: string } }>('/api/auth/user')).body.user.language === 'ar')).toBe(true);
  });

  it('are not cleared when someone signs in on another process: a sign-in changes no other session', async () => {
    const parent = await createParent(t.db);
    const someoneElse = await createParent(t.db);
    const other = await t.startAnother();
    const client = await t.signIn(parent);
    expect(await nameSeen(client)).toBe('Test Parent');
    await renameUnannounced(parent.id, 'Renamed Quietly');
    const elsewhere = t.client();
    elsewhere.baseUrl = other.url;
    expect((await elsewhere.post('/api/auth/login', { email: someoneElse.email, password: someoneElse.password })).status).toBe(200);
    // A notice would arrive within milliseconds (the tests above); none comes, so this process
    // still answers from its cache.
    await new Promise((done) => setTimeout(done, 300));
    expect(await nameSeen(client)).toBe('Test Parent');
  });

  it.skipIf(testEngine() !== 'postgres')('are all read afresh while the server does not hear of changes, and cached again once it does', async () => {
    const parent = await createParent(t.db);
    const client = await t.signIn(parent);
    expect(await nameSeen(client)).toBe('Test Parent');
    // The listening connection is cut, as a database restart or a network fault would.
    const cut = await sql<{ cut: boolean }>`
      SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity
      WHERE datname = current_database() AND query ILIKE 'LISTEN%'`.execute(t.db);
    expect(cut.rows.length).toBeGreaterThan(0);
    await new Promise((done) => setTimeout(done, 200));
    await renameUnannounced(parent.id, 'Read Afresh');
    expect(await nameSeen(client)).toBe('Read Afresh');
    // Listening again within seconds: sessions are cached again.
    expect(
      await eventually(async () => {
        const listening = await sql<{
          n: string;
        }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`.execute(t.db);
        return Number(listening.rows[0]!.n) > 0;
      }),
    ).toBe(true);
    // Once the process knows it hears again (a moment after the LISTEN, longer on a busy machine),
    // a session read is cached: a rename nobody announces is then no longer seen.
    let renames = 0;
    expect(
      await eventually(async () => {
        const before = await nameSeen(client);
        await renameUnannounced(parent.id, `Cached Again ${++renames}`);
        return (await nameSeen(client)) === before;
      }),
    ).toBe(true);
  });
});
