import { officeUserAnswer, officeUserCreate, officeUsersAnswer, officeUserUpdate } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createOfficeUser, listOfficeUsers, updateOfficeUser } from '../../../domain/admin/office-accounts.js';

/** The Users tab: the office's own accounts (admins and staff), for admins. */
export const adminUsersRouter = router({
  list: officeEndpoint('users.manage', {
    answer: officeUsersAnswer,
    rest: { route: 'GET /api/admin/users', summary: 'The office’s accounts (admins and staff): name, email, role, active, last sign-in' },
  }).query(async ({ ctx }) => ({ users: await listOfficeUsers(ctx.db) })),
  create: officeEndpoint('users.manage', {
    input: officeUserCreate,
    answer: officeUserAnswer,
    rest: {
      route: 'POST /api/admin/users',
      summary: 'Adds an admin or a staff member with an initial password (409 when the email has an account)',
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => ({ user: await createOfficeUser(ctx.db, actorOf(ctx), input) })),
  update: officeEndpoint('users.manage', {
    input: officeUserUpdate,
    answer: officeUserAnswer,
    rest: {
      route: 'PUT /api/admin/users/:id',
      summary: 'Renames, changes the role of, deactivates (signing them out at once) or reactivates an admin or staff member (409 for the last active admin)',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({ user: await updateOfficeUser(ctx.db, actorOf(ctx), input) })),
});
