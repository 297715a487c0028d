import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES, type AdminStudent, type DriverToday, type RunStops, type ServiceType } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { redirectTo, startMapLinksStandIn, type MapLinksStandIn } from '../../test/map-links-stand-in.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStaff, createStudent, firstPlannedRunId } from '../../test/factories.js';
import { SetClock } from '../clock.js';

/**
 * Routes over HTTP: each run's stops in order (siblings at one address share a stop, a new child
 * joins at the end, a child who leaves and returns finds their place), who may order them, and
 * where each stop is (the office's pin, the driver's phone, the parent's link, a short link followed).
 */
const clock = new SetClock(new Date('2026-12-01T05:00:00+03:00'));

let t: TestServer;
let mapLinks: MapLinksStandIn;
let asAdmin: HttpClient;
let asStaff: HttpClient;
let asA: HttpClient;
let asB: HttpClient;
let driverA: Awaited<ReturnType<typeof createDriver>>;
let driverB: Awaited<ReturnType<typeof createDriver>>;
let staffName: string;
let school: { id: string };
let area: { id: string };
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

interface Home {
  block: string;
  road: string;
  house: string;
  link?: string | null;
}

/** A child of a family of their own on the driver's list, living at `home`. */
async function student(firstName: string, driverId: string, home: Home, serviceType: ServiceType = 'BOTH'): Promise<string> {
  const parent = await createParent(t.db);
  const row = await createStudent(t.db, {
    schoolId: school.id,
    areaId: area.id,
    parentId: parent.parentId,
    driverId,
    firstName,
    serviceType,
    address: `Block ${home.block}, Road ${home.road}, House ${home.house}`,
    houseBuilding: home.house,
    road: home.road,
    block: home.block,
    locationLink: home.link ?? null,
  });
  return row.id;
}

