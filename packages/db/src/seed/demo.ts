import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The sign-ins the demo prints: every role can be tried at once. Never loaded in production. */
export const DEMO_SIGN_INS = {
  admin: { email: 'admin@demo.bh', password: 'demo-admin-pass' },
  /** Office staff: the admin console without settings, terms, users, deletions, voids and waivers. */
  staff: { email: 'staff@demo.bh', password: 'demo-staff-pass' },
  parent: { email: 'parent@demo.bh', password: 'demo-parent' },
  driver: { phone: '33000001', password: 'demo-driver' },
  /** The attendant on the driver's bus: signs in on the driver sign-in page and sees the same day. */
  attendant: { phone: '33000003', password: 'demo-attendant' },
} as const;

const DEMO_SCHOOLS = [
  {
    schoolCode: 'DEMO-ISB',
    name: 'Demo International School',
    address: 'Block 338, Adliya',
    contactName: 'School Office',
    contactPhone: '17000001',
    handoverUpToGrade: '3',
  },
  {
    schoolCode: 'DEMO-RSS',
    name: 'Demo Riffa School',
    address: 'Block 901, Riffa',
    contactName: 'Reception',
    contactPhone: '17000002',
    handoverUpToGrade: '3',
  },
  {
    schoolCode: 'DEMO-MGS',
    name: 'Demo Muharraq School',
    address: 'Block 204, Muharraq',
    contactName: 'Admissions',
    contactPhone: '17000003',
    handoverUpToGrade: '3',
  },
];

/** area-002 carries 22 roundabouts, as in the spec. */
const DEMO_AREAS = [
  { name: 'Manama', price: '25.00', roundaboutCount: 0 },
  { name: 'Riffa', price: '30.00', roundaboutCount: 22 },
  { name: 'Muharraq', price: '28.50', roundaboutCount: 0 },
  { name: 'Isa Town', price: '27.00', roundaboutCount: 0 },
];

const DEMO_SETTINGS: Record<string, string> = {
  companyName: 'Demo Student Transport W.L.L.',
  contactText: 'Demo Student Transport W.L.L. · Manama, Kingdom of Bahrain · demo data',
  supportPhone1: '39000001',
  supportPhone2: '39000002',
  instagramUrl: 'https://instagram.com/demo.transport',
  facebookUrl: 'https://facebook.com/demo.transport',
  xUrl: 'https://x.com/demo_transport',
  paymentBankAccount: 'BH00DEMO00000000000000',
  paymentMobileNumber: '39000003',
  whatsappNumber: '39000001',
};

/**
 * Demo data for trying the product: schools, areas with prices, an admin, drivers who can sign in
 * and a parent with registered students. Runs once: a database that has schools is left alone.
 */
