import { createTestDatabase, type TestDatabase } from '@school-transport/db/testing';
import type { Kysely } from 'kysely';
import type { Database, DatabaseHandle } from '@school-transport/db';
import { createServer, type AppServer, type ServerOptions } from '../server.js';

export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-32-characters';

/** A real server on a free port over a fresh test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export interface TestServer {
  server: AppServer;
  url: string;
  db: Kysely<Database>;
  database: TestDatabase;
  /** A browser-like client that keeps the session cookie. */
  client(): HttpClient;
  /** A client signed in to the account (by email for the office and families, by phone for drivers); throws if the sign-in is refused. */
  signIn(account: { email: string; password: string } | { phone: string; password: string }): Promise<HttpClient>;
  /** Starts another server on the same database, as another process would. */
  startAnother(options?: Partial<ServerOptions>): Promise<{ server: AppServer; url: string }>;
  close(): Promise<void>;
}

export async function startTestServer(options: Partial<ServerOptions> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const extra: AppServer[] = [];
  const make = async ({ db, listen }: DatabaseHandle, more: Partial<ServerOptions> = {}) => {
    const server = await createServer({
      db,
      listen,
      busNotices: listen,
      sessionSecret: TEST_SESSION_SECRET,
      cookieSecure: false,
      logLevel: 'silent',
      ...options,
      ...more,
    });
    const url = await server.start(0, '127.0.0.1');
    return { server, url };
  };
  const { server, url } = await make(database);
  return {
    server,
    url,
    db: database.db,
    database,
    client: () => new HttpClient(url),
    async signIn(account) {
      const client = new HttpClient(url);
      const response =
        'email' in account
          ? await client.post('/api/auth/login', { email: account.email, password: account.password })
          : await client.post('/api/driver/login', { phone: account.phone, password: account.password });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}: ${JSON.stringify(response.body)}`);
      return client;
    },
    async startAnother(more) {
      const other = await database.openAnother();
      const started = await make(other, more);
      extra.push(started.server);
      return started;
    },
    async close() {
      await Promise.all(extra.map((s) => s.stop()));
      await server.stop();
      await database.close();
    },
  };
}

/**
 * True once `check` passes, false if it has not within 5 s. For what another process hears of
 * through the database's notices (session-cache.ts): it arrives within milliseconds, not before
 * the writer's answer.
 */
export async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return true;
    await new Promise((done) => setTimeout(done, 50));
  }
  return false;
}

export interface HttpResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** fetch with a cookie jar of one cookie (the session), aimed at one server or another. */
export class HttpClient {
  cookie: string | undefined;
  constructor(public baseUrl: string) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...extraHeaders };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.cookie) headers.cookie = this.cookie;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0]!;
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: a page.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}) {
    return this.request<T>('GET', path, undefined, headers);
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}, headers: Record<string, string> = {}) {
    return this.request<T>('POST', path, body, headers);
  }

  put<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('PUT', path, body);
  }
}
