import { schoolAnswer, schoolInput, schoolsAnswer, schoolUpdate } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createSchool, listSchools, updateSchool } from '../../../domain/admin/schools.js';

export const adminSchoolsRouter = router({
  list: officeEndpoint('catalog.read', {
    answer: schoolsAnswer,
    rest: { route: 'GET /api/admin/schools', summary: 'Schools' },
  }).query(async ({ ctx }) => ({ schools: await listSchools(ctx.db) })),
  create: officeEndpoint('catalog.manage', {
    input: schoolInput,
    answer: schoolAnswer,
    rest: { route: 'POST /api/admin/schools', summary: 'Adds a school', from: 'body', status: 201 },
  }).mutation(async ({ ctx, input }) => ({ school: await createSchool(ctx.db, actorOf(ctx), input) })),
  update: officeEndpoint('catalog.manage', {
    input: schoolUpdate,
    answer: schoolAnswer,
    rest: { route: 'PUT /api/admin/schools/:id', summary: 'Edits a school', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ school: await updateSchool(ctx.db, actorOf(ctx), input) })),
});
