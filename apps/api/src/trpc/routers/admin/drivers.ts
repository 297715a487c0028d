import { driverInput, driverUpdate } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createDriver, listDrivers, updateDriver } from '../../../domain/admin/drivers.js';

export const adminDriversRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({ drivers: await listDrivers(ctx.db) })),
  create: adminProcedure.input(driverInput).mutation(async ({ ctx, input }) => ({ driver: await createDriver(ctx.db, actorOf(ctx), input) })),
  update: adminProcedure.input(driverUpdate).mutation(async ({ ctx, input }) => ({ driver: await updateDriver(ctx.db, actorOf(ctx), input) })),
});
