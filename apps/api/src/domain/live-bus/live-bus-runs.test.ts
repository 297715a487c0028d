import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverRunsList, PlannedRun, PositionsAccepted, StudentBus } from '@school-transport/contracts';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createSchool } from '../../test/factories.js';
import { createFamily, type Family } from '../../test/families.js';
import { SetClock } from '../clock.js';
import { readRunStops } from '../routes/run-stops.js';

/**
 * The live bus run by run, on a Bahrain Tuesday (1 December 2026). A family follows the bus of
 * their child's own run only: the bus home when it is not the morning's, and of a bus with two
 * afternoon runs (the kindergarten's at 11:30, the school's at 13:00) the run the child rides,
 * by school or placed there by hand, with that run's own stops, ETA and 'bus is near' message.
 * Homes lie on one meridian (lng 50.5), a hundredth of a degree of latitude apart.
 */
const bh = (time: string) => new Date(`2026-12-01T${time}+03:00`);
const clock = new SetClock(bh('05:00:00'));

let t: TestServer;
let asAdmin: HttpClient;

type Bus = { driverId: string; client: HttpClient };
const newBus = async (name: string): Promise<Bus> => {
  const driver = await createDriver(t.db, 'driver-pass', name);
  return { driverId: driver.driverId, client: await t.signIn(driver) };
};

let area: { id: string };
let school: { id: string };
let kindergarten: { id: string };
/** The bus with two afternoon runs, and its runs' ids. */
let ahmed: Bus;
let runs: { kg: string; afternoon: string };
/** Kawthar goes to the kindergarten; Lulu to the school but the office placed her on the kindergarten's run; Munir rides the school's. */
let kawthar: Family;
let lulu: Family;
let munir: Family;
/** Hana comes in the morning on Yusuf's bus and goes home on Zaid's; Omar rides Yusuf's both ways. */
let yusuf: Bus;
let zaid: Bus;
let hana: Family;
let omar: Family;

const child = (firstName: string, schoolId: string, lat: number, block: string, buses: { driverId: string; afternoonDriverId?: string }) =>
  createFamily(t, {
    schoolId,
    areaId: area.id,
    firstName,
    address: `Block ${block}, Road 2, House 3`,
    block,
    locationLink: `https://maps.google.com/?q=${lat},50.5`,
    ...buses,
  });

const busOf = async (who: Family) => (await who.parent.get<StudentBus>(`/api/parent/students/${who.studentId}/bus`)).body;
const wantsNear = async (who: Family) => expect((await who.parent.put(`/api/parent/students/${who.studentId}/bus-near`, { minutes: 10 })).status).toBe(200);
/** The 'bus is near' messages of a child: the day's run each was for. */
const nearMessages = async (who: Family) =>
  (await t.db.selectFrom('notifications').select('idempotencyKey').where('templateKey', '=', 'bus_near').execute())
    .map((row) => row.idempotencyKey ?? '')
    .filter((key) => key.endsWith(`:${who.studentId}`))
    .map((key) => key.split(':')[1]);
const dayRunId = async (bus: Bus, plannedRunId: string) =>
  (
    await t.db
      .selectFrom('schoolRuns')
      .select('id')
      .where('driverId', '=', bus.driverId)
      .where('plannedRunId', '=', plannedRunId)
      .where('date', '=', '2026-12-01')
      .executeTakeFirstOrThrow()
  ).id;
const plannedRunOf = async (bus: Bus, direction: 'morning' | 'afternoon') =>
  (await asAdmin.get<DriverRunsList>(`/api/admin/drivers/${bus.driverId}/runs`)).body.runs.find((run) => run.direction === direction)!;

const start = async (bus: Bus, runId: string) => expect((await bus.client.post(`/api/driver/runs/${runId}/start`)).status).toBe(200);
const end = async (bus: Bus, runId: string) => {
  const ended = await bus.client.post(`/api/driver/runs/${runId}/end`);
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
};
let clientIds = 0;
const markOn = async (bus: Bus, runId: string, who: Family, event: 'boarded' | 'dropped') =>
  expect((await bus.client.post(`/api/driver/runs/${runId}/marks`, { studentId: who.studentId, event, clientId: `runs-${clientIds++}` })).status).toBe(201);
