import { z } from 'zod';
import { ADMIN_MESSAGES, TRACKER_MESSAGES } from './messages.js';

/**
 * Positions from a real tracker: a GPS device behind a Traccar server (its JSON position
 * forwarding) or a tracking app that keeps running with the screen locked (the OsmAnd protocol, as
 * Traccar documents it at traccar.org/osmand, and the JSON body Traccar Client 9 sends). Each is
 * read into one TrackerFix in the app's own units: degrees, metres, metres per second, percent.
 */

/** What a bus's latest position came from. */
export const POSITION_SOURCES = ['tracker', 'phone_app', 'browser'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

/** A tracker identifier's longest length (Traccar's uniqueId; an IMEI is 15 digits). */
export const TRACKER_ID_MAX_LENGTH = 64;
/** The length of an identifier the office's 'Generate' makes: long enough that nobody guesses it. */
export const GENERATED_TRACKER_ID_LENGTH = 24;
/** A tracker that reported within this many seconds is the bus's position; the phone's fixes do not move it. */
export const TRACKER_PRECEDENCE_S = 60;
/** A tracker silent this long during a run shows in amber on the office's Today tab. */
export const TRACKER_SILENT_AFTER_S = 300;
/** The settings the office is told to type into a tracking app: how often, how far, how precise. */
export const TRACKING_APP_SETTINGS = { intervalSeconds: 10, distanceMetres: 30, accuracy: 'high' } as const;
/** The path a tracking app is given as its server address (after https://<this server>). */
export const OSMAND_PATH = '/api/tracking/osmand';

/** Knots (the OsmAnd protocol's and Traccar's speed) in metres per second: a nautical mile is 1,852 m. */
export const METRES_PER_SECOND_PER_KNOT = 1852 / 3600;

/**
 * A fix without an accuracy figure (most GPS devices send none; Traccar then forwards 0) is taken
 * as this precise, in metres: a GNSS receiver's usual horizontal error under open sky. A bus's
 * tracker that marks its fix valid has a satellite fix; the figure only has to pass the 100 m bar.
 */
export const ASSUMED_TRACKER_ACCURACY_M = 20;

const TRACKER_ID_PATTERN = /^[\x21-\x7e]{1,64}$/;

/** The vehicle's tracker on the driver's form: omitted, unchanged; null or blank, none. */
export const trackerIdInput = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value === '' ? null : value))
  .pipe(z.string().regex(TRACKER_ID_PATTERN, ADMIN_MESSAGES.trackerIdInvalid).nullish());

/** A tracker's identifier as a tracking path receives it. */
const trackerId = z.string().trim().regex(TRACKER_ID_PATTERN, TRACKER_MESSAGES.unknownTracker);

/** One fix from a tracker, in the app's units. `at` null: the sender gave no time (it is then the arrival's). */
export interface TrackerFix {
  trackerId: string;
  lat: number;
  lng: number;
  /** Metres; null when the sender gives none (or 0, Traccar's 'unknown'). */
  accuracy: number | null;
  /** Metres per second. */
  speed: number | null;
  /** Degrees from north. */
  heading: number | null;
  at: string | null;
  /** Percent, 0 to 100. */
  battery: number | null;
  /** The sender's own judgement of the fix; an invalid one is dropped. */
  valid: boolean;
}

const finite = (min: number, max: number) => z.number().finite().min(min).max(max);
/** A figure some senders give as -1 when they do not know it (iOS's speed and heading): unknown. */
const unknownWhenNegative = (value: number | null | undefined) => (value === undefined || value === null || value < 0 ? null : value);
const speedMps = (value: number | null) => (value === null ? null : Math.min(value, 100));
const heading = (value: number | null) => (value === null ? null : value % 360);
const accuracy = (value: number | null) => (value === null || value <= 0 ? null : value);
const percent = (value: number | null) => (value === null ? null : Math.min(100, Math.max(0, value)));

/** A number as a query string or form field carries it. */
const numberText = z
  .string()
  .trim()
  .regex(/^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/, TRACKER_MESSAGES.positionInvalid)
  .transform(Number);

/**
 * The OsmAnd protocol's time: Unix seconds (milliseconds when beyond 32 bits, as Traccar reads it),
 * ISO 8601, or 'yyyy-MM-dd HH:mm:ss' (read as UTC).
 */
export function osmandTime(value: string): string | null {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const number = Number(text);
    return new Date(number < 2 ** 31 - 1 ? number * 1000 : number).toISOString();
  }
  const iso = text.includes('T') ? text : /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text) ? `${text.replace(' ', 'T')}Z` : null;
  if (iso === null) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A parameter repeated in a query string arrives as an array: the last one counts. */
const lastOf = (value: unknown) => (Array.isArray(value) ? value.at(-1) : value);
const field = <T extends z.ZodType>(schema: T) => z.preprocess(lastOf, schema.optional());

/**
 * GET or POST /api/tracking/osmand with the OsmAnd protocol's query string or form fields: `id`
 * or `deviceid`, `lat` and `lon` (or `location` as 'lat,lon'), `timestamp`, `speed` in knots,
 * `bearing` or `heading`, `altitude`, `accuracy` in metres, `batt` in percent, `valid`. Fields
 * the protocol lets a sender add (hdop, charge, odometer...) are ignored.
 */
