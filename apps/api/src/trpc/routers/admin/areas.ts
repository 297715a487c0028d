import { areaInput, areaUpdate } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createArea, listAreas, updateArea } from '../../../domain/admin/areas.js';

export const adminAreasRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({ areas: await listAreas(ctx.db) })),
  create: adminProcedure.input(areaInput).mutation(async ({ ctx, input }) => ({ area: await createArea(ctx.db, actorOf(ctx), input) })),
  update: adminProcedure.input(areaUpdate).mutation(async ({ ctx, input }) => ({ area: await updateArea(ctx.db, actorOf(ctx), input) })),
});
