import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, TRACKER_MESSAGES, type AdminDriver, type StudentBus } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool } from '../../test/factories.js';
import { createFamily, type Family } from '../../test/families.js';
import { SetClock } from '../clock.js';

/**
 * Positions from a real tracker, end to end over HTTP, on a clock set to a Bahrain morning
 * (Tuesday 1 December 2026): each format with the payloads the protocol documents show (Traccar's
 * OsmAnd page: query string, form, Traccar Client 9's JSON; its JSON position forwarding), the
 * units converted to the app's own (metres per second, percent), the identifiers, the secret,
 * the run's window, and which of tracker and phone is the bus's position.
 */
const bh = (time: string) => new Date(`2026-12-01T${time}+03:00`);
const iso = (time: string) => bh(time).toISOString();
const unix = (time: string) => Math.floor(bh(time).getTime() / 1000);
const clock = new SetClock(bh('05:50:00'));
const SECRET = 'forwarding-secret-of-the-tests';
const KNOT = 1852 / 3600;

let t: TestServer;
let asAdmin: HttpClient;
let asDriver: HttpClient;
let driverId: string;
let otherDriverId: string;
let family: Family;
const TRACKER = 'gk4m2xq8rz7tnb3vw9pc5hsd';
const OTHER_TRACKER = '865432101234567';

/** A raw request as a tracker sends it: no session, no Origin. */
async function send(method: string, path: string, init: { body?: string; type?: string; authorization?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.type) headers['content-type'] = init.type;
  if (init.authorization) headers.authorization = init.authorization;
  const response = await fetch(`${t.url}${path}`, { method, headers, body: init.body });
  const text = await response.text();
  return { status: response.status, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
const osmandQuery = (fields: Record<string, string | number>) =>
  send('GET', `/api/tracking/osmand?${new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)]))}`);
const osmandForm = (fields: Record<string, string | number>) =>
  send('POST', '/api/tracking/osmand', {
    type: 'application/x-www-form-urlencoded',
    body: new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
const traccarClient = (body: unknown) => send('POST', '/api/tracking/osmand', { type: 'application/json', body: JSON.stringify(body) });
const forward = (body: unknown, authorization: string | null = `Bearer ${SECRET}`) =>
  send('POST', '/api/tracking/traccar', { type: 'application/json', body: JSON.stringify(body), ...(authorization === null ? {} : { authorization }) });

/** Traccar Client 9's body, shaped as traccar.org/osmand shows it. */
const clientBody = (deviceId: string, time: string, lat: number, extra: { speed?: number; heading?: number; level?: number } = {}) => ({
  location: {
    timestamp: iso(time),
    coords: { latitude: lat, longitude: 50.5, accuracy: 6, speed: extra.speed ?? 4, heading: extra.heading ?? 180, altitude: 12 },
    is_moving: true,
    odometer: 1520,
    event: 'motionchange',
    battery: { level: extra.level ?? 0.85, is_charging: false },
    activity: { type: 'in_vehicle' },
    extras: {},
  },
  device_id: deviceId,
});

/** A position as Traccar forwards it with forward.type=json. */
const forwarded = (uniqueId: string, time: string, lat: number, extra: { valid?: boolean; speed?: number; protocol?: string } = {}) => ({
  position: {
    id: 12345,
    attributes: { batteryLevel: 64, distance: 15.4, totalDistance: 12500.5, motion: true },
    deviceId: 10,
    protocol: extra.protocol ?? 'gt06',
    serverTime: iso(time),
    deviceTime: iso(time),
    fixTime: iso(time),
    outdated: false,
    valid: extra.valid ?? true,
    latitude: lat,
    longitude: 50.5,
    altitude: 14,
    speed: extra.speed ?? 20,
    course: 270,
    address: null,
    accuracy: 0,
    network: null,
  },
  device: {
    id: 10,
    name: 'Bus 12',
    uniqueId,
    status: 'online',
    lastUpdate: iso(time),
    positionId: 12345,
    groupId: 0,
    phone: null,
    model: 'GT06',
    contact: null,
    category: 'bus',
    disabled: false,
  },
});

const latest = () => t.db.selectFrom('busPositions').selectAll().where('driverId', '=', driverId).executeTakeFirst();
const trail = async () =>
  (await t.db.selectFrom('runPositions').select(['lat', 'at', 'speed', 'heading', 'accuracy']).where('driverId', '=', driverId).orderBy('at').execute()).map(
    (row) => ({ ...row, at: row.at.toISOString() }),
  );

async function editDriver(id: string, vehicle: Record<string, unknown> | undefined) {
  const row = await t.db.selectFrom('drivers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return asAdmin.put<{ driver: AdminDriver; message?: string }>(`/api/admin/drivers/${id}`, {
    name: row.name,
    phone: row.phone,
    licenseNo: row.licenseNo,
    ...(vehicle ? { vehicle } : {}),
  });
}

beforeAll(async () => {
  t = await startTestServer({ clock, traccarForwardSecret: SECRET, addressLimits: { unknown_tracker: 5 } });
  asAdmin = await t.signIn(await createAdmin(t.db));
  const driver = await createDriver(t.db);
  driverId = driver.driverId;
  asDriver = await t.signIn(driver);
  otherDriverId = (await createDriver(t.db, 'driver-pass', 'Other Driver')).driverId;
  const school = await createSchool(t.db);
  const area = await createArea(t.db);
  family = await createFamily(t, {
    schoolId: school.id,
    areaId: area.id,
    firstName: 'Amal',
    driverId,
    address: 'Block 101, Road 2, House 3',
    block: '101',
    locationLink: 'https://maps.google.com/?q=26.05,50.5',
  });
});
afterAll(() => t.close());

describe("the vehicle's tracker on the driver's edit", () => {
  it('sets trackerId, keeps it when an edit leaves it out, and audits the change', async () => {
    const set = await editDriver(driverId, { plate: '12345', seats: 24, trackerId: TRACKER });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.driver.vehicle).toEqual({ plate: '12345', seats: 24, trackerId: TRACKER });
    const kept = await editDriver(driverId, { plate: '12345', seats: 24 });
    expect(kept.body.driver.vehicle.trackerId).toBe(TRACKER);
    const audit = await t.db
      .selectFrom('auditLogs')
      .select(['diff'])
      .where('entityType', '=', 'driver')
      .where('entityId', '=', driverId)
      .orderBy('createdAt', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.diff)).toContain(TRACKER);
    expect((await editDriver(otherDriverId, { trackerId: OTHER_TRACKER })).status).toBe(200);
  });

  it('refuses an identifier another bus has (409), so two buses cannot swap theirs, and one with spaces (400)', async () => {
    const taken = await editDriver(otherDriverId, { trackerId: TRACKER });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ message: ADMIN_MESSAGES.trackerIdTaken });
    const swapped = await editDriver(driverId, { plate: '12345', seats: 24, trackerId: OTHER_TRACKER });
    expect(swapped.status).toBe(409);
    const rows = await t.db.selectFrom('drivers').select(['id', 'vehicleTrackerId']).where('id', 'in', [driverId, otherDriverId]).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.vehicleTrackerId]))).toEqual({ [driverId]: TRACKER, [otherDriverId]: OTHER_TRACKER });
    const spaced = await editDriver(otherDriverId, { trackerId: 'has a space' });
    expect(spaced.status).toBe(400);
  });
});

