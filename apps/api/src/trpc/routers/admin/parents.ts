import { entityId, messageAnswer, parentAccountAnswer, parentAccountUpdate, signInLock, signInLockCleared } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { sendParentResetCode, updateParentAccount } from '../../../domain/admin/account-help.js';
import { clearParentSignInLock, readParentSignInLock } from '../../../domain/admin/sign-in-locks.js';

export const adminParentsRouter = router({
  update: officeEndpoint('students.write', {
    input: parentAccountUpdate,
    answer: parentAccountAnswer,
    rest: { route: 'PUT /api/admin/parents/:id', summary: "Corrects a parent's name, email and phone (409 when the email is another account's)", from: 'body' },
  }).mutation(({ ctx, input }) => updateParentAccount(ctx.db, actorOf(ctx), input)),
  sendResetCode: officeEndpoint('accounts.sendCodes', {
    input: entityId,
    answer: messageAnswer,
    rest: { route: 'POST /api/admin/parents/:id/reset-code', summary: 'Sends the parent a password reset code by text message (audited)' },
  }).mutation(({ ctx, input }) => sendParentResetCode(ctx.db, actorOf(ctx), input.id)),
  /** Until when the parent's sign-in is refused somewhere (null: nowhere). */
  signInLock: officeEndpoint('accounts.sendCodes', {
    input: entityId,
    answer: signInLock,
    rest: {
      route: 'GET /api/admin/parents/:id/sign-in-lock',
      summary: "Until when the parent's sign-in is refused after failed attempts (lockedUntil, null when not)",
    },
  }).query(({ ctx, input }) => readParentSignInLock(ctx.db, input.id)),
  clearSignInLock: officeEndpoint('accounts.sendCodes', {
    input: entityId,
    answer: signInLockCleared,
    rest: { route: 'POST /api/admin/parents/:id/sign-in-lock/clear', summary: "Clears the parent's sign-in lock from every address (audited)" },
  }).mutation(({ ctx, input }) => clearParentSignInLock(ctx.db, actorOf(ctx), input.id)),
});
