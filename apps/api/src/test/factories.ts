import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import { hashPassword } from '../domain/passwords.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** Accounts for tests, written straight to the database with real argon2id hashes. */
export async function createAdmin(db: Kysely<Database>, password = 'test-admin-pass') {
  const email = `admin-${unique()}@example.com`;
  const user = await db.insertInto('users').values({ email, passwordHash: await hashPassword(password), role: 'admin', name: 'Test Admin' }).returning('id').executeTakeFirstOrThrow();
  return { id: user.id, email, password };
}

/** An office staff member: signs in like an admin, holds the rights PERMISSIONS gives staff. */
export async function createStaff(db: Kysely<Database>, password = 'test-staff-pass', name = 'Test Staff') {
  const email = `staff-${unique()}@example.com`;
  const user = await db.insertInto('users').values({ email, passwordHash: await hashPassword(password), role: 'staff', name }).returning('id').executeTakeFirstOrThrow();
  return { id: user.id, email, password, name };
}

export async function createParent(db: Kysely<Database>, password = 'parent-pass') {
  const email = `parent-${unique()}@example.com`;
  const user = await db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword(password), role: 'parent', name: 'Test Parent', phone: '36000000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const parent = await db.insertInto('parents').values({ userId: user.id, whatsappNumber: '36000000' }).returning('id').executeTakeFirstOrThrow();
  return { id: user.id, parentId: parent.id, email, password };
}

export async function createDriver(db: Kysely<Database>, password = 'driver-pass') {
  const phone = String(30000000 + Math.floor(Math.random() * 9999999)).slice(0, 8);
  const user = await db.insertInto('users').values({ phone, passwordHash: await hashPassword(password), role: 'driver', name: 'Test Driver' }).returning('id').executeTakeFirstOrThrow();
  const driver = await db
    .insertInto('drivers')
    .values({ userId: user.id, name: 'Test Driver', phone, licenseNo: `L-${unique()}`, areaIds: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, driverId: driver.id, phone, password };
}