export async function seedDemo(db: Kysely<Database>, hashPassword: (plain: string) => Promise<string>): Promise<boolean> {
  const anySchool = await db.selectFrom('schools').select('id').limit(1).executeTakeFirst();
  if (anySchool) return false;
  const [adminHash, staffHash, parentHash, driverHash, attendantHash] = await Promise.all([
    hashPassword(DEMO_SIGN_INS.admin.password),
    hashPassword(DEMO_SIGN_INS.staff.password),
    hashPassword(DEMO_SIGN_INS.parent.password),
    hashPassword(DEMO_SIGN_INS.driver.password),
    hashPassword(DEMO_SIGN_INS.attendant.password),
  ]);

  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(DEMO_SETTINGS)) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(value), updatedAt: new Date() }))
        .execute();
    }
    const schools = await trx.insertInto('schools').values(DEMO_SCHOOLS).returning(['id']).execute();
    const areas = [];
    for (const area of DEMO_AREAS) {
      areas.push(await trx.insertInto('areas').values(area).returning(['id', 'price']).executeTakeFirstOrThrow());
    }

    await trx
      .insertInto('users')
      .values({ email: DEMO_SIGN_INS.admin.email, passwordHash: adminHash, role: 'admin', name: 'Demo Admin' })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await trx
      .insertInto('users')
      .values({ email: DEMO_SIGN_INS.staff.email, passwordHash: staffHash, role: 'staff', name: 'Noora Demo (staff)' })
      .onConflict((conflict) => conflict.doNothing())
      .execute();

    const drivers = [];
    const demoDrivers = [
      { name: 'Ahmed Demo', phone: DEMO_SIGN_INS.driver.phone, licenseNo: 'DL-DEMO-001', plate: 'DEMO 101', seats: 24, areaIds: [areas[0]!.id, areas[1]!.id] },
      { name: 'Yusuf Demo', phone: '33000002', licenseNo: 'DL-DEMO-002', plate: 'DEMO 102', seats: 14, areaIds: [areas[2]!.id] },
    ];
    for (const driver of demoDrivers) {
      const user = await trx
        .insertInto('users')
        .values({ passwordHash: driverHash, role: 'driver', name: driver.name, phone: driver.phone })
        .returning('id')
        .executeTakeFirstOrThrow();
      drivers.push(
        await trx
          .insertInto('drivers')
          .values({
            userId: user.id,
            name: driver.name,
            phone: driver.phone,
            licenseNo: driver.licenseNo,
            areaIds: JSON.stringify(driver.areaIds),
            vehiclePlate: driver.plate,
            vehicleSeats: driver.seats,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
    }

    // The first bus's day as a real operator's: an attendant on board, and a kindergarten run home
    // at 11:30 for the Riffa school besides the afternoon run (the database gave each bus its
    // 'Morning' and 'Afternoon'); a Riffa child put on this bus waits to be placed on one by hand.
    const attendantUser = await trx
      .insertInto('users')
      .values({ passwordHash: attendantHash, role: 'attendant', name: 'Aisha Demo', phone: DEMO_SIGN_INS.attendant.phone })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('attendants').values({ userId: attendantUser.id, driverId: drivers[0]!.id }).execute();
    await trx
      .insertInto('plannedRuns')
      .values({
        driverId: drivers[0]!.id,
        direction: 'afternoon',
        name: 'Afternoon – KG',
        schoolIds: JSON.stringify([schools[1]!.id]),
        plannedStart: '11:30',
        plannedEnd: '12:30',
        weekdays: null,
      })
      .execute();

    const parentUser = await trx
      .insertInto('users')
      .values({ email: DEMO_SIGN_INS.parent.email, passwordHash: parentHash, role: 'parent', name: 'Fatima Demo', phone: '36000001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const parent = await trx.insertInto('parents').values({ userId: parentUser.id, whatsappNumber: '36000001' }).returning('id').executeTakeFirstOrThrow();
    const terms = await trx.selectFrom('terms').select('id').where('active', '=', true).executeTakeFirst();

    const children = [
      {
        firstName: 'Sara',
        grade: '3',
        class: 'A',
        area: areas[1]!,
        roundabout: 7,
        driverId: drivers[0]!.id,
        paymentStatus: 'paid' as const,
        school: schools[0]!,
      },
      { firstName: 'Ali', grade: 'KG2', class: null, area: areas[0]!, roundabout: null, driverId: null, paymentStatus: 'unpaid' as const, school: schools[1]! },
    ];
    for (const [index, child] of children.entries()) {
      await trx
        .insertInto('students')
        .values({
          schoolId: child.school.id,
          firstName: child.firstName,
          fathersName: 'Hassan',
          lastName: 'Demo',
          grade: child.grade,
          class: child.class,
          studentSchoolId: `DEMO-${1001 + index}`,
          contactNumber1: '36000001',
          serviceType: index === 0 ? 'BOTH' : 'HOME_TO_SCHOOL',
          priceBhd: child.area.price,
          areaId: child.area.id,
          roundabout: child.roundabout,
          address: `Block 9${index}1, Road 1${index}, House 2${index}`,
          houseBuilding: `2${index}`,
          road: `1${index}`,
          block: `9${index}1`,
          driverId: child.driverId,
          paymentStatus: child.paymentStatus,
          parentId: parent.id,
          termsVersionId: terms?.id ?? null,
          termsAcceptedAt: new Date(),
        })
        .execute();
    }
  });
  return true;
}