export const osmandParameters = z
  .object({
    id: field(trackerId),
    deviceid: field(trackerId),
    lat: field(numberText.pipe(finite(-90, 90))),
    lon: field(numberText.pipe(finite(-180, 180))),
    location: field(z.string().regex(/^\s*[-+]?\d+(\.\d+)?\s*,\s*[-+]?\d+(\.\d+)?\s*$/, TRACKER_MESSAGES.positionInvalid)),
    timestamp: field(z.string().trim().min(1).max(40)),
    speed: field(numberText),
    bearing: field(numberText),
    heading: field(numberText),
    altitude: field(numberText),
    accuracy: field(numberText),
    batt: field(numberText),
    valid: field(z.string()),
  })
  .transform((p, ctx): Omit<TrackerFix, 'trackerId'> & { trackerId: string | null } => {
    const [lat, lng] = p.location ? p.location.split(',').map(Number) : [p.lat, p.lon];
    const at = p.timestamp === undefined ? null : osmandTime(p.timestamp);
    if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180 || (p.timestamp !== undefined && at === null)) {
      ctx.addIssue({ code: 'custom', message: TRACKER_MESSAGES.positionInvalid });
      return z.NEVER;
    }
    return {
      trackerId: p.id ?? p.deviceid ?? null,
      lat,
      lng,
      accuracy: accuracy(p.accuracy ?? null),
      speed: speedMps(unknownWhenNegative(p.speed === undefined ? null : p.speed * METRES_PER_SECOND_PER_KNOT)),
      heading: heading(unknownWhenNegative(p.bearing ?? p.heading)),
      at,
      battery: percent(p.batt ?? null),
      valid: p.valid === undefined || p.valid === 'true' || p.valid === '1',
    };
  });

/** The identifier alone, read before the rest so that an unknown one answers 404 whatever else is wrong. */
export function osmandTrackerId(parameters: Record<string, unknown>): string | null {
  const value = lastOf(parameters.id) ?? lastOf(parameters.deviceid);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * POST /api/tracking/osmand with the JSON body of Traccar Client 9 (its background location
 * SDK's own format): `device_id`, `location.timestamp` (ISO 8601), `location.coords` (latitude,
 * longitude, accuracy in metres, speed in m/s, heading in degrees, altitude), `location.battery.level`
 * from 0 to 1, `location.is_moving`.
 */
export const traccarClientBody = z
  .object({
    device_id: trackerId,
    location: z.object({
      timestamp: z.iso.datetime({ offset: true }),
      coords: z.object({
        latitude: finite(-90, 90),
        longitude: finite(-180, 180),
        accuracy: z.number().finite().nullish(),
        speed: z.number().finite().nullish(),
        heading: z.number().finite().nullish(),
        altitude: z.number().finite().nullish(),
      }),
      battery: z.object({ level: z.number().finite().nullish(), is_charging: z.boolean().nullish() }).nullish(),
      is_moving: z.boolean().nullish(),
    }),
  })
  .transform(
    ({ device_id, location }): TrackerFix => ({
      trackerId: device_id,
      lat: location.coords.latitude,
      lng: location.coords.longitude,
      accuracy: accuracy(location.coords.accuracy ?? null),
      speed: speedMps(unknownWhenNegative(location.coords.speed)),
      heading: heading(unknownWhenNegative(location.coords.heading)),
      at: new Date(location.timestamp).toISOString(),
      battery: percent(unknownWhenNegative(location.battery?.level) === null ? null : Math.round(location.battery!.level! * 1000) / 10),
      valid: true,
    }),
  );

/**
 * POST /api/tracking/traccar: one position as a Traccar server forwards it with
 * `forward.type=json`: `position` (fixTime, latitude, longitude, speed in knots, course, accuracy
 * in metres, valid, attributes.batteryLevel in percent, protocol) and `device` (uniqueId, name).
 */
export const traccarForwardBody = z
  .object({
    position: z.object({
      fixTime: z.iso.datetime({ offset: true }),
      latitude: finite(-90, 90),
      longitude: finite(-180, 180),
      speed: z.number().finite().nullish(),
      course: z.number().finite().nullish(),
      accuracy: z.number().finite().nullish(),
      valid: z.boolean().nullish(),
      protocol: z.string().max(64).nullish(),
      attributes: z.object({ batteryLevel: z.number().finite().nullish() }).nullish(),
    }),
    device: z.object({ uniqueId: z.string().trim().min(1).max(TRACKER_ID_MAX_LENGTH), name: z.string().max(500).nullish() }),
  })
  .transform(({ position, device }): TrackerFix & { protocol: string | null } => ({
    trackerId: device.uniqueId,
    lat: position.latitude,
    lng: position.longitude,
    accuracy: accuracy(position.accuracy ?? null),
    speed: speedMps(unknownWhenNegative(position.speed === undefined || position.speed === null ? null : position.speed * METRES_PER_SECOND_PER_KNOT)),
    heading: heading(unknownWhenNegative(position.course)),
    at: new Date(position.fixTime).toISOString(),
    battery: percent(unknownWhenNegative(position.attributes?.batteryLevel)),
    valid: position.valid !== false,
    protocol: position.protocol ?? null,
  }));

/** POST /api/tracking/traccar's answer to a position of no bus here (202, so that Traccar does not send it again). */
export interface ForwardedPositionAccepted {
  accepted: number;
}

/** A random tracker identifier for a tracking app (letters and digits, unambiguous ones only). */
export function generateTrackerId(random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from(random(new Uint8Array(GENERATED_TRACKER_ID_LENGTH)), (byte) => alphabet[byte % alphabet.length]).join('');
}
