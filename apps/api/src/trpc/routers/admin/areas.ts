import { areaAnswer, areaInput, areasAnswer, areaUpdate } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createArea, listAreas, updateArea } from '../../../domain/admin/areas.js';

export const adminAreasRouter = router({
  list: officeEndpoint('catalog.read', {
    answer: areasAnswer,
    rest: { route: 'GET /api/admin/areas', summary: 'Areas' },
  }).query(async ({ ctx }) => ({ areas: await listAreas(ctx.db) })),
  create: officeEndpoint('catalog.manage', {
    input: areaInput,
    answer: areaAnswer,
    rest: { route: 'POST /api/admin/areas', summary: 'Adds an area', from: 'body', status: 201 },
  }).mutation(async ({ ctx, input }) => ({ area: await createArea(ctx.db, actorOf(ctx), input) })),
  update: officeEndpoint('catalog.manage', {
    input: areaUpdate,
    answer: areaAnswer,
    rest: { route: 'PUT /api/admin/areas/:id', summary: 'Edits an area (and optionally applies a new price to its students)', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ area: await updateArea(ctx.db, actorOf(ctx), input) })),
});
