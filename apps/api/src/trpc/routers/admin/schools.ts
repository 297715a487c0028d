import { schoolInput, schoolUpdate } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createSchool, listSchools, updateSchool } from '../../../domain/admin/schools.js';

export const adminSchoolsRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({ schools: await listSchools(ctx.db) })),
  create: adminProcedure.input(schoolInput).mutation(async ({ ctx, input }) => ({ school: await createSchool(ctx.db, actorOf(ctx), input) })),
  update: adminProcedure.input(schoolUpdate).mutation(async ({ ctx, input }) => ({ school: await updateSchool(ctx.db, actorOf(ctx), input) })),
});
