import { entityId, parentAccountUpdate } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { sendParentResetCode, updateParentAccount } from '../../../domain/admin/account-help.js';

export const adminParentsRouter = router({
  update: officeProcedure('students.write').input(parentAccountUpdate).mutation(({ ctx, input }) => updateParentAccount(ctx.db, actorOf(ctx), input)),
  sendResetCode: officeProcedure('accounts.sendCodes').input(entityId).mutation(({ ctx, input }) => sendParentResetCode(ctx.db, actorOf(ctx), input.id)),
});
