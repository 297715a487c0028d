import { entityId, parentAccountUpdate } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { sendParentResetCode, updateParentAccount } from '../../../domain/admin/account-help.js';

export const adminParentsRouter = router({
  update: adminProcedure.input(parentAccountUpdate).mutation(({ ctx, input }) => updateParentAccount(ctx.db, actorOf(ctx), input)),
  sendResetCode: adminProcedure.input(entityId).mutation(({ ctx, input }) => sendParentResetCode(ctx.db, actorOf(ctx), input.id)),
});
