import { schoolInput, schoolUpdate } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createSchool, listSchools, updateSchool } from '../../../domain/admin/schools.js';

export const adminSchoolsRouter = router({
  list: officeProcedure('catalog.read').query(async ({ ctx }) => ({ schools: await listSchools(ctx.db) })),
  create: officeProcedure('catalog.manage').input(schoolInput).mutation(async ({ ctx, input }) => ({ school: await createSchool(ctx.db, actorOf(ctx), input) })),
  update: officeProcedure('catalog.manage').input(schoolUpdate).mutation(async ({ ctx, input }) => ({ school: await updateSchool(ctx.db, actorOf(ctx), input) })),
});