const board = (bus: Bus, runId: string, who: Family) => markOn(bus, runId, who, 'boarded');
/** One fix of the bus, taken now at this latitude. */
const drive = async (bus: Bus, runId: string, lat: number) => {
  const sent = await bus.client.post<PositionsAccepted>('/api/driver/positions', {
    run: runId,
    fixes: [{ lat, lng: 50.5, accuracy: 10, at: clock.now().toISOString() }],
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
};

beforeAll(async () => {
  t = await startTestServer({ clock });
  asAdmin = await t.signIn(await createAdmin(t.db));
  area = await createArea(t.db);
  school = await createSchool(t.db, 'Zahra School');
  kindergarten = await createSchool(t.db, 'Al Bayan Kindergarten');
  await t.db.updateTable('schools').set({ dismissalTime: '11:30' }).where('id', '=', kindergarten.id).execute();

  ahmed = await newBus('Ahmed');
  lulu = await child('Lulu', school.id, 26.01, '101', { driverId: ahmed.driverId });
  kawthar = await child('Kawthar', kindergarten.id, 26.02, '102', { driverId: ahmed.driverId });
  munir = await child('Munir', school.id, 26.03, '103', { driverId: ahmed.driverId });
  const afternoon = await plannedRunOf(ahmed, 'afternoon');
  // The office's plan: 'Afternoon' serves the school, a new run the kindergarten; Lulu goes home with the kindergarten.
  expect((await asAdmin.put(`/api/admin/runs/${afternoon.id}`, { ...afternoon, schoolIds: [school.id] })).status).toBe(200);
  const kg = await asAdmin.post<{ run: PlannedRun }>(`/api/admin/drivers/${ahmed.driverId}/runs`, {
    direction: 'afternoon',
    name: 'Afternoon – KG',
    schoolIds: [kindergarten.id],
  });
  expect(kg.status).toBe(201);
  runs = { kg: kg.body.run.id, afternoon: afternoon.id };
  await t.db.updateTable('students').set({ afternoonRunId: runs.kg }).where('id', '=', lulu.studentId).execute();

  yusuf = await newBus('Yusuf');
  zaid = await newBus('Zaid');
  hana = await child('Hana', school.id, 26.05, '105', { driverId: yusuf.driverId, afternoonDriverId: zaid.driverId });
  omar = await child('Omar', school.id, 26.06, '106', { driverId: yusuf.driverId });

  for (const who of [lulu, kawthar, munir, hana, omar]) await wantsNear(who);
});
afterAll(() => t.close());

describe('two afternoon runs of one bus', () => {
  it("shows the kindergarten's run only to the families of its own children, each with that run's stops and ETA", async () => {
    clock.set(bh('11:35:00'));
    await start(ahmed, runs.kg);
    await board(ahmed, runs.kg, lulu);
    await board(ahmed, runs.kg, kawthar);
    clock.set(bh('11:50:00'));
    await drive(ahmed, runs.kg, 26.0);

    // The run's stops: an afternoon nobody ordered drives the morning's order back (Munir, Kawthar, Lulu), Munir's left out.
    const lulusBus = await busOf(lulu);
    const kawtharsBus = await busOf(kawthar);
    expect(lulusBus).toMatchObject({ status: 'on_the_way', stop: { lat: 26.01, lng: 50.5 }, position: { lat: 26 } });
    expect(kawtharsBus).toMatchObject({ status: 'on_the_way', stop: { lat: 26.02, lng: 50.5 } });
    expect([lulusBus, kawtharsBus].map((bus) => bus.status === 'on_the_way' && bus.stopsBefore).sort()).toEqual([0, 1]);
    if (lulusBus.status !== 'on_the_way' || kawtharsBus.status !== 'on_the_way') throw new Error('unreachable');
    expect(lulusBus.eta).not.toBeNull();
    expect(kawtharsBus.eta).not.toBeNull();
    // Munir rides the school's run, not yet under way: the kindergarten's bus is not his.
    expect(await busOf(munir)).toEqual({ status: 'not_on_the_way' });

    // 'Bus is near' for the kindergarten run's children, each once, on that run; none for Munir.
    const kgDay = await dayRunId(ahmed, runs.kg);
    expect(await nearMessages(lulu)).toEqual([kgDay]);
    expect(await nearMessages(kawthar)).toEqual([kgDay]);
    expect(await nearMessages(munir)).toEqual([]);
    clock.set(bh('11:50:30'));
    await drive(ahmed, runs.kg, 26.002);
    expect(await nearMessages(lulu)).toEqual([kgDay]);
  });

  it("shows the school's run to its own child with its own stops, and no longer the kindergarten's children", async () => {
    clock.set(bh('12:15:00'));
    await markOn(ahmed, runs.kg, lulu, 'dropped');
    await markOn(ahmed, runs.kg, kawthar, 'dropped');
    await end(ahmed, runs.kg);
    expect(await busOf(lulu)).toEqual({ status: 'not_on_the_way' });

    clock.set(bh('13:05:00'));
    await start(ahmed, runs.afternoon);
    await board(ahmed, runs.afternoon, munir);
    clock.set(bh('13:20:00'));
    await drive(ahmed, runs.afternoon, 26.0);
    // Munir's is the run's only stop: the kindergarten's homes before his are not on it.
    expect(await busOf(munir)).toMatchObject({
      status: 'on_the_way',
      stopsBefore: 0,
      stop: { lat: 26.03, lng: 50.5 },
      eta: { minMinutes: expect.any(Number) },
    });
    expect(await busOf(lulu)).toEqual({ status: 'not_on_the_way' });
    expect(await busOf(kawthar)).toEqual({ status: 'not_on_the_way' });

    const schoolDay = await dayRunId(ahmed, runs.afternoon);
    expect(await nearMessages(munir)).toEqual([schoolDay]);
    expect(await nearMessages(lulu)).toEqual([await dayRunId(ahmed, runs.kg)]);
  });
});

describe('a child going home on another bus', () => {
  let yusufsAfternoon: string;
  let zaidsAfternoon: string;

  it("does not show the family the morning bus's afternoon run, nor send its 'bus is near'", async () => {
    yusufsAfternoon = (await plannedRunOf(yusuf, 'afternoon')).id;
    zaidsAfternoon = (await plannedRunOf(zaid, 'afternoon')).id;
    clock.set(bh('13:06:00'));
    await start(yusuf, yusufsAfternoon);
    await board(yusuf, yusufsAfternoon, omar);
    clock.set(bh('13:21:00'));
    // Yusuf's bus passes right by Hana's home.
    await drive(yusuf, yusufsAfternoon, 26.049);
    expect(await busOf(omar)).toMatchObject({ status: 'on_the_way', stop: { lat: 26.06 } });
    expect(await busOf(hana)).toEqual({ status: 'not_on_the_way' });
    expect(await nearMessages(hana)).toEqual([]);
    expect(await nearMessages(omar)).toEqual([await dayRunId(yusuf, yusufsAfternoon)]);
  });

  it("shows the family the afternoon bus's run and sends 'bus is near' from it", async () => {
    clock.set(bh('13:22:00'));
    await start(zaid, zaidsAfternoon);
    // Hana is on Zaid's list, not on Yusuf's afternoon.
    expect(
      (await yusuf.client.post(`/api/driver/runs/${yusufsAfternoon}/marks`, { studentId: hana.studentId, event: 'boarded', clientId: `runs-${clientIds++}` }))
        .status,
    ).toBe(404);
    await board(zaid, zaidsAfternoon, hana);
    clock.set(bh('13:30:00'));
    await drive(zaid, zaidsAfternoon, 26.04);
    expect(await busOf(hana)).toMatchObject({
      status: 'on_the_way',
      stopsBefore: 0,
      position: { lat: 26.04 },
      stop: { lat: 26.05, lng: 50.5 },
      eta: { minMinutes: expect.any(Number) },
    });
    expect(await nearMessages(hana)).toEqual([await dayRunId(zaid, zaidsAfternoon)]);
  });

  it("learns Hana's stop on the afternoon bus's run from where its phone dropped her at home", async () => {
    const stopOfHana = async () =>
      (await readRunStops(t.db, zaid.driverId, zaidsAfternoon)).stops.find((stop) => stop.students.some((each) => each.id === hana.studentId))?.location;
    expect(await stopOfHana()).toEqual({ lat: 26.05, lng: 50.5, source: 'link' });
    clock.set(bh('13:36:00'));
    const dropped = await zaid.client.post(`/api/driver/runs/${zaidsAfternoon}/marks`, {
      studentId: hana.studentId,
      event: 'dropped',
      clientId: `runs-${clientIds++}`,
      position: { lat: 26.0503, lng: 50.5002, accuracy: 10 },
    });
    expect(dropped.status).toBe(201);
    expect(await stopOfHana()).toEqual({ lat: 26.0503, lng: 50.5002, source: 'learned' });
  });
});
