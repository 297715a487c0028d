import { entityId, officeStudentHandoverInput, schoolHandoverRuleInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { readOfficeStudentHandover, setOfficeStudentHandover, setSchoolHandoverRule } from '../../../domain/handover/requirement.js';

/** The office's part of safe handover: each school's rule, and a child's exception to it (both audited). */
export const adminHandoverRouter = router({
  setSchoolRule: officeProcedure('students.write')
    .input(schoolHandoverRuleInput)
    .mutation(async ({ ctx, input }) => ({ school: await setSchoolHandoverRule(ctx.db, ctx.clock.now(), actorOf(ctx), input.id, input.upToGrade) })),
  student: officeProcedure('students.read')
    .input(entityId)
    .query(({ ctx, input }) => readOfficeStudentHandover(ctx.db, input.id)),
  setStudent: officeProcedure('students.write')
    .input(officeStudentHandoverInput)
    .mutation(async ({ ctx, input }) => setOfficeStudentHandover(ctx.db, ctx.clock.now(), actorOf(ctx), input.id, input.required)),
});
