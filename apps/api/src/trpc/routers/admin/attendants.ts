import { attendantInput, attendantUpdate } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createAttendant, listAttendants, updateAttendant } from '../../../domain/admin/attendants.js';

/** The buses' attendants: the office reads them beside the drivers; adding and changing them is the admin's (crew sign-ins, like drivers'). */
export const adminAttendantsRouter = router({
  list: officeProcedure('catalog.read').query(async ({ ctx }) => ({ attendants: await listAttendants(ctx.db) })),
  create: officeProcedure('catalog.manage').input(attendantInput).mutation(async ({ ctx, input }) => ({ attendant: await createAttendant(ctx.db, actorOf(ctx), input) })),
  update: officeProcedure('catalog.manage').input(attendantUpdate).mutation(async ({ ctx, input }) => ({ attendant: await updateAttendant(ctx.db, actorOf(ctx), input) })),
});