const stopsPath = (driverId: string, run = 'morning') => `/api/admin/drivers/${driverId}/runs/${run}/stops`;
const readStops = async (client: HttpClient, driverId: string, run = 'morning') => {
  const response = await client.get<RunStops>(stopsPath(driverId, run));
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const names = (answer: RunStops) => answer.stops.map((stop) => stop.students.map((each) => each.firstName).join('+'));
const order = (client: HttpClient, driverId: string, run: string, stopIds: string[]) =>
  client.put<RunStops & { message?: string }>(`${stopsPath(driverId, run)}/order`, { stopIds });

const LONG_LINK = 'https://www.google.com/maps/place/Home/@26.2235,50.5876,17z/data=!3m1';
/** Google's short-link hosts as the tests' stand-in plays them: each path a case of the rules. */
const SHORT_LINK_ANSWERS: Record<string, (res: ServerResponse) => void> = {
  'maps.app.goo.gl/Home': redirectTo(LONG_LINK),
  'maps.app.goo.gl/TwoHops': redirectTo('https://goo.gl/maps/Second', 301),
  'goo.gl/maps/Second': redirectTo('https://maps.google.com/?q=26.3,50.55'),
  'maps.app.goo.gl/Loop': redirectTo('https://maps.app.goo.gl/Loop'),
  'maps.app.goo.gl/Metadata': redirectTo('http://169.254.169.254/latest/meta-data/?q=26.1,50.1'),
  'maps.app.goo.gl/Loopback': redirectTo('https://127.0.0.1/maps?q=26.1,50.1'),
  'maps.app.goo.gl/PlainHttp': redirectTo('http://www.google.com/maps?q=26.1,50.1'),
  'maps.app.goo.gl/Elsewhere': redirectTo('https://maps.example.com/maps?q=26.1,50.1'),
  'maps.app.goo.gl/OtherPort': redirectTo('https://www.google.com:8443/maps?q=26.1,50.1'),
  'maps.app.goo.gl/PlaceName': redirectTo('https://www.google.com/maps/place/City+Centre'),
  // Headers, then a body that never ends: only the headers are read.
  'maps.app.goo.gl/Endless': (res) => {
    res.writeHead(302, { location: LONG_LINK, 'content-type': 'text/html' });
    const drip = setInterval(() => res.write('x'.repeat(64 * 1024)), 5);
    res.on('close', () => clearInterval(drip));
  },
  // Never answers: the server gives up after five seconds.
  'maps.app.goo.gl/Silent': () => undefined,
};

beforeAll(async () => {
  mapLinks = await startMapLinksStandIn(SHORT_LINK_ANSWERS);
  t = await startTestServer({ clock, shortLinks: mapLinks.settings });
  asAdmin = await t.signIn(await createAdmin(t.db));
  const staff = await createStaff(t.db, 'test-staff-pass', 'Maryam Staff');
  staffName = staff.name;
  asStaff = await t.signIn(staff);
  driverA = await createDriver(t.db);
  driverB = await createDriver(t.db);
  await t.db.updateTable('drivers').set({ vehicleSeats: 24 }).where('id', '=', driverA.driverId).execute();
  asA = await t.signIn(driverA);
  asB = await t.signIn(driverB);
  school = await createSchool(t.db);
  area = await createArea(t.db);
});
afterAll(async () => {
  await t.close();
  await mapLinks.close();
});

describe("a run's stops", () => {
  let amal: string;
  let badr: string;
  let sibling: string;
  beforeAll(async () => {
    amal = await student('Amal', driverA.driverId, { block: '901', road: '12', house: '7' });
    // A sibling at the same house, the address typed another way: one stop.
    sibling = await student('Aya', driverA.driverId, { block: 'Block 0901', road: 'Road 12', house: 'House 7' });
    badr = await student('Badr', driverA.driverId, { block: '905', road: '3', house: '40' });
    await student('Dana', driverA.driverId, { block: '930', road: '1', house: '2' });
  });

  it('group siblings at one address into one stop, numbered from 1, with the seats and riders', async () => {
    const answer = await readStops(asAdmin, driverA.driverId);
    expect(names(answer)).toEqual(['Amal+Aya', 'Badr', 'Dana']);
    expect(answer.stops.map((stop) => stop.position)).toEqual([1, 2, 3]);
    expect(answer.stops[0]).toMatchObject({ address: 'Block 901, Road 12, House 7', location: null });
    expect(answer.stops[0]!.students.map((each) => each.id).sort()).toEqual([amal, sibling].sort());
    expect(answer).toMatchObject({ seats: 24, riders: 4, orderedBy: null });
  });

  it('keep the order the office gives, audited with who gave it, and a new child joins at the end', async () => {
    const before = await readStops(asStaff, driverA.driverId);
    const [first, second, third] = before.stops.map((stop) => stop.id);
    const saved = await order(asStaff, driverA.driverId, 'morning', [third!, first!, second!]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(names(saved.body)).toEqual(['Dana', 'Amal+Aya', 'Badr']);
    expect(saved.body.orderedBy?.name).toBe(staffName);

    await student('Hind', driverA.driverId, { block: '950', road: '9', house: '1' });
    expect(names(await readStops(asAdmin, driverA.driverId))).toEqual(['Dana', 'Amal+Aya', 'Badr', 'Hind']);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['action', 'diff'])
      .where('entityType', '=', 'route')
      .where('entityId', '=', driverA.driverId)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'reorder', diff: expect.objectContaining({ run: 'morning', by: 'office' }) })]);
  });

  it("keep a child's place when they leave the run and come back", async () => {
    const removed = await asAdmin.request('DELETE', `/api/admin/students/${badr}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(names(await readStops(asAdmin, driverA.driverId))).toEqual(['Dana', 'Amal+Aya', 'Hind']);
    // The office reorders while Badr is away; the unseen stop keeps its slot among the others.
    const now = await readStops(asAdmin, driverA.driverId);
    expect((await order(asAdmin, driverA.driverId, 'morning', [now.stops[1]!.id, now.stops[0]!.id, now.stops[2]!.id])).status).toBe(200);
    const restored = await asAdmin.post(`/api/admin/students/${badr}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(names(await readStops(asAdmin, driverA.driverId))).toEqual(['Amal+Aya', 'Dana', 'Badr', 'Hind']);
  });

  it('refuse a stale, partial or repeated order, and leave the order as it was (409)', async () => {
    const read = await readStops(asAdmin, driverA.driverId);
    const ids = read.stops.map((stop) => stop.id);
    const partial = await order(asAdmin, driverA.driverId, 'morning', ids.slice(1));
    expect(partial.status).toBe(409);
    expect(partial.body.message).toBe(ROUTE_MESSAGES.stopsChanged);
    expect((await order(asAdmin, driverA.driverId, 'morning', [ids[0]!, ...ids.slice(0, -1)])).status).toBe(409);
    // Read before a child joined: the new stop is missing from the list.
    await student('Iman', driverA.driverId, { block: '960', road: '2', house: '5' });
    const stale = await order(asAdmin, driverA.driverId, 'morning', [...ids].reverse());
    expect(stale.status).toBe(409);
    expect(names(await readStops(asAdmin, driverA.driverId))).toEqual(['Amal+Aya', 'Dana', 'Badr', 'Hind', 'Iman']);
  });

  it("follow the morning's order reversed in the afternoon until the afternoon is ordered itself", async () => {
    const morning = names(await readStops(asAdmin, driverA.driverId));
    expect(names(await readStops(asAdmin, driverA.driverId, 'afternoon'))).toEqual([...morning].reverse());
  });

  it("let the driver reorder their own run, audited as the driver's, and list their children in that order", async () => {
    const before = await readStops(asAdmin, driverA.driverId, 'afternoon');
    const ids = before.stops.map((stop) => stop.id);
    const mine = await asA.put<RunStops>('/api/driver/runs/afternoon/stops/order', { stopIds: [ids[1]!, ids[0]!, ...ids.slice(2)] });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    const expected = [before.stops[1]!, before.stops[0]!, ...before.stops.slice(2)].map((stop) => stop.students.map((each) => each.firstName).join('+'));
    expect(names(mine.body)).toEqual(expected);
    expect(mine.body.orderedBy?.name).toBe('Test Driver');
    // The morning is not changed by the afternoon's own order.
    expect(names(await readStops(asAdmin, driverA.driverId))).toEqual(['Amal+Aya', 'Dana', 'Badr', 'Hind', 'Iman']);

    const today = (await asA.get<DriverToday>('/api/driver/runs/today')).body;
    const run = today.runs.find((each) => each.run === 'afternoon')!;
    expect(run.students.map((each) => `${each.stop.number} ${each.firstName}`)).toEqual(
      expected.flatMap((group, index) => group.split('+').map((name) => `${index + 1} ${name}`)),
    );
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['actorUserId', 'diff'])
      .where('entityType', '=', 'route')
      .where('action', '=', 'reorder')
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorUserId: driverA.id, diff: { run: 'afternoon', by: 'driver' } });
  });

  it("keep a driver away from another driver's stops", async () => {
    expect((await asB.get(stopsPath(driverA.driverId))).status).toBe(403);
    expect((await asB.put(`${stopsPath(driverA.driverId)}/order`, { stopIds: [] })).status).toBe(403);
    const aStops = (await readStops(asAdmin, driverA.driverId)).stops.map((stop) => stop.id);
    // Driver B naming driver A's stops as their own run's: not their run's stops.
    const refused = await asB.put<{ message: string }>('/api/driver/runs/morning/stops/order', { stopIds: aStops });
    expect(refused.status).toBe(409);
    // Driver B's own run has no stops: the empty order is exactly it.
    const empty = await asB.put<RunStops>('/api/driver/runs/morning/stops/order', { stopIds: [] });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.stops).toEqual([]);
    expect(names(await readStops(asAdmin, driverA.driverId))).toEqual(['Amal+Aya', 'Dana', 'Badr', 'Hind', 'Iman']);
  });
});

