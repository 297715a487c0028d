import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARENT_MESSAGES, SCHOOL_DAY_MESSAGES, type LiveBuses, type PositionsAccepted, type RunTrail, type StudentBus } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool, firstPlannedRunId } from '../../test/factories.js';
import { createFamily, type Family } from '../../test/families.js';
import { SetClock } from '../clock.js';
import { deleteOldPositions } from './retention.js';
import { readRunStops } from '../routes/run-stops.js';
import { loadConfig } from '../../env.js';

/**
 * The live bus end to end over HTTP, on a clock set to a Bahrain morning (Tuesday 1 December 2026).
 * Stops lie on one meridian, a hundredth of a degree of latitude apart (1,111.95 m), so that the
 * ETA can be worked out by hand: Amal's stop at 26.01, Badr's at 26.02, Carim's at 26.03.
 */
const bh = (time: string) => new Date(`2026-12-01T${time}+03:00`);
const iso = (time: string) => bh(time).toISOString();
const clock = new SetClock(bh('05:50:00'));

let t: TestServer;
let asAdmin: HttpClient;
let asDriver: HttpClient;
let driverId: string;
let school: { id: string };
let area: { id: string };

/** A family whose child waits at a house on the meridian, the stop's place in the parent's map link. */
const family = (firstName: string, lat: number, block: string) =>
  createFamily(t, {
    schoolId: school.id,
    areaId: area.id,
    firstName,
    driverId,
    address: `Block ${block}, Road 2, House 3`,
    block,
    locationLink: `https://maps.google.com/?q=${lat},50.5`,
  });

const fix = (lat: number, time: string, extra: Record<string, unknown> = {}) => ({ lat, lng: 50.5, accuracy: 10, at: iso(time), ...extra });
const post = (fixes: unknown[], run = 'morning') => asDriver.post<PositionsAccepted & { message?: string }>('/api/driver/positions', { run, fixes });
const busOf = async (who: Family, studentId = who.studentId) =>
  (await who.parent.get<StudentBus & { message?: string }>(`/api/parent/students/${studentId}/bus`)).body;
let clientIds = 0;
const mark = (studentId: string, event: string) => asDriver.post(`/api/driver/runs/morning/marks`, { studentId, event, clientId: `live-${clientIds++}` });
const nearMessages = async (studentName: string) =>
  (await t.db.selectFrom('notifications').select(['payload']).where('templateKey', '=', 'bus_near').execute()).filter(
    (row) => (row.payload as unknown as { studentName: string }).studentName === studentName,
  );

let amal: Family;
let badr: Family;
let carim: Family;
let dana: Family;

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  const driver = await createDriver(t.db);
  driverId = driver.driverId;
  asDriver = await t.signIn(driver);
  school = await createSchool(t.db);
  area = await createArea(t.db);
  amal = await family('Amal', 26.01, '101');
  badr = await family('Badr', 26.02, '102');
  carim = await family('Carim', 26.03, '103');
  dana = await family('Dana', 26.04, '104');
  const absent = await dana.parent.post('/api/parent/absences', { studentId: dana.studentId, from: '2026-12-01', to: '2026-12-01', run: 'morning' });
  expect(absent.status, JSON.stringify(absent.body)).toBe(201);
  // The run's stops in the office's order: Amal, Badr, Carim, Dana.
  const { stops } = await readRunStops(t.db, driverId, 'morning');
  expect(stops.map((stop) => stop.students[0]!.firstName)).toEqual(['Amal', 'Badr', 'Carim', 'Dana']);
});
afterAll(() => t.close());

describe('before the run starts', () => {
  it('refuses positions (409) and shows no family the bus', async () => {
    const refused = await post([fix(26, '05:49:50')]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SCHOOL_DAY_MESSAGES.runNotStarted);
    expect(await busOf(badr)).toEqual({ status: 'not_on_the_way' });
  });
});

