import { driverInput, driverUpdate, entityId } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createDriver, listDrivers, updateDriver } from '../../../domain/admin/drivers.js';
import { listDriverStudents, readDriverProfile } from '../../../domain/driver/students.js';
import { sendDriverResetCode } from '../../../domain/admin/account-help.js';
import { clearDriverSignInLock, readDriverSignInLock } from '../../../domain/admin/sign-in-locks.js';

export const adminDriversRouter = router({
  list: officeProcedure('catalog.read').query(async ({ ctx }) => ({ drivers: await listDrivers(ctx.db) })),
  create: officeProcedure('catalog.manage').input(driverInput).mutation(async ({ ctx, input }) => ({ driver: await createDriver(ctx.db, actorOf(ctx), input) })),
  update: officeProcedure('catalog.manage').input(driverUpdate).mutation(async ({ ctx, input }) => ({ driver: await updateDriver(ctx.db, actorOf(ctx), input) })),
  sendResetCode: officeProcedure('accounts.sendCodes').input(entityId).mutation(({ ctx, input }) => sendDriverResetCode(ctx.db, actorOf(ctx), input.id)),
  /** Until when the driver's sign-in is refused somewhere (null: nowhere). */
  signInLock: officeProcedure('accounts.sendCodes').input(entityId).query(({ ctx, input }) => readDriverSignInLock(ctx.db, input.id)),
  clearSignInLock: officeProcedure('accounts.sendCodes').input(entityId).mutation(({ ctx, input }) => clearDriverSignInLock(ctx.db, actorOf(ctx), input.id)),
  /** Any driver's list as the driver sees it, read-only; an unknown driver is a 404. */
  students: officeProcedure('catalog.read').input(entityId).query(async ({ ctx, input }) => {
    const driver = await readDriverProfile(ctx.db, input.id);
    return { driver, students: await listDriverStudents(ctx.db, driver.id) };
  }),
});
