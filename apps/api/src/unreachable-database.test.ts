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
  server = await createServer({ db: database.db, listen: database.listen, sessionSecret: TEST_SESSION_SECRET, cookieSecure: false, logLevel: 'silent' });
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

  it('other paths answer 503 within a second with a plain message and no stack', async () => {
    const started = Date.now();
    const response = await fetch(`${url}/api/meta`);
    expect(response.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await response.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.', code: 'server.unavailable' });
  });

  it('tRPC calls answer 503 too', async () => {
    const response = await fetch(`${url}/trpc/public.meta`);
    expect(response.status).toBe(503);
    expect(JSON.stringify(await response.json())).toContain('The service is briefly unavailable');
  });
});
