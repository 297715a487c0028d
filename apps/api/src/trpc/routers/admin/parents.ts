import { entityId, parentAccountUpdate } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { sendParentResetCode, updateParentAccount } from '../../../domain/admin/account-help.js';
import { clearParentSignInLock, readParentSignInLock } from '../../../domain/admin/sign-in-locks.js';

export const adminParentsRouter = router({
  update: officeProcedure('students.write').input(parentAccountUpdate).mutation(({ ctx, input }) => updateParentAccount(ctx.db, actorOf(ctx), input)),
  sendResetCode: officeProcedure('accounts.sendCodes').input(entityId).mutation(({ ctx, input }) => sendParentResetCode(ctx.db, actorOf(ctx), input.id)),
  /** Until when the parent's sign-in is refused somewhere (null: nowhere). */
  signInLock: officeProcedure('accounts.sendCodes').input(entityId).query(({ ctx, input }) => readParentSignInLock(ctx.db, input.id)),
  clearSignInLock: officeProcedure('accounts.sendCodes').input(entityId).mutation(({ ctx, input }) => clearParentSignInLock(ctx.db, actorOf(ctx), input.id)),
});
