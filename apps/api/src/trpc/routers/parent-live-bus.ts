import { tracked } from '@trpc/server';
import { SERVER_MESSAGES, busNearInput, busNearSetting, busUpdatesInput, entityId, studentBus } from '@school-transport/contracts';
import { parentEndpoint, parentStream } from '../init.js';
import { checkedEvent } from '../answers.js';
import { AppError } from '../../errors.js';
import { findFamilyStudent } from '../../domain/live-bus/student-bus.js';
import { readBusNear, setBusNear } from '../../domain/live-bus/bus-near.js';
import { sessionStillValid } from '../../domain/live-bus/session-check.js';

/** With no change at all, an open page is still sent the bus this often: 'stale' and a withheld ETA come with time alone. */
const REREAD_MS = 15_000;
/** An open page's session is checked again at least this often, and after any session change heard. */
const SESSION_CHECK_MS = 60_000;

/** The family's live bus: the bus on its way to their own child's stop, as an answer and as a live stream, and the 'bus is near' choice. */
export const parentLiveBusProcedures = {
  studentBus: parentEndpoint({
    input: entityId,
    answer: studentBus,
    rest: {
      route: 'GET /api/parent/students/:id/bus',
      summary:
        "The bus on its way to the student's own stop (position, stops before theirs, the ETA as a range, whether the position is stale), only while the child's run is in progress and the child is not absent and not yet dropped; otherwise not_on_the_way",
    },
  }).query(async ({ ctx, input }) => ctx.liveBus.reader.studentBus(ctx.clock.now(), ctx.user.id, input.id)),
  /**
   * The same answer each time the bus changes, over Server-Sent Events. Each event carries an id;
   * a page that reconnects names the last it had and is sent the bus as it is now (the newest
   * state is all a family needs, never a replay of old positions).
   */
  busUpdates: parentStream(busUpdatesInput).subscription(async function* ({ ctx, input, signal }) {
    const { hub, reader } = ctx.liveBus;
    const sid = ctx.req.session.sessionId;
    let student = await findFamilyStudent(ctx.db, ctx.user.id, input.id);
    let busDriverIds: readonly string[] = [];
    let checkedAt = Date.now();
    let checkedGeneration = hub.sessionGeneration;
    let sequence = 0;
    const read = async () => {
      const { bus, busDriverIds: followed } = await reader.busOf(ctx.clock.now(), student);
      busDriverIds = followed;
      // Each event is the same answer as studentBus's, checked against its schema as that one is.
      return tracked(`${Date.now()}-${sequence++}`, checkedEvent(studentBus, bus));
    };
    yield await read();
    for await (const _ of hub.changes(() => busDriverIds, signal, REREAD_MS)) {
      if (hub.sessionGeneration !== checkedGeneration || Date.now() - checkedAt >= SESSION_CHECK_MS) {
        checkedGeneration = hub.sessionGeneration;
        checkedAt = Date.now();
        if (!(await sessionStillValid(ctx.db, ctx.clock.now(), sid, ctx.user.id))) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
        // The child may have left the family's account, or been deleted, meanwhile.
        student = await findFamilyStudent(ctx.db, ctx.user.id, input.id);
      }
      yield await read();
    }
  }),
  busNear: parentEndpoint({
    input: entityId,
    answer: busNearSetting,
    rest: {
      route: 'GET /api/parent/students/:id/bus-near',
      summary: "Whether the family is told when the bus is about 5 or 10 minutes from the student's stop (minutes null: off)",
    },
  }).query(async ({ ctx, input }) => readBusNear(ctx.db, ctx.user.id, input.id)),
  setBusNear: parentEndpoint({
    input: busNearInput,
    answer: busNearSetting,
    rest: { route: 'PUT /api/parent/students/:id/bus-near', summary: "Turns the 'bus is near' message on (minutes 5 or 10) or off (null)", from: 'body' },
  }).mutation(async ({ ctx, input }) => setBusNear(ctx.db, ctx.user.id, input.id, input.minutes)),
};
