import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceType } from '@school-transport/contracts';
import { SERVER_MESSAGES } from '@school-transport/contracts';
import { eventually, startTestServer, type HttpClient, type TestServer } from '../../test/harness.js';
import { createAdmin, createArea, createDriver, createParent, createSchool, createStudent } from '../../test/factories.js';

let t: TestServer;
let driverA: Awaited<ReturnType<typeof createDriver>>;
let driverB: Awaited<ReturnType<typeof createDriver>>;
let asA: HttpClient;
let asB: HttpClient;
let asParent: HttpClient;
let asAdmin: HttpClient;
let school: { id: string; name: string };
let otherSchool: { id: string; name: string };
let area: { id: string; name: string };

/** A student straight in the database, as the office's assignment would leave it. */
async function student({
  deleted,
  ...values
}: {
  firstName: string;
  driverId: string | null;
  serviceType?: ServiceType;
  schoolId?: string;
  contactNumber2?: string | null;
  deleted?: boolean;
}) {
  const parent = await createParent(t.db);
  return createStudent(t.db, {
    schoolId: school.id,
    areaId: area.id,
    parentId: parent.parentId,
    class: 'B',
    deletedAt: deleted ? new Date() : null,
    ...values,
  });
}

beforeAll(async () => {
  t = await startTestServer();
  driverA = await createDriver(t.db, 'driver-pass', 'Driver A');
  driverB = await createDriver(t.db);
  asA = await t.signIn(driverA);
  asB = await t.signIn(driverB);
  asParent = await t.signIn(await createParent(t.db));
  asAdmin = await t.signIn(await createAdmin(t.db));
  school = await createSchool(t.db, 'Zahra School');
  otherSchool = await createSchool(t.db, 'Amal School');
  area = await createArea(t.db);
  await t.db
    .updateTable('drivers')
    .set({ areaIds: JSON.stringify([area.id]), vehiclePlate: 'BUS 12', vehicleSeats: 20 })
    .where('id', '=', driverA.driverId)
    .execute();
});
afterAll(() => t.close());