describe('during the run', () => {
  beforeAll(async () => {
    clock.set(bh('06:00:00'));
    expect((await asDriver.post('/api/driver/runs/morning/start', {})).status).toBe(200);
  });

  it('keeps the fixes taken since Start; drops and counts those less precise than 100 m and those from the future', async () => {
    clock.set(bh('06:01:00'));
    const sent = await post([
      fix(26, '06:00:00'),
      fix(26.0015, '06:00:30'),
      fix(26.003, '06:01:00'),
      fix(26.5, '06:00:45', { accuracy: 150 }),
      fix(26.004, '06:03:00'),
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ accepted: 3, dropped: { inaccurate: 1, future: 1, outsideRun: 0, implausible: 0 } });
    const trail = await t.db.selectFrom('runPositions').select(['lat']).where('driverId', '=', driverId).orderBy('at').execute();
    expect(trail.map((row) => row.lat)).toEqual([26, 26.0015, 26.003]);
    // Taken as the driver tapped Start, just before the server stamped it: part of the run's trail, not 'now'.
    expect((await post([fix(25.9999, '05:59:30')])).body).toMatchObject({ accepted: 1 });
    await t.db.deleteFrom('runPositions').where('driverId', '=', driverId).where('lat', '=', 25.9999).execute();
  });

  it('answers 409 when every fix lies before Start (a minute of grace for the phone’s tap and clock), and 400 beyond 100 fixes a call', async () => {
    const before = await post([fix(26, '05:58:59')]);
    expect(before.status).toBe(409);
    expect(before.body.message).toBe(SCHOOL_DAY_MESSAGES.positionsOutsideRun);
    const many = await post(
      Array.from({ length: 101 }, (_, index) => fix(26, '06:00:50', { at: new Date(bh('06:00:00').getTime() + index * 100).toISOString() })),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(SCHOOL_DAY_MESSAGES.tooManyFixes);
  });

  it('shows each family the bus, the stops before their own and the ETA worked out by hand', async () => {
    // This run's speed while moving: 2 × 166.79 m in 60 s = 5.5598 m/s; no past marks: a stop takes 60 s.
    // Badr: 26.003 → 26.01 → 26.02 = 1,890.3 m straight, × 1.3 for the road = 2,457.4 m / 5.5598 = 442.0 s,
    // + 1 stop × 60 s = 502.0 s; × 0.8 = 401.6 s = 6.7 → 6 min; × 1.25 = 627.5 s = 10.5 → 11 min.
    expect(await busOf(badr)).toEqual({
      status: 'on_the_way',
      position: { lat: 26.003, lng: 50.5, at: iso('06:01:00') },
      stopsBefore: 1,
      eta: { minMinutes: 6, maxMinutes: 11 },
      stale: false,
      stop: { lat: 26.02, lng: 50.5 },
      toSchool: false,
    });
    // Amal: 778.4 m × 1.3 = 1,011.9 m / 5.5598 = 182.0 s; × 0.8 = 145.6 s → 2; × 1.25 = 227.5 s → 4.
    expect(await busOf(amal)).toMatchObject({ status: 'on_the_way', stopsBefore: 0, eta: { minMinutes: 2, maxMinutes: 4 } });
  });

  it('never shows a family another family’s child’s bus (404), nor the bus to a child reported absent', async () => {
    const other = await amal.parent.get<{ message: string }>(`/api/parent/students/${badr.studentId}/bus`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(PARENT_MESSAGES.studentNotFound);
    expect(await busOf(dana)).toEqual({ status: 'not_on_the_way' });
  });

  it('says the position is stale after a minute without a fix, and withholds the ETA after five', async () => {
    clock.set(bh('06:02:30'));
    expect(await busOf(badr)).toMatchObject({ status: 'on_the_way', stale: true, eta: { minMinutes: 6, maxMinutes: 11 } });
    clock.set(bh('06:06:30'));
    expect(await busOf(badr)).toMatchObject({ status: 'on_the_way', stale: true, eta: null });
    // A trail sent late (a phone that was offline) fills the trail but does not move the bus 'now'.
    expect((await post([fix(26.0035, '06:01:20')])).body.accepted).toBe(1);
    expect(await busOf(badr)).toMatchObject({ position: { lat: 26.003 }, eta: null });
  });

  it("sends 'bus is near' once per child and run, to the families who asked, when the ETA reaches their minutes", async () => {
    expect((await badr.parent.put(`/api/parent/students/${badr.studentId}/bus-near`, { minutes: 10 })).body).toEqual({ minutes: 10 });
    expect((await carim.parent.put(`/api/parent/students/${carim.studentId}/bus-near`, { minutes: 5 })).body).toEqual({ minutes: 5 });
    expect((await badr.parent.get(`/api/parent/students/${badr.studentId}/bus-near`)).body).toEqual({ minutes: 10 });
    expect((await amal.parent.put(`/api/parent/students/${badr.studentId}/bus-near`, { minutes: 5 })).status).toBe(404);
    expect((await amal.parent.put(`/api/parent/students/${amal.studentId}/bus-near`, { minutes: 7 })).status).toBe(400);
    clock.set(bh('06:07:00'));
    expect((await post([fix(26.004, '06:06:30'), fix(26.0055, '06:07:00')])).status).toBe(202);
    // Badr: 1,779 m / 5.56 m/s + 60 s ≈ 380 s, low end 5 min ≤ 10: sent. Carim: ≈ 2,891 m / 5.56 + 120 s ≈ 640 s, low end 8 > 5: not yet.
    expect(await nearMessages('Badr Test')).toHaveLength(1);
    expect(await nearMessages('Carim Test')).toHaveLength(0);
    clock.set(bh('06:07:30'));
    expect((await post([fix(26.007, '06:07:30')])).status).toBe(202);
    expect(await nearMessages('Badr Test')).toHaveLength(1);
  });

  it('follows the marks: a child on the bus has no ETA, a child dropped at school is no longer followed', async () => {
    clock.set(bh('06:08:00'));
    expect((await mark(amal.studentId, 'boarded')).status).toBe(201);
    expect(await busOf(amal)).toMatchObject({ status: 'on_the_way', eta: null, stopsBefore: 0, toSchool: true });
    // Amal's stop is done: Badr's is next.
    expect(await busOf(badr)).toMatchObject({ status: 'on_the_way', stopsBefore: 0 });
    expect((await mark(amal.studentId, 'dropped')).status).toBe(201);
    expect(await busOf(amal)).toEqual({ status: 'not_on_the_way' });
  });

  it('shows the office every bus under way with the age of its fix and the children on board', async () => {
    expect((await mark(badr.studentId, 'boarded')).status).toBe(201);
    const { body } = await asAdmin.get<LiveBuses>('/api/admin/live-buses');
    const bus = body.buses.find((each) => each.driver.id === driverId);
    expect(bus).toMatchObject({ run: 'morning', position: { lat: 26.007, at: iso('06:07:30') }, fixAgeSeconds: 30, onBoard: 1 });
  });
});

describe('after the run ends', () => {
  beforeAll(async () => {
    clock.set(bh('06:20:00'));
    expect((await mark(badr.studentId, 'dropped')).status).toBe(201);
    expect((await mark(carim.studentId, 'no_show')).status).toBe(201);
    expect((await asDriver.post('/api/driver/runs/morning/end', {})).status).toBe(200);
  });

  it('shows no family the bus, and still takes the trail of the run sent late, not fixes after End', async () => {
    expect(await busOf(badr)).toEqual({ status: 'not_on_the_way' });
    expect(await busOf(carim)).toEqual({ status: 'not_on_the_way' });
    clock.set(bh('06:40:00'));
    const late = await post([fix(26.01, '06:15:00'), fix(26.02, '06:30:00')]);
    expect(late.status).toBe(202);
    expect(late.body).toMatchObject({ accepted: 1, dropped: { outsideRun: 1 } });
    expect((await post([fix(26.02, '06:30:00')])).status).toBe(409);
  });

  it("gives the office the run's trail over its stops", async () => {
    const { body } = await asAdmin.get<{ trail: RunTrail }>(`/api/admin/drivers/${driverId}/runs/morning/trail?date=2026-12-01`);
    expect(body.trail.points.map((point) => point.lat)).toEqual([26, 26.0015, 26.003, 26.0035, 26.004, 26.0055, 26.007, 26.01]);
    expect(body.trail.stops.map((stop) => [stop.position, stop.lat])).toEqual([
      [1, 26.01],
      [2, 26.02],
      [3, 26.03],
      [4, 26.04],
    ]);
    expect((await amal.parent.get(`/api/admin/drivers/${driverId}/runs/morning/trail?date=2026-12-01`)).status).toBe(403);
  });
});

describe('retention', () => {
  it('deletes positions older than the retention days and keeps the others', async () => {
    const old = new Date(bh('06:00:00').getTime() - 31 * 86_400_000);
    await t.db
      .insertInto('runPositions')
      .values({
        driverId,
        plannedRunId: await firstPlannedRunId(t.db, driverId, 'morning'),
        date: '2026-10-31',
        run: 'morning',
        lat: 26,
        lng: 50.5,
        accuracy: 5,
        speed: null,
        heading: null,
        at: old,
      })
      .execute();
    const before = await t.db.selectFrom('runPositions').select('id').where('driverId', '=', driverId).execute();
    expect(await deleteOldPositions(t.db, bh('07:00:00'), 30)).toBe(1);
    const after = await t.db.selectFrom('runPositions').select('id').where('driverId', '=', driverId).execute();
    expect(after).toHaveLength(before.length - 1);
  });
});

describe('a run handed to a substitute', () => {
  it("takes the substitute's positions as the bus and refuses the owner's (409)", async () => {
    const substitute = await createDriver(t.db);
    const asSubstitute = await t.signIn(substitute);
    const handed = await asAdmin.put(`/api/admin/drivers/${driverId}/runs/afternoon/substitute`, {
      date: '2026-12-01',
      substituteDriverId: substitute.driverId,
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    clock.set(bh('13:00:00'));
    const early = await asSubstitute.post<{ message: string }>('/api/driver/positions', { run: 'afternoon', fixes: [fix(26.05, '13:00:00')] });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(SCHOOL_DAY_MESSAGES.runNotStarted);
    expect((await asSubstitute.post('/api/driver/runs/afternoon/start', {})).status).toBe(200);
    clock.set(bh('13:01:00'));
    const covered = await asSubstitute.post<PositionsAccepted>('/api/driver/positions', { run: 'afternoon', fixes: [fix(26.05, '13:00:50')] });
    expect(covered.status, JSON.stringify(covered.body)).toBe(202);
    expect(covered.body.accepted).toBe(1);
    const latest = await t.db.selectFrom('busPositions').select(['run', 'lat']).where('driverId', '=', substitute.driverId).executeTakeFirst();
    expect(latest).toEqual({ run: 'afternoon', lat: 26.05 });
    const byOwner = await post([fix(26.06, '13:00:55')], 'afternoon');
    expect(byOwner.status).toBe(409);
    expect(byOwner.body.message).toBe(SCHOOL_DAY_MESSAGES.runHandedOver);
  });
});

describe('impossible positions', () => {
  let asBus: HttpClient;
  let busId: string;
  const send = (fixes: unknown[]) => asBus.post<PositionsAccepted & { message?: string }>('/api/driver/positions', { run: 'afternoon', fixes });
  const trail = async () =>
    (await t.db.selectFrom('runPositions').select(['lat', 'lng']).where('driverId', '=', busId).orderBy('at').execute()).map((row) => [row.lat, row.lng]);
  beforeAll(async () => {
    const bus = await createDriver(t.db);
    busId = bus.driverId;
    asBus = await t.signIn(bus);
    clock.set(bh('13:10:00'));
    expect((await asBus.post('/api/driver/runs/afternoon/start', {})).status).toBe(200);
  });

  it('drops and counts as implausible a fix outside Bahrain and the causeway, and one further than 200 km/h from the fix before it in the batch', async () => {
    clock.set(bh('13:10:30'));
    const sent = await send([
      fix(26.1, '13:10:00'),
      // 22 km in 10 s: a GPS jump.
      fix(26.3, '13:10:10'),
      // 56 m in 20 s from the last kept fix: the jump is not the one it is measured from.
      fix(26.1005, '13:10:20'),
      // Off Qatar, and off Saudi Arabia's coast beyond the causeway.
      fix(25.3, '13:10:25', { lng: 51.5 }),
      fix(26.1006, '13:10:26', { lng: 50.1 }),
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ accepted: 2, dropped: { inaccurate: 0, future: 0, outsideRun: 0, implausible: 3 } });
    expect(await trail()).toEqual([
      [26.1, 50.5],
      [26.1005, 50.5],
    ]);
  });

  it('measures the next batch from the run’s previous accepted fix, and takes a far fix once time makes it possible', async () => {
    clock.set(bh('13:11:00'));
    // 11 km in 20 s from the stored fix: dropped; the bus stays where it was.
    const jump = await send([fix(26.2, '13:10:40')]);
    expect(jump.status).toBe(202);
    expect(jump.body).toEqual({ accepted: 0, dropped: { inaccurate: 0, future: 0, outsideRun: 0, implausible: 1 } });
    expect(await t.db.selectFrom('busPositions').select('lat').where('driverId', '=', busId).executeTakeFirst()).toEqual({ lat: 26.1005 });
    // 11 km in just over 9 minutes (about 73 km/h): a bus can.
    clock.set(bh('13:19:30'));
    expect((await send([fix(26.2, '13:19:30')])).body).toMatchObject({ accepted: 1, dropped: { implausible: 0 } });
    expect((await trail()).at(-1)).toEqual([26.2, 50.5]);
  });

  it('reads the service area from SERVICE_AREA (south,west,north,east), Bahrain and the causeway by default, and shows it with the map settings', async () => {
    const answer = await asAdmin.get<{ map: { serviceArea: unknown } }>('/api/map-settings');
    expect(answer.body.map.serviceArea).toEqual({ south: 25.5, west: 50.2, north: 26.5, east: 50.9 });
    const dataDir = () => mkdtempSync(join(tmpdir(), 'service-area-'));
    expect(loadConfig({ DATA_DIR: dataDir() }).map.serviceArea).toEqual({ south: 25.5, west: 50.2, north: 26.5, east: 50.9 });
    expect(loadConfig({ DATA_DIR: dataDir(), SERVICE_AREA: '25.8, 50.3, 26.4, 50.8' }).map.serviceArea).toEqual({
      south: 25.8,
      west: 50.3,
      north: 26.4,
      east: 50.8,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), SERVICE_AREA: '26.5,50.2,25.5,50.9' })).toThrow(/SERVICE_AREA/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SERVICE_AREA: 'Bahrain' })).toThrow(/SERVICE_AREA/);
  });
});
