import {
  entityId,
  modificationRequestId,
  modificationRequestInput,
  parentModificationRequestAnswer,
  parentModificationRequestsAnswer,
  parentStudentAnswer,
  parentStudentsAnswer,
} from '@school-transport/contracts';
import { parentEndpoint, router } from '../init.js';
import { actorOf } from '../context.js';
import { findParentStudent, listParentStudents } from '../../domain/parent/students.js';
import { findParentModificationRequest, listParentModificationRequests, requestModification } from '../../domain/modification-requests/parent-requests.js';
import { parentFeesRouter } from './parent-fees.js';
import { parentPaymentsRouter } from './parent-payments.js';
import { parentAbsencesRouter, parentSchoolDayProcedures } from './parent-school-day.js';
import { parentLiveBusProcedures } from './parent-live-bus.js';
import { parentAuthorisedAdultsRouter, parentHandoverCodesRouter, parentHandoverProcedures } from './parent-handover.js';
import { parentDataRightsRouter } from './parent-data-rights.js';

/** The parent portal: own students and own modification requests only; anyone else's id is 404. */
export const parentRouter = router({
  students: parentEndpoint({
    answer: parentStudentsAnswer,
    rest: { route: 'GET /api/parent/students', summary: "The signed-in parent's students" },
  }).query(async ({ ctx }) => ({ students: await listParentStudents(ctx.db, ctx.user.id) })),
  student: parentEndpoint({
    input: entityId,
    answer: parentStudentAnswer,
    rest: {
      route: 'GET /api/parent/students/:id',
      summary: "One of the parent's students, with every detail and the terms accepted (another parent's id: 404)",
    },
  }).query(async ({ ctx, input }) => ({ student: await findParentStudent(ctx.db, ctx.user.id, input.id) })),
  modificationRequests: parentEndpoint({
    answer: parentModificationRequestsAnswer,
    rest: {
      route: 'GET /api/parent/modification-requests',
      summary: "The parent's modification requests, newest first, with old and new values and the office's note",
    },
  }).query(async ({ ctx }) => ({ modificationRequests: await listParentModificationRequests(ctx.db, ctx.user.id) })),
  modificationRequest: parentEndpoint({
    input: modificationRequestId,
    answer: parentModificationRequestAnswer,
    rest: { route: 'GET /api/parent/modification-requests/:id', summary: "One of the parent's modification requests (another parent's id: 404)" },
  }).query(async ({ ctx, input }) => ({ modificationRequest: await findParentModificationRequest(ctx.db, ctx.user.id, input.id) })),
  requestModification: parentEndpoint({
    input: modificationRequestInput,
    answer: parentModificationRequestAnswer,
    rest: {
      route: 'POST /api/parent/students/:id/modification-requests',
      summary: 'Asks the office to change a student’s details (one pending request per student)',
      from: 'body',
      paramNames: { id: 'studentId' },
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => ({ modificationRequest: await requestModification(ctx.db, actorOf(ctx), input) })),
  fees: parentFeesRouter,
  payments: parentPaymentsRouter,
  absences: parentAbsencesRouter,
  dataRights: parentDataRightsRouter,
  ...parentSchoolDayProcedures,
  ...parentLiveBusProcedures,
  authorisedAdults: parentAuthorisedAdultsRouter,
  handoverCodes: parentHandoverCodesRouter,
  ...parentHandoverProcedures,
});
