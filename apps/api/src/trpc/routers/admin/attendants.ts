import { attendantAnswer, attendantInput, attendantsAnswer, attendantUpdate } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { createAttendant, listAttendants, updateAttendant } from '../../../domain/admin/attendants.js';

/** The buses' attendants: the office reads them beside the drivers; adding and changing them is the admin's (crew sign-ins, like drivers'). */
export const adminAttendantsRouter = router({
  list: officeEndpoint('catalog.read', {
    answer: attendantsAnswer,
    rest: { route: 'GET /api/admin/attendants', summary: "The buses' attendants, each with the driver whose bus they ride" },
  }).query(async ({ ctx }) => ({ attendants: await listAttendants(ctx.db) })),
  create: officeEndpoint('catalog.manage', {
    input: attendantInput,
    answer: attendantAnswer,
    rest: {
      route: 'POST /api/admin/attendants',
      summary: "Adds a bus's attendant with a sign-in account (one per bus; admin only, audited)",
      from: 'body',
      status: 201,
    },
  }).mutation(async ({ ctx, input }) => ({ attendant: await createAttendant(ctx.db, actorOf(ctx), input) })),
  update: officeEndpoint('catalog.manage', {
    input: attendantUpdate,
    answer: attendantAnswer,
    rest: {
      route: 'PUT /api/admin/attendants/:id',
      summary: 'Edits an attendant: name, phone, password, the bus (driverId), status; deactivating ends their sessions (admin only, audited)',
      from: 'body',
    },
  }).mutation(async ({ ctx, input }) => ({ attendant: await updateAttendant(ctx.db, actorOf(ctx), input) })),
});
