import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import {
  osmandParameters,
  osmandTrackerId,
  traccarClientBody,
  traccarForwardBody,
  TRACKER_MESSAGES,
  type ServiceArea,
  type TrackerFix,
} from '@school-transport/contracts';
import { errorBody } from '../errors.js';
import type { Clock } from '../domain/clock.js';
import type { AddressRequestLimits } from '../domain/address-limits.js';
import { busOfTracker, receiveTrackerFix } from '../domain/live-bus/tracker-fixes.js';
import type { LiveBusHub } from '../domain/live-bus/hub.js';
import type { LiveBusReader } from '../domain/live-bus/reader.js';

export interface TrackingDeps {
  db: Kysely<Database>;
  clock: Clock;
  liveBus: { hub: LiveBusHub; reader: LiveBusReader };
  serviceArea: ServiceArea;
  addressLimits: AddressRequestLimits;
  /** TRACCAR_FORWARD_SECRET: the bearer token a Traccar server's forward.header carries; unset, forwarding is off (404). */
  traccarForwardSecret: string | undefined;
}

/** One position a request: a few hundred bytes, a Traccar Client body with its extras a few kilobytes. */
const TRACKING_BODY_LIMIT = 16 * 1024;

/**
 * The tracking paths are called by trackers and tracking apps, never by a browser: they carry no
 * session and no Origin (so the cross-site check lets them in), and they are exempt from the
 * per-address request cap, because a fleet's phones may share one carrier address and a Traccar
 * server sends every bus's positions from one. What stops guessing instead: an unknown tracker
 * identifier is counted per address and hour (UNKNOWN_TRACKERS_PER_ADDRESS_PER_HOUR); Traccar's
 * forwarding needs its secret.
 */
const NO_REQUEST_CAP = { rateLimit: false } as const;

export function registerTrackingPaths(app: FastifyInstance, deps: TrackingDeps): void {
  void app.register(async (scope) => {
    // The OsmAnd protocol's POST sends its fields as a form; the query-string parser reads it (repeated fields as arrays).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: TRACKING_BODY_LIMIT }, (_req, body, done) => {
      done(null, formFields(body as string));
    });
    const osmand = (req: FastifyRequest, reply: FastifyReply) => receiveOsmand(deps, req, reply);
    scope.get('/api/tracking/osmand', { config: NO_REQUEST_CAP }, osmand);
    scope.post('/api/tracking/osmand', { config: NO_REQUEST_CAP, bodyLimit: TRACKING_BODY_LIMIT }, osmand);
    scope.post('/api/tracking/traccar', { config: NO_REQUEST_CAP, bodyLimit: TRACKING_BODY_LIMIT }, (req, reply) => receiveForwarded(deps, req, reply));
  });
}

function formFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const before = fields[name];
    fields[name] = before === undefined ? value : [...[before].flat(), value];
  }
  return fields;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * GET or POST /api/tracking/osmand: a tracking app's fix, as the OsmAnd protocol's query string or
 * form fields, or as Traccar Client 9's JSON body. 200 with an empty body once the fix is taken
 * (kept or not: the app must not send it again); an unknown or missing identifier, 404 (counted
 * per address); a fix the protocol does not describe, 400.
 */
async function receiveOsmand(deps: TrackingDeps, req: FastifyRequest, reply: FastifyReply) {
  const query = isObject(req.query) ? req.query : {};
  const body = isObject(req.body) ? req.body : {};
  // Traccar Client 9 sends JSON naming `device_id`; the OsmAnd protocol sends fields (the query string wins, as in Traccar).
  const clientJson = typeof body.device_id === 'string' || isObject(body.location);
  const fields = Object.keys(query).length > 0 || clientJson ? query : body;
  const trackerId =
    clientJson && Object.keys(query).length === 0 ? (typeof body.device_id === 'string' ? body.device_id.trim() || null : null) : osmandTrackerId(fields);
  const bus = trackerId ? await busOfTracker(deps.db, trackerId) : null;
  if (!bus) {
    await deps.addressLimits.count('unknown_tracker', req.ip);
    return reply.code(404).send(errorBody(TRACKER_MESSAGES.unknownTracker));
  }
  const parsed = clientJson && Object.keys(query).length === 0 ? traccarClientBody.safeParse(body) : osmandParameters.safeParse(fields);
  if (!parsed.success) return reply.code(400).send(errorBody(TRACKER_MESSAGES.positionInvalid));
  const fix: TrackerFix = { ...parsed.data, trackerId: trackerId! };
  await receiveTrackerFix(deps.db, deps.liveBus, deps.clock.now(), bus, fix, 'phone_app', deps.serviceArea);
  return reply.code(200).send();
}

/** Whether the request's Authorization is `Bearer <secret>`, compared in constant time (as digests, so lengths do not leak). */
function bearerMatches(header: string | undefined, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return typeof header === 'string' && timingSafeEqual(digest(header), digest(`Bearer ${secret}`));
}

/**
 * POST /api/tracking/traccar: one position a Traccar server forwards (forward.type=json). 404 while
 * TRACCAR_FORWARD_SECRET is unset; 401 without the secret; 202 { accepted } otherwise, 0 for a
 * device of no bus here (so that Traccar does not retry it for ever) and for a fix not kept.
 */
async function receiveForwarded(deps: TrackingDeps, req: FastifyRequest, reply: FastifyReply) {
  const secret = deps.traccarForwardSecret;
  if (!secret) return reply.code(404).send(errorBody(TRACKER_MESSAGES.forwardingOff));
  if (!bearerMatches(req.headers.authorization, secret)) return reply.code(401).send(errorBody(TRACKER_MESSAGES.forwardingUnauthorized));
  const parsed = traccarForwardBody.safeParse(req.body);
  if (!parsed.success) return reply.code(400).send(errorBody(TRACKER_MESSAGES.forwardingInvalid));
  const { protocol, ...fix } = parsed.data;
  const bus = await busOfTracker(deps.db, fix.trackerId);
  if (!bus) return reply.code(202).send({ accepted: 0 });
  // Traccar also decodes Traccar Client's and OsmAnd's phones: their positions are a phone app's, not a fitted tracker's.
  const outcome = await receiveTrackerFix(deps.db, deps.liveBus, deps.clock.now(), bus, fix, protocol === 'osmand' ? 'phone_app' : 'tracker', deps.serviceArea);
  return reply.code(202).send({ accepted: outcome.accepted });
}
