import { authorisedAdultInput, authorisedAdultUpdate, entityId, handoverCodeInput, studentHandoverInput } from '@school-transport/contracts';
import { parentProcedure, router } from '../init.js';
import { addAuthorisedAdult, listAuthorisedAdults, removeAuthorisedAdult, updateAuthorisedAdult } from '../../domain/handover/adults.js';
import { readStudentHandover, setStudentHandover } from '../../domain/handover/requirement.js';
import { cancelHandoverCode, issueHandoverCode, listHandoverCodes } from '../../domain/handover/codes.js';

/** The family's part of safe handover: who may receive their children, per-child handover, one-day codes. */
export const parentAuthorisedAdultsRouter = router({
  list: parentProcedure.query(async ({ ctx }) => ({ adults: await listAuthorisedAdults(ctx.db, ctx.user.id) })),
  add: parentProcedure.input(authorisedAdultInput).mutation(async ({ ctx, input }) => ({ adult: await addAuthorisedAdult(ctx.db, ctx.user.id, input) })),
  update: parentProcedure.input(authorisedAdultUpdate).mutation(async ({ ctx, input }) => ({ adult: await updateAuthorisedAdult(ctx.db, ctx.clock.now(), ctx.user.id, input) })),
  remove: parentProcedure.input(entityId).mutation(async ({ ctx, input }) => ({ adult: await removeAuthorisedAdult(ctx.db, ctx.user.id, input.id) })),
});

export const parentHandoverCodesRouter = router({
  list: parentProcedure.query(async ({ ctx }) => ({ handoverCodes: await listHandoverCodes(ctx.db, ctx.clock.now(), ctx.user.id) })),
  issue: parentProcedure.input(handoverCodeInput).mutation(async ({ ctx, input }) => issueHandoverCode(ctx.db, ctx.clock.now(), ctx.user.id, input)),
  cancel: parentProcedure.input(entityId).mutation(async ({ ctx, input }) => ({ handoverCode: await cancelHandoverCode(ctx.db, ctx.clock.now(), ctx.user.id, input.id) })),
});

export const parentHandoverProcedures = {
  studentHandover: parentProcedure.input(entityId).query(async ({ ctx, input }) => readStudentHandover(ctx.db, ctx.user.id, input.id)),
  setStudentHandover: parentProcedure.input(studentHandoverInput).mutation(async ({ ctx, input }) => setStudentHandover(ctx.db, ctx.clock.now(), ctx.user.id, input.id, input.required)),
};