describe('who may read a driver list', () => {
  it('answers 401 to anonymous callers on every driver path', async () => {
    for (const path of ['/api/driver/me', '/api/driver/students', `/api/driver/students/${driverA.driverId}`]) {
      const response = await t.client().get(path);
      expect(response.status, path).toBe(401);
      expect(response.body).toEqual({ message: SERVER_MESSAGES.notSignedIn, code: 'server.notSignedIn' });
    }
  });

  it('answers 403 to a parent and to an admin on the driver paths', async () => {
    for (const client of [asParent, asAdmin]) {
      for (const path of ['/api/driver/me', '/api/driver/students', `/api/driver/students/${driverA.driverId}`]) {
        const response = await client.get(path);
        expect(response.status, path).toBe(403);
        expect(response.body).toEqual({ message: SERVER_MESSAGES.forbidden, code: 'server.forbidden' });
      }
    }
  });

  it("lets a driver read their own id and refuses another driver's id, or any other id, with 403", async () => {
    await student({ firstName: 'Secret', driverId: driverB.driverId });
    expect((await asA.get(`/api/driver/students/${driverA.driverId}`)).status).toBe(200);
    const other = await asA.get(`/api/driver/students/${driverB.driverId}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: SERVER_MESSAGES.forbidden, code: 'server.forbidden' });
    expect(JSON.stringify(other.body)).not.toContain('Secret');
    expect((await asA.get('/api/driver/students/00000000-0000-4000-8000-000000000000')).status).toBe(403);
    expect((await asA.get('/api/driver/students/not-an-id')).status).toBe(403);
    expect((await asB.get(`/api/driver/students/${driverA.driverId}`)).status).toBe(403);
  });

  it('keeps the admin procedure for admins only', async () => {
    const path = `/trpc/admin.drivers.students?input=${encodeURIComponent(JSON.stringify({ id: driverA.driverId }))}`;
    expect((await t.client().get(path)).status).toBe(401);
    expect((await asA.get(path)).status).toBe(403);
    expect((await asParent.get(path)).status).toBe(403);
    expect((await asAdmin.get(path)).status).toBe(200);
    const unknown = `/trpc/admin.drivers.students?input=${encodeURIComponent(JSON.stringify({ id: 'not-an-id' }))}`;
    expect((await asAdmin.get(unknown)).status).toBe(404);
  });
});

describe('the list and the info card', () => {
  it("shows exactly the driver's own students that are not deleted, in the documented shape, grouped by school", async () => {
    const zed = await student({ firstName: 'Zed', driverId: driverA.driverId, serviceType: 'HOME_TO_SCHOOL', contactNumber2: '36009988' });
    const amira = await student({ firstName: 'Amira', driverId: driverA.driverId, serviceType: 'SCHOOL_TO_HOME', schoolId: otherSchool.id });
    await student({ firstName: 'Deleted', driverId: driverA.driverId, deleted: true });
    await student({ firstName: 'Unassigned', driverId: null });
    await student({ firstName: 'Others', driverId: driverB.driverId });

    const mine = await asA.get<{ students: Record<string, unknown>[] }>('/api/driver/students');
    expect(mine.status).toBe(200);
    expect(mine.body.students.map((s) => s.firstName)).toEqual(['Amira', 'Zed']);
    expect(mine.body.students[1]).toEqual({
      id: zed.id,
      automatedId: zed.automatedId,
      firstName: 'Zed',
      fathersName: 'Khalid',
      lastName: 'Test',
      grade: '5',
      class: 'B',
      schoolName: 'Zahra School',
      areaName: area.name,
      address: 'Block 1, Road 2, House 3',
      block: '1',
      road: '2',
      houseBuilding: '3',
      flatHome: null,
      contactNumber1: '36001122',
      contactNumber2: '36009988',
      serviceType: 'HOME_TO_SCHOOL',
      roundabout: null,
      directions: ['morning'],
    });
    expect(mine.body.students[0]).toMatchObject({ id: amira.id, schoolName: 'Amal School', serviceType: 'SCHOOL_TO_HOME', contactNumber2: null });

    // The path with the driver's own id answers the same list.
    expect((await asA.get(`/api/driver/students/${driverA.driverId}`)).body).toEqual(mine.body);
    // Driver B sees their own, never A's.
    const theirs = await asB.get<{ students: { firstName: string }[] }>('/api/driver/students');
    expect(theirs.body.students.map((s) => s.firstName).sort()).toEqual(['Others', 'Secret']);
  });

  it('answers the info card with the areas by name and a count without deleted students', async () => {
    const me = await asA.get<{ driver: Record<string, unknown> }>('/api/driver/me');
    expect(me.status).toBe(200);
    expect(me.body.driver).toEqual({
      id: driverA.driverId,
      name: 'Driver A',
      phone: driverA.phone,
      licenseNo: expect.any(String),
      vehicle: { plate: 'BUS 12', seats: 20 },
      areas: [{ id: area.id, name: area.name }],
      studentCount: 2,
    });
    // The admin's driver list counts the same way.
    const list = await asAdmin.get<{ drivers: { id: string; studentCount: number }[] }>('/api/admin/drivers');
    expect(list.body.drivers.find((d) => d.id === driverA.driverId)?.studentCount).toBe(2);
  });

  it("lets the admin read any driver's list, read-only, with the same rows", async () => {
    const path = `/trpc/admin.drivers.students?input=${encodeURIComponent(JSON.stringify({ id: driverA.driverId }))}`;
    const response = await asAdmin.get<{ result: { data: { driver: { name: string; studentCount: number }; students: unknown[] } } }>(path);
    const own = await asA.get<{ students: unknown[] }>('/api/driver/students');
    expect(response.body.result.data.driver).toMatchObject({ name: 'Driver A', studentCount: 2 });
    expect(response.body.result.data.students).toEqual(own.body.students);
  });

  it('signs a driver deactivated elsewhere out of the list as soon as the database tells the server', async () => {
    const driver = await createDriver(t.db);
    const client = await t.signIn(driver);
    expect((await client.get('/api/driver/students')).status).toBe(200);
    // Written past this server, as another process would: its cached session is cleared by the
    // database's notice, which arrives milliseconds after the change commits.
    await t.db.updateTable('drivers').set({ status: 'inactive' }).where('id', '=', driver.driverId).execute();
    expect(await eventually(async () => (await client.get('/api/driver/students')).status === 401)).toBe(true);
  });
});