describe('where a stop is', () => {
  let driver: Awaited<ReturnType<typeof createDriver>>;
  let asDriver: HttpClient;
  let learnedChild: string;
  let runIds: Record<'morning' | 'afternoon', string>;
  beforeAll(async () => {
    driver = await createDriver(t.db);
    asDriver = await t.signIn(driver);
    learnedChild = await student('Lulu', driver.driverId, { block: '1001', road: '1', house: '1', link: 'https://www.google.com/maps?q=26.1,50.1' });
    await student('Maha', driver.driverId, { block: '1002', road: '1', house: '1', link: 'https://maps.app.goo.gl/Short' });
    await student('Nour', driver.driverId, { block: '1003', road: '1', house: '1', link: 'https://www.google.com/maps/place/Home/@26.2235,50.5876,17z' });
    await student('Omar', driver.driverId, { block: '1004', road: '1', house: '1', link: 'https://maps.apple.com/?ll=26.15,50.45&q=Home' });
    const made = await t.db
      .insertInto('schoolRuns')
      .values([
        { plannedRunId: await firstPlannedRunId(t.db, driver.driverId, 'morning'), driverId: driver.driverId, date: '2026-11-30', run: 'morning' },
        { plannedRunId: await firstPlannedRunId(t.db, driver.driverId, 'afternoon'), driverId: driver.driverId, date: '2026-11-30', run: 'afternoon' },
      ])
      .returning(['id', 'run'])
      .execute();
    runIds = { morning: made.find((row) => row.run === 'morning')!.id, afternoon: made.find((row) => row.run === 'afternoon')!.id };
  });

  const fix = (run: 'morning' | 'afternoon', event: string, minute: number, lat: number, lng: number, accuracy: number) =>
    t.db
      .insertInto('runMarks')
      .values({
        runId: runIds[run],
        studentId: learnedChild,
        event: event as 'boarded',
        at: new Date(Date.UTC(2026, 10, 30, 3, minute)),
        clientId: unique('fix'),
        position: JSON.stringify({ lat, lng, accuracy }),
      })
      .execute();

  it("reads the parent's Google or Apple Maps link until anything better is known", async () => {
    const answer = await readStops(asAdmin, driver.driverId);
    expect(answer.stops.map((stop) => stop.location)).toEqual([
      { lat: 26.1, lng: 50.1, source: 'link' },
      null,
      { lat: 26.2235, lng: 50.5876, source: 'link' },
      { lat: 26.15, lng: 50.45, source: 'link' },
    ]);
  });

  it("learns the stop from the driver's phone: the median of the latest five fixes better than 50 m at home", async () => {
    // An old fix, pushed out by five newer ones; a poor fix (80 m) far off; a boarding at school in the afternoon: none counts.
    await fix('morning', 'boarded', 0, 10, 10, 5);
    await fix('morning', 'boarded', 1, 26.2001, 50.5001, 10);
    await fix('afternoon', 'dropped', 2, 26.2003, 50.5003, 12);
    await fix('morning', 'boarded', 3, 26.2002, 50.5002, 8);
    await fix('morning', 'boarded', 4, 27.9, 51.9, 80);
    await fix('afternoon', 'boarded', 5, 28.0, 52.0, 5);
    await fix('morning', 'boarded', 6, 26.2005, 50.5005, 20);
    await fix('afternoon', 'dropped', 7, 26.2004, 50.5004, 49);
    const answer = await readStops(asAdmin, driver.driverId);
    expect(answer.stops[0]!.location).toEqual({ lat: 26.2003, lng: 50.5003, source: 'learned' });
  });

  it("puts the office's pin above both, and the learned position back when the pin is removed", async () => {
    const stopId = (await readStops(asStaff, driver.driverId)).stops[0]!.id;
    const pinned = await asStaff.put<RunStops>(`${stopsPath(driver.driverId)}/${stopId}/location`, { lat: 26.3, lng: 50.6 });
    expect(pinned.status, JSON.stringify(pinned.body)).toBe(200);
    expect(pinned.body.stops[0]!.location).toEqual({ lat: 26.3, lng: 50.6, source: 'set' });
    // The pin is the address's: the afternoon's stop there shows it too.
    expect((await readStops(asAdmin, driver.driverId, 'afternoon')).stops.find((stop) => stop.students[0]!.id === learnedChild)!.location).toMatchObject({
      source: 'set',
    });
    expect((await asStaff.put(`${stopsPath(driver.driverId)}/${stopId}/location`, { lat: 91, lng: 50.6 })).status).toBe(400);
    expect((await asDriver.put(`${stopsPath(driver.driverId)}/${stopId}/location`, { lat: 26, lng: 50 })).status).toBe(403);
    expect((await asStaff.put(`${stopsPath(driver.driverId)}/${crypto.randomUUID()}/location`, { lat: 26, lng: 50 })).status).toBe(404);
    const cleared = await asStaff.request<RunStops>('DELETE', `${stopsPath(driver.driverId)}/${stopId}/location`);
    expect(cleared.status).toBe(200);
    expect(cleared.body.stops[0]!.location).toMatchObject({ source: 'learned' });
    const audit = await t.db
      .selectFrom('auditLogs')
      .select('action')
      .where('entityType', '=', 'route')
      .where('entityId', '=', driver.driverId)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['pin', 'unpin']);
  });
});

