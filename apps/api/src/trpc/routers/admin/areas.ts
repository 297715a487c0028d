import { areaInput, areaUpdate } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createArea, listAreas, updateArea } from '../../../domain/admin/areas.js';

export const adminAreasRouter = router({
  list: officeProcedure('catalog.read').query(async ({ ctx }) => ({ areas: await listAreas(ctx.db) })),
  create: officeProcedure('catalog.manage').input(areaInput).mutation(async ({ ctx, input }) => ({ area: await createArea(ctx.db, actorOf(ctx), input) })),
  update: officeProcedure('catalog.manage').input(areaUpdate).mutation(async ({ ctx, input }) => ({ area: await updateArea(ctx.db, actorOf(ctx), input) })),
});
