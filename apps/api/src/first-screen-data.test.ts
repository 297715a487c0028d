import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type HttpClient, type TestServer } from './test/harness.js';
import { createArea, createDriver, createParent, createSchool, createStudent } from './test/factories.js';

/** A built web app's index.html and route list, as apps/web's build writes them for the guarded pages. */
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body><div id="root"></div></body></html>';
const ROUTES = {
  '/parent': {
    scripts: ['/assets/ParentDashboard.page-Ab12.js'],
    styles: [],
    roles: ['parent'],
    firstScreen: ['parent.students', 'parent.modificationRequests', 'parent.absences.list', 'parent.schoolDayMessages'],
  },
  '/driver': {
    scripts: ['/assets/DriverDashboard.page-Cd34.js'],
    styles: [],
    roles: ['driver'],
    firstScreen: ['driver.me', 'driver.students', 'public.settings'],
  },
  // A list naming a mutation (edited by hand, a typo) must not run it on a page view.
  '/parent-logout-trap': { scripts: [], styles: [], roles: ['parent'], firstScreen: ['auth.logout', 'parent.students'] },
};

/** A student's last name that would end a script element and run code if it were written into the page as it is. */
const HOSTILE_NAME = '</script><script>alert(1)</script><!--';

let t: TestServer;
let parent: HttpClient;
let otherParent: HttpClient;
let driver: HttpClient;
let ownStudentId: string;
let otherStudentId: string;

beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(webDist, '.vite'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, '.vite', 'route-preloads.json'), JSON.stringify(ROUTES));
  t = await startTestServer({ webDist });
  const school = await createSchool(t.db);
  const area = await createArea(t.db);
  const own = await createParent(t.db);
  const other = await createParent(t.db);
  ownStudentId = (await createStudent(t.db, { schoolId: school.id, areaId: area.id, parentId: own.parentId, firstName: 'Maryam', lastName: HOSTILE_NAME })).id;
  otherStudentId = (await createStudent(t.db, { schoolId: school.id, areaId: area.id, parentId: other.parentId, firstName: 'Yousif', lastName: 'Other' })).id;
  const driverAccount = await createDriver(t.db);
  [parent, otherParent, driver] = await Promise.all([t.signIn(own), t.signIn(other), t.signIn(driverAccount)]);
});
afterAll(() => t.close());

/** The answers in a page's JSON block, or undefined when it has none. */
function firstScreenOf(html: string): Record<string, unknown> | undefined {
  const block = /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(html);
  return block ? (JSON.parse(block[1]!) as { answers: Record<string, unknown> }).answers : undefined;
}

describe("a guarded page's first screen in its HTML", () => {
  it("the parent's dashboard carries the parent's session and own students, as the API answers them", async () => {
    const page = await parent.get<string>('/parent');
    expect(page.status).toBe(200);
    const answers = firstScreenOf(page.body);
    expect(answers?.['auth.user']).toMatchObject({ user: { role: 'parent' } });
    const fromApi = await parent.get<{ students: unknown[] }>('/api/parent/students');
    expect(answers?.['parent.students']).toEqual(fromApi.body);
    expect(JSON.stringify(answers)).toContain(ownStudentId);
    expect(Object.keys(answers ?? {}).sort()).toEqual([
      'auth.user',
      'parent.absences.list',
      'parent.modificationRequests',
      'parent.schoolDayMessages',
      'parent.students',
    ]);
  });

  it("no other family's student is in a parent's page", async () => {
    const page = await parent.get<string>('/parent');
    expect(page.body).not.toContain(otherStudentId);
    expect(page.body).not.toContain('Yousif');
    const others = await otherParent.get<string>('/parent');
    expect(others.body).toContain(otherStudentId);
    expect(others.body).not.toContain(ownStudentId);
  });

  it('a name with markup cannot end the block: no "<" is written, and the name reads back whole', async () => {
    const page = await parent.get<string>('/parent');
    const block = /id="first-screen-data">(.*?)<\/script>/s.exec(page.body)![1]!;
    expect(block).not.toContain('<');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(JSON.stringify(firstScreenOf(page.body))).toContain(JSON.stringify(HOSTILE_NAME).slice(1, -1));
  });

  it('no cache may keep the page, which varies with the session', async () => {
    const page = await parent.get<string>('/parent');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(page.headers.get('vary')).toMatch(/Cookie/);
    // The page's code is still named for the browser to fetch in parallel.
    expect(page.headers.get('link')).toContain('</assets/ParentDashboard.page-Ab12.js>; rel=modulepreload');
  });

  it("the driver's page carries the driver's own card and list", async () => {
    const page = await driver.get<string>('/driver');
    const answers = firstScreenOf(page.body);
    expect(answers?.['auth.user']).toMatchObject({ user: { role: 'driver' } });
    const me = await driver.get<{ driver: unknown }>('/api/driver/me');
    expect(me.status).toBe(200);
    expect(answers?.['driver.me']).toEqual(me.body);
    expect(answers).toHaveProperty(['driver.students']);
    expect(answers).toHaveProperty(['public.settings']);
  });

  it('signed out, or signed in with another role, the page holds nothing of anyone', async () => {
    const signedOut = await t.client().get<string>('/parent');
    expect(signedOut.status).toBe(200);
    expect(firstScreenOf(signedOut.body)).toBeUndefined();
    expect(signedOut.body).toBe(INDEX);
    const driverOnParentPage = await driver.get<string>('/parent');
    expect(firstScreenOf(driverOnParentPage.body)).toBeUndefined();
    const parentOnDriverPage = await parent.get<string>('/driver');
    expect(firstScreenOf(parentOnDriverPage.body)).toBeUndefined();
  });

  it('a mutation named in the list is not run: the session survives the page view', async () => {
    const page = await parent.get<string>('/parent-logout-trap');
    const answers = firstScreenOf(page.body);
    expect(answers).not.toHaveProperty(['auth.logout']);
    expect(answers).toHaveProperty(['parent.students']);
    const session = await parent.get<{ user: unknown }>('/api/auth/user');
    expect(session.status).toBe(200);
  });
});