describe('short map links', () => {
  let driver: Awaited<ReturnType<typeof createDriver>>;
  let studentId: string;
  beforeAll(async () => {
    driver = await createDriver(t.db);
    studentId = await student('Reem', driver.driverId, { block: '2001', road: '1', house: '1' });
  });

  /** The office's Edit Student form with `locationLink`, as the dialog sends it. */
  async function saveLink(locationLink: string) {
    const { student: s } = (await asAdmin.get<{ student: AdminStudent }>(`/api/admin/students/${studentId}`)).body;
    return asAdmin.put<{ student: AdminStudent; message?: string; issues?: Record<string, string> }>(`/api/admin/students/${studentId}`, {
      firstName: s.firstName,
      fathersName: s.fathersName,
      lastName: s.lastName,
      grade: s.grade,
      studentSchoolId: s.studentSchoolId,
      schoolId: s.schoolId,
      areaId: s.areaId,
      serviceType: s.serviceType,
      contactNumber1: s.contactNumber1,
      address: s.address,
      houseBuilding: s.houseBuilding,
      road: s.road,
      block: s.block,
      priceBhd: s.priceBhd,
      paymentStatus: s.paymentStatus,
      locationLink,
    });
  }
  const storedLink = async () => (await t.db.selectFrom('students').select('locationLink').where('id', '=', studentId).executeTakeFirstOrThrow()).locationLink;

  it("follows a WhatsApp short link to Google Maps and reads the stop's position from where it leads", async () => {
    const saved = await saveLink('https://maps.app.goo.gl/Home');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.student.locationLink).toBe(LONG_LINK);
    const stop = (await readStops(asAdmin, driver.driverId)).stops.find((each) => each.students[0]!.id === studentId)!;
    expect(stop.location).toEqual({ lat: 26.2235, lng: 50.5876, source: 'link' });
    // The edit's audit row holds the link as stored.
    const audit = await t.db
      .selectFrom('auditLogs')
      .select('diff')
      .where('entityType', '=', 'student')
      .where('entityId', '=', studentId)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.diff)).toContain('@26.2235,50.5876');

    // goo.gl/maps links, over two hops, and a pasted http:// link is asked for over HTTPS.
    mapLinks.requests.length = 0;
    const twoHops = await saveLink('http://goo.gl/maps/Second');
    expect(twoHops.status, JSON.stringify(twoHops.body)).toBe(200);
    expect(twoHops.body.student.locationLink).toBe('https://maps.google.com/?q=26.3,50.55');
    expect(mapLinks.requests).toEqual(['goo.gl/maps/Second']);
    const again = await saveLink('https://maps.app.goo.gl/TwoHops');
    expect(again.body.student.locationLink).toBe('https://maps.google.com/?q=26.3,50.55');
  });

  it('gives the Routes tab the position of a pasted short link to pin, and refuses one that leads nowhere, for the office only', async () => {
    const linked = await asAdmin.post<{ result: { data: { position: { lat: number; lng: number } } } }>('/trpc/admin.routes.linkPosition', {
      link: 'https://maps.app.goo.gl/Home',
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.result.data.position).toEqual({ lat: 26.2235, lng: 50.5876 });
    const refused = await asAdmin.post<{ error: { message: string } }>('/trpc/admin.routes.linkPosition', { link: 'https://maps.app.goo.gl/PlaceName' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(ROUTE_MESSAGES.shortLinkUnresolved);
    const asDriver = await t.signIn(driver);
    expect((await asDriver.post('/trpc/admin.routes.linkPosition', { link: 'https://maps.app.goo.gl/Home' })).status).toBe(403);
  });

  it('fetches nothing for a link that is not a Google Maps short link', async () => {
    mapLinks.requests.length = 0;
    for (const link of [
      'https://goo.gl/abcdef',
      'https://www.google.com/maps?q=26.1,50.1',
      'https://maps.apple.com/?ll=26.15,50.45',
      'http://127.0.0.1:5432/maps.app.goo.gl/Home',
    ]) {
      const saved = await saveLink(link);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.student.locationLink).toBe(link);
    }
    expect(mapLinks.requests).toEqual([]);
  });

  it('refuses, with a clear 400 and nothing saved, a short link that leads anywhere but Google Maps over HTTPS, or nowhere', async () => {
    await saveLink('https://www.google.com/maps?q=26.1,50.1');
    for (const path of ['Metadata', 'Loopback', 'PlainHttp', 'Elsewhere', 'OtherPort', 'PlaceName', 'Missing']) {
      mapLinks.requests.length = 0;
      const refused = await saveLink(`https://maps.app.goo.gl/${path}`);
      expect(refused.status, path).toBe(400);
      expect(refused.body.message, path).toBe(ROUTE_MESSAGES.shortLinkUnresolved);
      expect(refused.body.issues, path).toEqual({ locationLink: ROUTE_MESSAGES.shortLinkUnresolved });
      expect(await storedLink(), path).toBe('https://www.google.com/maps?q=26.1,50.1');
      // Nothing but Google's hosts was ever asked for.
      expect(
        mapLinks.requests.every((asked) => /^(maps\.app\.goo\.gl|goo\.gl|www\.google\.com)\//.test(asked)),
        `${path}: ${mapLinks.requests.join(', ')}`,
      ).toBe(true);
    }
  });

  it('follows at most three hops, and never to a host whose address is private', async () => {
    mapLinks.requests.length = 0;
    expect((await saveLink('https://maps.app.goo.gl/Loop')).status).toBe(400);
    expect(mapLinks.requests).toEqual(['maps.app.goo.gl/Loop', 'maps.app.goo.gl/Loop', 'maps.app.goo.gl/Loop']);

    // A name of Google's that resolves into this network (a poisoned or rebound answer) is not asked.
    for (const address of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '::1', 'fd00::1', '::ffff:192.168.1.1']) {
      mapLinks.addresses.set('www.google.com', [address]);
      mapLinks.requests.length = 0;
      expect((await saveLink('https://maps.app.goo.gl/PlaceName')).status, address).toBe(400);
      expect(mapLinks.requests, address).toEqual(['maps.app.goo.gl/PlaceName']);
    }
    mapLinks.addresses.set('maps.app.goo.gl', ['192.168.0.10']);
    mapLinks.requests.length = 0;
    expect((await saveLink('https://maps.app.goo.gl/Home')).status).toBe(400);
    expect(mapLinks.requests).toEqual([]);
    mapLinks.addresses.clear();
  });

  it('reads headers only and gives up after five seconds', async () => {
    const endless = Date.now();
    const saved = await saveLink('https://maps.app.goo.gl/Endless');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.student.locationLink).toBe(LONG_LINK);
    expect(Date.now() - endless).toBeLessThan(2_000);

    const silent = Date.now();
    const refused = await saveLink('https://maps.app.goo.gl/Silent');
    const waited = Date.now() - silent;
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ROUTE_MESSAGES.shortLinkUnresolved);
    expect(waited).toBeGreaterThanOrEqual(4_900);
    expect(waited).toBeLessThan(7_000);
  }, 15_000);

  it('keeps an old short link already stored without following it again when other details change', async () => {
    await t.db.updateTable('students').set({ locationLink: 'https://maps.app.goo.gl/Missing' }).where('id', '=', studentId).execute();
    mapLinks.requests.length = 0;
    const saved = await saveLink('https://maps.app.goo.gl/Missing');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(mapLinks.requests).toEqual([]);
  });
});

describe('the map settings', () => {
  it("give the web OpenStreetMap's tiles by default and allow that origin's images and no other", async () => {
    const answer = await t.client().get<{ map: { tileUrl: string; attribution: string } }>('/api/map-settings');
    expect(answer.body.map.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(answer.body.map.attribution).toContain('OpenStreetMap');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src 'self' data: https:\/\/tile\.openstreetmap\.org(;|$)/);
  });
});
