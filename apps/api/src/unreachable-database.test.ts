import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '@school-transport/db';
import { createServer, type AppServer } from './server.js';
import { TEST_SESSION_SECRET } from './test/harness.js';

/** A server whose database cannot be reached: health says so, and other answers carry no internals. */
let database: DatabaseHandle;
let server: AppServer;
let url: string;
beforeAll(async () => {
  database = await createDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
  server = await createServer({ db: database.db, sessionSecret: TEST_SESSION_SECRET, cookieSecure: false, logLevel: 'silent' });
  url = await server.start();
});
afterAll(async () => {
  await server.stop();
  await database.close();
});

describe('when the database is unreachable', () => {
  it('GET /api/health answers 503', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'The database is not reachable' });
  });

  it('other paths answer 500 with a plain message and no stack', async () => {
    const response = await fetch(`${url}/api/meta`);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Something went wrong. Please try again.' });
  });
});
