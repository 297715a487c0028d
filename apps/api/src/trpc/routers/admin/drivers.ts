import {
  adminDriverStudentsAnswer,
  driverAnswer,
  driverInput,
  driversAnswer,
  driverUpdate,
  entityId,
  messageAnswer,
  signInLock,
  signInLockCleared,
} from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createDriver, listDrivers, updateDriver } from '../../../domain/admin/drivers.js';
import { listDriverStudents, readDriverProfile } from '../../../domain/driver/students.js';
import { sendDriverResetCode } from '../../../domain/admin/account-help.js';
import { clearDriverSignInLock, readDriverSignInLock } from '../../../domain/admin/sign-in-locks.js';

export const adminDriversRouter = router({
  list: officeEndpoint('catalog.read', {
    answer: driversAnswer,
    rest: { route: 'GET /api/admin/drivers', summary: 'Drivers' },
  }).query(async ({ ctx }) => ({ drivers: await listDrivers(ctx.db) })),
  create: officeEndpoint('catalog.manage', {
    input: driverInput,
    answer: driverAnswer,
    rest: { route: 'POST /api/admin/drivers', summary: 'Adds a driver with a sign-in account', from: 'body', status: 201 },
  }).mutation(async ({ ctx, input }) => ({ driver: await createDriver(ctx.db, actorOf(ctx), input) })),
  update: officeEndpoint('catalog.manage', {
    input: driverUpdate,
    answer: driverAnswer,
    rest: { route: 'PUT /api/admin/drivers/:id', summary: 'Edits a driver', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ driver: await updateDriver(ctx.db, actorOf(ctx), input) })),
  sendResetCode: officeEndpoint('accounts.sendCodes', {
    input: entityId,
    answer: messageAnswer,
    rest: { route: 'POST /api/admin/drivers/:id/reset-code', summary: 'Sends the driver a password reset code by text message (audited)' },
  }).mutation(({ ctx, input }) => sendDriverResetCode(ctx.db, actorOf(ctx), input.id)),
  /** Until when the driver's sign-in is refused somewhere (null: nowhere). */
  signInLock: officeEndpoint('accounts.sendCodes', {
    input: entityId,
    answer: signInLock,
    rest: {
      route: 'GET /api/admin/drivers/:id/sign-in-lock',
      summary: "Until when the driver's sign-in is refused after failed attempts (lockedUntil, null when not)",
    },
  }).query(({ ctx, input }) => readDriverSignInLock(ctx.db, input.id)),
  clearSignInLock: officeEndpoint('accounts.sendCodes', {
    input: entityId,
    answer: signInLockCleared,
    rest: { route: 'POST /api/admin/drivers/:id/sign-in-lock/clear', summary: "Clears the driver's sign-in lock from every address (audited)" },
  }).mutation(({ ctx, input }) => clearDriverSignInLock(ctx.db, actorOf(ctx), input.id)),
  /** Any driver's list as the driver sees it, read-only; an unknown driver is a 404. */
  students: officeEndpoint('catalog.read', {
    input: entityId,
    answer: adminDriverStudentsAnswer,
    rest: { route: 'GET /api/admin/drivers/:id/students', summary: "A driver's card and students, as the driver sees them (read-only)" },
  }).query(async ({ ctx, input }) => {
    const driver = await readDriverProfile(ctx.db, input.id);
    return { driver, students: await listDriverStudents(ctx.db, driver.id) };
  }),
});
