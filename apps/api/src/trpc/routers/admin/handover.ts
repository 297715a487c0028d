import { entityId, officeStudentHandoverInput, schoolHandoverRuleAnswer, schoolHandoverRuleInput, studentHandover } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { readOfficeStudentHandover, setOfficeStudentHandover, setSchoolHandoverRule } from '../../../domain/handover/requirement.js';

/** The office's part of safe handover: each school's rule, and a child's exception to it (both audited). */
export const adminHandoverRouter = router({
  setSchoolRule: officeEndpoint('students.write', {
    input: schoolHandoverRuleInput,
    answer: schoolHandoverRuleAnswer,
    rest: {
      route: 'PUT /api/admin/schools/:id/handover-rule',
      summary: 'Sets the grades up to which a school’s children must be handed to a named adult (upToGrade; KG below grade 1; null: no rule); audited',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({ school: await setSchoolHandoverRule(ctx.db, ctx.clock.now(), actorOf(ctx), input.id, input.upToGrade) })),
  student: officeEndpoint('students.read', {
    input: entityId,
    answer: studentHandover,
    rest: {
      route: 'GET /api/admin/students/:id/handover',
      summary: "Whether the child must be handed to a named adult at the afternoon stop (required), and whether the school's rule requires it (byRule)",
    },
  }).query(({ ctx, input }) => readOfficeStudentHandover(ctx.db, input.id)),
  setStudent: officeEndpoint('students.write', {
    input: officeStudentHandoverInput,
    answer: studentHandover,
    rest: {
      route: 'PUT /api/admin/students/:id/handover',
      summary: "Sets a child's handover against the school's rule: required true, lifted false, or null to follow the rule; audited",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => setOfficeStudentHandover(ctx.db, ctx.clock.now(), actorOf(ctx), input.id, input.required)),
});