describe('before the run starts', () => {
  it('answers a known tracker 200 and keeps nothing', async () => {
    const sent = await osmandQuery({ id: TRACKER, lat: 26.001, lon: 50.5, timestamp: unix('05:49:50') });
    expect(sent.status).toBe(200);
    expect(sent.text).toBe('');
    expect(await trail()).toEqual([]);
  });
});

describe('unknown identifiers', () => {
  it('answers 404 { message } to an unknown or missing id and keeps nothing', async () => {
    const unknown = await osmandQuery({ id: 'not-a-tracker-here', lat: 26.001, lon: 50.5 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(expect.objectContaining({ message: TRACKER_MESSAGES.unknownTracker }));
    expect((await osmandQuery({ lat: 26.001, lon: 50.5 })).status).toBe(404);
    expect((await traccarClient(clientBody('not-a-tracker-either', '05:50:00', 26))).status).toBe(404);
  });

  it('counts unknown ids per address (429 beyond the limit) and never a known one', async () => {
    // Three counted above; the limit is 5 an hour.
    expect((await osmandQuery({ id: 'guess-4', lat: 26, lon: 50.5 })).status).toBe(404);
    expect((await osmandQuery({ id: 'guess-5', lat: 26, lon: 50.5 })).status).toBe(404);
    const refused = await osmandQuery({ id: 'guess-6', lat: 26, lon: 50.5 });
    expect(refused.status).toBe(429);
    expect(refused.body).toHaveProperty('message');
    for (let i = 0; i < 3; i++) expect((await osmandQuery({ id: TRACKER, lat: 26, lon: 50.5, timestamp: unix('05:49:50') })).status).toBe(200);
    await t.db.deleteFrom('addressRequests').execute();
  });
});

describe('during the run', () => {
  beforeAll(async () => {
    clock.set(bh('06:00:00'));
    expect((await asDriver.post('/api/driver/runs/morning/start', {})).status).toBe(200);
  });

  it('takes the OsmAnd query string: knots to m/s, the battery in percent, the time from the fix', async () => {
    clock.set(bh('06:00:20'));
    const sent = await osmandQuery({
      id: TRACKER,
      timestamp: unix('06:00:10'),
      lat: 26.001,
      lon: 50.5,
      speed: 10,
      bearing: 90,
      altitude: 5,
      accuracy: 8,
      batt: 76,
    });
    expect(sent.status).toBe(200);
    expect(sent.text).toBe('');
    const now = await latest();
    expect(now).toMatchObject({ lat: 26.001, lng: 50.5, accuracy: 8, heading: 90, source: 'phone_app', battery: 76 });
    expect(now!.speed).toBeCloseTo(10 * KNOT, 3);
    expect(now!.at.toISOString()).toBe(iso('06:00:10'));
    // The family's map follows it.
    expect(((await family.parent.get<StudentBus>(`/api/parent/students/${family.studentId}/bus`)).body as { position?: unknown }).position).toEqual({
      lat: 26.001,
      lng: 50.5,
      at: iso('06:00:10'),
    });
  });

  it('takes the OsmAnd form (deviceid, an ISO time) and Traccar Client 9’s JSON (m/s as is, battery 0–1 as percent)', async () => {
    clock.set(bh('06:00:40'));
    expect((await osmandForm({ deviceid: TRACKER, timestamp: iso('06:00:30'), lat: 26.002, lon: 50.5, speed: 0, accuracy: 5 })).status).toBe(200);
    expect(await latest()).toMatchObject({ lat: 26.002, speed: 0, accuracy: 5, battery: null });
    clock.set(bh('06:01:00'));
    const sent = await traccarClient(clientBody(TRACKER, '06:00:50', 26.003, { speed: 4.5, heading: 181, level: 0.62 }));
    expect(sent.status).toBe(200);
    expect(sent.text).toBe('');
    expect(await latest()).toMatchObject({ lat: 26.003, speed: 4.5, heading: 181, battery: 62, accuracy: 6, source: 'phone_app' });
    expect((await trail()).map((row) => row.lat)).toEqual([26.001, 26.002, 26.003]);
  });

  it('answers 400 { message } to a known tracker whose fix the protocol does not describe', async () => {
    const bad = await osmandQuery({ id: TRACKER, lat: 'north', lon: 50.5 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(expect.objectContaining({ message: TRACKER_MESSAGES.positionInvalid }));
  });

  it("keeps nothing from before the run's window (a minute before Start)", async () => {
    expect((await osmandQuery({ id: TRACKER, timestamp: unix('05:58:30'), lat: 26.0005, lon: 50.5 })).status).toBe(200);
    expect((await trail()).map((row) => row.lat)).toEqual([26.001, 26.002, 26.003]);
  });
});

describe("Traccar's position forwarding", () => {
  it('answers 401 without the secret or with a wrong one, and 404 on a server where it is unset', async () => {
    const body = forwarded(TRACKER, '06:01:10', 26.004);
    const missing = await forward(body, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(expect.objectContaining({ message: TRACKER_MESSAGES.forwardingUnauthorized }));
    expect((await forward(body, `Bearer ${SECRET}x`)).status).toBe(401);
    expect((await forward(body, SECRET)).status).toBe(401);
    const other = await t.startAnother({ traccarForwardSecret: undefined });
    const off = await fetch(`${other.url}/api/tracking/traccar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify(body),
    });
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual(expect.objectContaining({ message: TRACKER_MESSAGES.forwardingOff }));
    expect((await trail()).map((row) => row.lat)).not.toContain(26.004);
  });

  it('answers 202 { accepted: 0 } to a device of no bus here and to a position marked invalid, keeping nothing', async () => {
    const unknown = await forward(forwarded('999999999999999', '06:01:10', 26.004));
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual({ accepted: 0 });
    clock.set(bh('06:01:20'));
    const invalid = await forward(forwarded(TRACKER, '06:01:10', 26.004, { valid: false }));
    expect(invalid.status).toBe(202);
    expect(invalid.body).toEqual({ accepted: 0 });
    expect((await trail()).map((row) => row.lat)).not.toContain(26.004);
  });

  it("keeps a forwarded position as the tracker's: knots to m/s, course as heading, batteryLevel, no accuracy taken as a satellite fix's", async () => {
    const sent = await forward(forwarded(TRACKER, '06:01:15', 26.0045, { speed: 20 }));
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ accepted: 1 });
    const now = await latest();
    expect(now).toMatchObject({ lat: 26.0045, heading: 270, battery: 64, source: 'tracker', accuracy: 20 });
    expect(now!.speed).toBeCloseTo(20 * KNOT, 3);
  });
});

describe('which position wins', () => {
  it("keeps the tracker's position while it reported in the last minute: the phone's fixes fill the trail but do not move the bus", async () => {
    clock.set(bh('06:01:40'));
    const phone = await asDriver.post<{ accepted: number }>('/api/driver/positions', {
      run: 'morning',
      fixes: [{ lat: 26.0047, lng: 50.5, accuracy: 10, at: iso('06:01:35') }],
    });
    expect(phone.status).toBe(202);
    expect(phone.body.accepted).toBe(1);
    expect(await latest()).toMatchObject({ lat: 26.0045, source: 'tracker' });
    expect((await trail()).map((row) => row.lat)).toContain(26.0047);
  });

  it('lets the phone take over once the tracker has been silent for a minute, and the tracker back when it reports', async () => {
    clock.set(bh('06:02:20'));
    const phone = await asDriver.post('/api/driver/positions', { run: 'morning', fixes: [{ lat: 26.005, lng: 50.5, accuracy: 10, at: iso('06:02:18') }] });
    expect(phone.status).toBe(202);
    expect(await latest()).toMatchObject({ lat: 26.005, source: 'browser', battery: null });
    clock.set(bh('06:02:30'));
    expect((await osmandQuery({ id: TRACKER, timestamp: unix('06:02:28'), lat: 26.0055, lon: 50.5, accuracy: 6 })).status).toBe(200);
    expect(await latest()).toMatchObject({ lat: 26.0055, source: 'phone_app' });
  });
});

describe('a deactivated bus', () => {
  it("ignores its tracker's fixes", async () => {
    await t.db.updateTable('drivers').set({ status: 'inactive' }).where('id', '=', driverId).execute();
    clock.set(bh('06:03:00'));
    expect((await osmandQuery({ id: TRACKER, timestamp: unix('06:02:55'), lat: 26.006, lon: 50.5 })).status).toBe(200);
    expect((await forward(forwarded(TRACKER, '06:02:56', 26.0061))).body).toEqual({ accepted: 0 });
    expect((await trail()).map((row) => row.lat)).not.toContain(26.006);
    await t.db.updateTable('drivers').set({ status: 'active' }).where('id', '=', driverId).execute();
  });
});

describe('a run handed to a substitute', () => {
  it("takes the substitute's vehicle's fixes, not the owner's", async () => {
    const handed = await asAdmin.put(`/api/admin/drivers/${driverId}/runs/afternoon/substitute`, { date: '2026-12-01', substituteDriverId: otherDriverId });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    const asSubstitute = await t.signIn({
      phone: (await t.db.selectFrom('drivers').select('phone').where('id', '=', otherDriverId).executeTakeFirstOrThrow()).phone,
      password: 'driver-pass',
    });
    clock.set(bh('13:00:00'));
    const started = await asSubstitute.post('/api/driver/runs/afternoon/start', {});
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    clock.set(bh('13:01:00'));
    expect((await osmandQuery({ id: OTHER_TRACKER, timestamp: unix('13:00:55'), lat: 26.1, lon: 50.5 })).status).toBe(200);
    // The owner's own vehicle's fix is not the afternoon run's (it goes to the morning run still open, if anywhere).
    expect((await osmandQuery({ id: TRACKER, timestamp: unix('13:00:56'), lat: 26.2, lon: 50.5 })).status).toBe(200);
    const afternoon = await t.db.selectFrom('runPositions').select(['driverId', 'lat']).where('run', '=', 'afternoon').execute();
    expect(afternoon).toEqual([{ driverId: otherDriverId, lat: 26.1 }]);
  });
});
