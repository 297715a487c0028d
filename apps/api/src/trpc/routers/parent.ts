import { entityId, modificationRequestId, modificationRequestInput } from '@school-transport/contracts';
import { parentProcedure, router } from '../init.js';
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
  students: parentProcedure.query(async ({ ctx }) => ({ students: await listParentStudents(ctx.db, ctx.user.id) })),
  student: parentProcedure.input(entityId).query(async ({ ctx, input }) => ({ student: await findParentStudent(ctx.db, ctx.user.id, input.id) })),
  modificationRequests: parentProcedure.query(async ({ ctx }) => ({ modificationRequests: await listParentModificationRequests(ctx.db, ctx.user.id) })),
  modificationRequest: parentProcedure.input(modificationRequestId).query(async ({ ctx, input }) => ({ modificationRequest: await findParentModificationRequest(ctx.db, ctx.user.id, input.id) })),
  requestModification: parentProcedure.input(modificationRequestInput).mutation(async ({ ctx, input }) => ({ modificationRequest: await requestModification(ctx.db, actorOf(ctx), input) })),
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
