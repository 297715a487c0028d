import {
  authorisedAdultAnswer,
  authorisedAdultInput,
  authorisedAdultsAnswer,
  authorisedAdultUpdate,
  entityId,
  handoverCodeAnswer,
  handoverCodeInput,
  handoverCodesAnswer,
  issuedHandoverCode,
  studentHandover,
  studentHandoverInput,
} from '@school-transport/contracts';
import { parentEndpoint, router } from '../init.js';
import { addAuthorisedAdult, listAuthorisedAdults, removeAuthorisedAdult, updateAuthorisedAdult } from '../../domain/handover/adults.js';
import { readStudentHandover, setStudentHandover } from '../../domain/handover/requirement.js';
import { cancelHandoverCode, issueHandoverCode, listHandoverCodes } from '../../domain/handover/codes.js';

/** The family's part of safe handover: who may receive their children, per-child handover, one-day codes. */
export const parentAuthorisedAdultsRouter = router({
  list: parentEndpoint({
    answer: authorisedAdultsAnswer,
    rest: {
      route: 'GET /api/parent/authorised-adults',
      summary: 'The adults the family named who may receive their children at the afternoon stop (the parents always may)',
    },
  }).query(async ({ ctx }) => ({ adults: await listAuthorisedAdults(ctx.db, ctx.user.id) })),
  add: parentEndpoint({
    input: authorisedAdultInput,
    answer: authorisedAdultAnswer,
    rest: {
      route: 'POST /api/parent/authorised-adults',
      summary: 'Names an adult who may receive the children: name, relation, phone (at most 8; 409 beyond)',
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => ({ adult: await addAuthorisedAdult(ctx.db, ctx.user.id, input) })),
  update: parentEndpoint({
    input: authorisedAdultUpdate,
    answer: authorisedAdultAnswer,
    rest: { route: 'PUT /api/parent/authorised-adults/:id', summary: "Edits one of the family's authorised adults (another family's: 404)", from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ adult: await updateAuthorisedAdult(ctx.db, ctx.clock.now(), ctx.user.id, input) })),
  remove: parentEndpoint({
    input: entityId,
    answer: authorisedAdultAnswer,
    rest: { route: 'DELETE /api/parent/authorised-adults/:id', summary: "Removes one of the family's authorised adults (marks that name them keep the name)" },
  }).mutation(async ({ ctx, input }) => ({ adult: await removeAuthorisedAdult(ctx.db, ctx.user.id, input.id) })),
});

export const parentHandoverCodesRouter = router({
  list: parentEndpoint({
    answer: handoverCodesAnswer,
    rest: {
      route: 'GET /api/parent/handover-codes',
      summary: "The family's one-day codes still open, from today on (the codes themselves are never shown again)",
    },
  }).query(async ({ ctx }) => ({ handoverCodes: await listHandoverCodes(ctx.db, ctx.clock.now(), ctx.user.id) })),
  issue: parentEndpoint({
    input: handoverCodeInput,
    answer: issuedHandoverCode,
    rest: {
      route: 'POST /api/parent/handover-codes',
      summary:
        'Names a one-day delegate for a child: a 6-digit code goes to their phone and is answered this once (code); it works on that date, once, and no more after 5 wrong tries',
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => issueHandoverCode(ctx.db, ctx.clock.now(), ctx.user.id, input)),
  cancel: parentEndpoint({
    input: entityId,
    answer: handoverCodeAnswer,
    rest: { route: 'DELETE /api/parent/handover-codes/:id', summary: "Cancels one of the family's one-day codes" },
  }).mutation(async ({ ctx, input }) => ({ handoverCode: await cancelHandoverCode(ctx.db, ctx.clock.now(), ctx.user.id, input.id) })),
});

export const parentHandoverProcedures = {
  studentHandover: parentEndpoint({
    input: entityId,
    answer: studentHandover,
    rest: {
      route: 'GET /api/parent/students/:id/handover',
      summary: 'Whether the child must be handed to a named adult at the afternoon stop, and whether the school’s rule requires it (byRule)',
    },
  }).query(async ({ ctx, input }) => readStudentHandover(ctx.db, ctx.user.id, input.id)),
  setStudentHandover: parentEndpoint({
    input: studentHandoverInput,
    answer: studentHandover,
    rest: {
      route: 'PUT /api/parent/students/:id/handover',
      summary:
        "Requires the handover for the child (required true), or returns to the school's rule (409 while the rule requires it: only the office may lift it)",
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => setStudentHandover(ctx.db, ctx.clock.now(), ctx.user.id, input.id, input.required)),
};
