import { initTRPC } from '@trpc/server';
import type { z } from 'zod';
import { CREW_ROLES, SERVER_MESSAGES, type Permission } from '@school-transport/contracts';
import { findUnstorableText } from '../security/unstorable-text.js';
import { signedIn, withPermission, withRole } from '../security/roles.js';
import type { Access } from '../security/access.js';
import { AppError, describeError, validationIssues } from '../errors.js';
import { clearCachesAfterWrite, type Context } from './context.js';
import { ANSWER_CHECKS_ON, checkedAnswer } from './answers.js';
import { NO_INPUT, restRoutesOf, type Endpoint, type InputParser, type RestRoute } from './endpoint.js';

/**
 * What a procedure declares, read back from the router (trpc/procedures.ts): who may call it (its
 * kind, below), and from its endpoint (endpoint.ts) its input and answer schemas and REST paths.
 */
export interface ProcedureMeta {
  access: Access;
  input?: z.ZodType;
  answer?: z.ZodType;
  rest?: readonly RestRoute[];
  /**
   * A write that changes no session, user or cached answer (a phone's positions, several a minute
   * from every bus): the caches are left as they are after it, instead of cleared as after every
   * other mutation.
   */
  sparesCaches?: true;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    /**
     * Subscriptions (the family's live bus) over Server-Sent Events: a comment line every 15 s keeps
     * proxies from closing a quiet stream, and a client that hears nothing for 25 s reconnects,
     * naming the last event it had.
     */
    sse: {
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 25_000 },
    },
    errorFormatter({ shape, error }) {
      const issues = validationIssues(error);
      const { status, body } = describeError(error);
      // The HTTP status of the answer follows describeError too (a lost database is 503, not 500).
      // data.code is tRPC's own ('BAD_REQUEST'): the message's code travels as messageCode.
      const codes = { messageCode: body.code, issueCodes: body.issueCodes };
      // An answer's further fields (End's `students`) travel in data, as the REST answer's do beside its message.
      const details = error instanceof AppError ? error.details : undefined;
      return { ...shape, message: body.message, data: { ...shape.data, httpStatus: status, stack: undefined, issues, ...codes, ...details } };
    },
  });

export const router = t.router;
export const middleware = t.middleware;

/**
 * Who may call a procedure, settled in one middleware per kind of procedure rather than one per
 * rule: every tRPC middleware layer copies the call's options and context, and on the busiest
 * reads (a parent's or driver's list) four layers cost as much Node time as the rest of tRPC.
 * In order: signed in (401), the role (403), then the text sent (400: text the database cannot
 * keep, before any query, rather than a 500 from the database or a silently changed character),
 * so who asks is settled before what they sent. Every write goes through a mutation: after one,
 * whether it succeeded or not, the answer cache (domain/answer-cache.ts) and the session cache
 * (session-cache.ts) are cleared before its answer goes out. (The database's notice of a changed
 * user or session comes too, but a moment later.)
 */
function gate<Admitted extends object>(admit: (ctx: Context) => Admitted) {
  return t.middleware(async ({ type, meta, ctx, getRawInput, next }) => {
    try {
      const admitted = admit(ctx);
      const problem = findUnstorableText(await getRawInput());
      if (problem) throw new AppError('BAD_REQUEST', problem);
      // Only what is added: tRPC lays it over the context itself, copying each key with a
      // defineProperty, so handing it the whole context again doubled that copy on every call.
      return await next({ ctx: admitted });
    } finally {
      if (type === 'mutation' && !meta?.sparesCaches) clearCachesAfterWrite(ctx);
    }
  });
}

/**
 * A kind of procedure, taking the endpoint's declaration: `parentEndpoint({ input, answer, rest })`
 * sets the meta that the REST paths and the OpenAPI document are read from, the input schema and
 * the answer's schema as tRPC's output (checked in the tests, answers.ts).
 */
function endpointKind<Admitted extends object>(access: Access, admit: (ctx: Context) => Admitted) {
  const kind = t.procedure.use(gate(admit));
  return <Answer extends z.ZodType, Input extends z.ZodType | undefined = undefined>(endpoint: Endpoint<Input, Answer>) => {
    const input = (endpoint.input ?? NO_INPUT) as InputParser<Input>;
    const meta: ProcedureMeta = {
      access,
      input: endpoint.input,
      answer: endpoint.answer,
      rest: restRoutesOf(endpoint.rest),
      ...(endpoint.sparesCaches ? { sparesCaches: true } : {}),
    };
    // Every parser is a tRPC middleware layer, run on every call (see gate() on what a layer costs
    // on the busiest reads). The schemas type the procedure either way (the web's types come from
    // them), but a procedure that takes no input gets no input layer, and the answer's check runs
    // only when answer checks are on: `pnpm bench` showed each costing more than it is worth in
    // production (docs/performance.md, 'Answers checked against their schemas').
    const described = kind.meta(meta);
    const withInput = described.input(input);
    const declared = endpoint.input ? withInput : (described as unknown as typeof withInput);
    const checked = declared.output(checkedAnswer(endpoint.answer));
    return ANSWER_CHECKS_ON ? checked : (declared as unknown as typeof checked);
  };
}

/**
 * The day of one bus, for its crew: its driver or its attendant. `driverId` is the bus of the
 * session (the driver's own, or the one the attendant rides: domain/auth.ts resolves it), so every
 * day path reads the same bus for both. A crew account without its bus (a driver row removed by the
 * office) is refused like another role.
 */
function crewOf(ctx: Context) {
  const { user } = withRole(ctx, ...CREW_ROLES);
  if (!user.driverId) throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { user, driverId: user.driverId };
}

export const publicEndpoint = endpointKind('anyone', () => ({}));
export const signedInEndpoint = endpointKind('signed-in', signedIn);
export const parentEndpoint = endpointKind('parent', (ctx) => withRole(ctx, 'parent'));
export const crewEndpoint = endpointKind('crew', crewOf);
/**
 * A procedure of the admin console, open to the office roles that hold the permission in the
 * table of rights (PERMISSIONS in packages/contracts): anonymous 401, parents, drivers and office
 * roles without it 403. Each office procedure names its permission here and nowhere else.
 */
export const officeEndpoint = <Answer extends z.ZodType, Input extends z.ZodType | undefined = undefined>(
  permission: Permission,
  endpoint: Endpoint<Input, Answer>,
) => endpointKind(`office:${permission}`, withPermission(permission))<Answer, Input>(endpoint);

/**
 * A family's stream (the live bus over Server-Sent Events): a subscription sends events, not one
 * answer, and has no REST path, so it declares only who may follow it and what it takes.
 */
export const parentStream = <Input extends z.ZodType>(input: Input) =>
  t.procedure
    .meta({ access: 'parent', input })
    .use(gate((ctx) => withRole(ctx, 'parent')))
    .input(input);
export const createCallerFactory = t.createCallerFactory;
