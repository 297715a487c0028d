import { officeUserCreate, officeUserUpdate } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createOfficeUser, listOfficeUsers, updateOfficeUser } from '../../../domain/admin/office-accounts.js';

/** The Users tab: the office's own accounts (admins and staff), for admins. */
export const adminUsersRouter = router({
  list: officeProcedure('users.manage').query(async ({ ctx }) => ({ users: await listOfficeUsers(ctx.db) })),
  create: officeProcedure('users.manage').input(officeUserCreate).mutation(async ({ ctx, input }) => ({ user: await createOfficeUser(ctx.db, actorOf(ctx), input) })),
  update: officeProcedure('users.manage').input(officeUserUpdate).mutation(async ({ ctx, input }) => ({ user: await updateOfficeUser(ctx.db, actorOf(ctx), input) })),
});
