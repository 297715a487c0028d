import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNED_RUN_MESSAGES, type LiveBuses, type PlannedRun, type PositionsAccepted, type RunStops, type RunTrail } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent, firstPlannedRunId } from '../../test/factories.js';
import { SetClock } from '../clock.js';

/**
 * A bus's two afternoon runs are two routes: 'Afternoon – KG' at 11:30 and 'Afternoon' at 13:30
 * each have their own stops, order, trail and positions, named by the run's id; 'afternoon' alone
 * answers 409 with the runs (an older phone reloads rather than the server guessing).
 */
const date = '2026-12-01';
const clock = new SetClock(new Date(`${date}T11:35:00+03:00`));

let t: TestServer;
let asAdmin: HttpClient;
let asDriver: HttpClient;
let driverId: string;
let kgRun: string;
let mainRun: string;

const stopsOf = async (run: string) => asAdmin.get<RunStops & { message?: string; runs?: unknown }>(`/api/admin/drivers/${driverId}/runs/${run}/stops`);
const streets = (stops: RunStops) => stops.stops.map((stop) => stop.students.map((student) => student.firstName).join());
const ambiguous = () => ({
  message: PLANNED_RUN_MESSAGES.directionAmbiguous,
  code: 'plannedRuns.directionAmbiguous',
  runs: [
    { id: kgRun, name: 'Afternoon – KG' },
    { id: mainRun, name: 'Afternoon' },
  ],
});

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  const driver = await createDriver(t.db, 'driver-pass', 'Ahmed');
  driverId = driver.driverId;
  asDriver = await t.signIn(driver);
  const main = await createSchool(t.db, 'Al Noor School');
  const kindergarten = await createSchool(t.db, 'Little Stars Kindergarten');
  const area = await createArea(t.db);
  const { parentId } = await createParent(t.db);
  const child = (firstName: string, schoolId: string, block: string) =>
    createStudent(t.db, {
      schoolId,
      areaId: area.id,
      parentId,
      driverId,
      serviceType: 'SCHOOL_TO_HOME',
      firstName,
      block,
      road: '1',
      houseBuilding: '1',
      address: `Block ${block}`,
    });
  await child('Lulu', kindergarten.id, '101');
  await child('Noor', kindergarten.id, '102');
  await child('Sara', main.id, '201');
  await child('Omar', main.id, '202');
  mainRun = await firstPlannedRunId(t.db, driverId, 'afternoon');
  expect(
    (
      await asAdmin.put(`/api/admin/runs/${mainRun}`, {
        direction: 'afternoon',
        name: 'Afternoon',
        schoolIds: [main.id],
        plannedStart: '13:30',
        plannedEnd: '14:30',
      })
    ).status,
  ).toBe(200);
  const kg = await asAdmin.post<{ run: PlannedRun }>(`/api/admin/drivers/${driverId}/runs`, {
    direction: 'afternoon',
    name: 'Afternoon – KG',
    schoolIds: [kindergarten.id],
    plannedStart: '11:30',
    plannedEnd: '12:30',
  });
  expect(kg.status, JSON.stringify(kg.body)).toBe(201);
  kgRun = kg.body.run.id;
});
afterAll(() => t.close());

describe('two afternoon runs of one bus, each its own route', () => {
  it('lists each run’s own stops and riders by its id, and 409 with the runs for the direction', async () => {
    expect((await stopsOf('afternoon')).body).toEqual(ambiguous());
    const kg = await stopsOf(kgRun);
    expect(kg.status, JSON.stringify(kg.body)).toBe(200);
    expect(streets(kg.body)).toEqual(['Lulu', 'Noor']);
    expect(kg.body).toMatchObject({ seats: null, riders: 2, orderedBy: null });
    expect(streets((await stopsOf(mainRun)).body)).toEqual(['Omar', 'Sara']);
    // A run of another bus is not this bus's.
    const other = await createDriver(t.db);
    expect((await asAdmin.get(`/api/admin/drivers/${other.driverId}/runs/${kgRun}/stops`)).status).toBe(404);
  });

  it('orders one run’s stops without touching the other’s; the driver orders their own run by its id', async () => {
    const kg = (await stopsOf(kgRun)).body;
    const reordered = await asAdmin.put<RunStops>(`/api/admin/drivers/${driverId}/runs/${kgRun}/stops/order`, {
      stopIds: [...kg.stops].reverse().map((stop) => stop.id),
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(streets(reordered.body)).toEqual(['Noor', 'Lulu']);
    const main = (await stopsOf(mainRun)).body;
    expect(main.orderedBy).toBeNull();
    const byDriver = await asDriver.put<RunStops>(`/api/driver/runs/${mainRun}/stops/order`, { stopIds: [...main.stops].reverse().map((stop) => stop.id) });
    expect(byDriver.status, JSON.stringify(byDriver.body)).toBe(200);
    expect(streets(byDriver.body)).toEqual(['Sara', 'Omar']);
    expect(streets((await stopsOf(kgRun)).body)).toEqual(['Noor', 'Lulu']);
    expect((await asDriver.put(`/api/driver/runs/afternoon/stops/order`, { stopIds: main.stops.map((stop) => stop.id) })).body).toEqual(ambiguous());
  });

  it('keeps the positions of the run under way in that run’s trail alone, and the live map names the run', async () => {
    expect((await asDriver.post(`/api/driver/runs/${kgRun}/start`)).status).toBe(200);
    const fix = { lat: 26.2, lng: 50.55, accuracy: 10, at: clock.now().toISOString() };
    expect((await asDriver.post('/api/driver/positions', { run: 'afternoon', fixes: [fix] })).body).toEqual(ambiguous());
    const sent = await asDriver.post<PositionsAccepted>('/api/driver/positions', { run: kgRun, fixes: [fix] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body.accepted).toBe(1);
    const trail = async (run: string) => (await asAdmin.get<{ trail: RunTrail }>(`/api/admin/drivers/${driverId}/runs/${run}/trail?date=${date}`)).body.trail;
    expect(await trail(kgRun)).toMatchObject({ run: 'afternoon', runId: kgRun, runName: 'Afternoon – KG', points: [{ lat: 26.2, lng: 50.55 }] });
    expect(await trail(mainRun)).toMatchObject({ runId: mainRun, runName: 'Afternoon', points: [] });
    // Fixes for the run not started are refused: they are not the KG run's.
    expect((await asDriver.post('/api/driver/positions', { run: mainRun, fixes: [fix] })).status).toBe(409);
    const live = (await asAdmin.get<LiveBuses>('/api/admin/live-buses')).body.buses.find((bus) => bus.driver.id === driverId);
    expect(live).toMatchObject({ run: 'afternoon', runId: kgRun, runName: 'Afternoon – KG', position: { lat: 26.2, lng: 50.55 } });
  });
});
