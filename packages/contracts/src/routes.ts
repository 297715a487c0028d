import { z } from 'zod';
import { MESSAGES, ROUTE_MESSAGES } from './messages.js';
import { runRef } from './school-day.js';

/**
 * Routes: each run's stops in order and where each stop is. A stop is one address of the run
 * (siblings share it); its position on the map comes from the office's pin ('set'), else from the
 * driver's phone at the stop ('learned'), else from the parent's map link ('link').
 */

/** A box of latitudes and longitudes (degrees): its southern, western, northern and eastern edges. */
export const serviceArea = z.object({
  south: z.number(),
  west: z.number(),
  north: z.number(),
  east: z.number(),
});
export type ServiceArea = z.output<typeof serviceArea>;

/** GET /api/map-settings: where the run map's tiles come from, the credit shown on the map, and where the buses drive. */
export const mapSettings = z.object({
  /** A raster tile address with {z}, {x} and {y} (and {s} for a server's subdomains). */
  tileUrl: z.string(),
  /** HTML: the tiles' credit with its link. */
  attribution: z.string(),
  /** Where the buses drive (SERVICE_AREA): a fix from the phone outside it is dropped as implausible. */
  serviceArea,
});
export type MapSettings = z.output<typeof mapSettings>;
export const mapSettingsAnswer = z.object({ map: mapSettings });

/** Bahrain and the King Fahd Causeway, with a margin: 25.5–26.5 N, 50.2–50.9 E. */
export const DEFAULT_SERVICE_AREA: ServiceArea = { south: 25.5, west: 50.2, north: 26.5, east: 50.9 };

export const DEFAULT_MAP_SETTINGS: MapSettings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  serviceArea: DEFAULT_SERVICE_AREA,
};

/** Whether a point lies inside the service area (its edges included). */
export function insideServiceArea(area: ServiceArea, point: { lat: number; lng: number }): boolean {
  return point.lat >= area.south && point.lat <= area.north && point.lng >= area.west && point.lng <= area.east;
}

export const STOP_LOCATION_SOURCES = ['set', 'learned', 'link'] as const;
export type StopLocationSource = (typeof STOP_LOCATION_SOURCES)[number];

export const latLng = z.object({
  lat: z.number(),
  lng: z.number(),
});
export type LatLng = z.output<typeof latLng>;
/** The position a pasted map link names. */
export const linkPositionAnswer = z.object({ position: latLng });

export const stopLocation = latLng.extend({
  source: z.enum(STOP_LOCATION_SOURCES),
});
export type StopLocation = z.output<typeof stopLocation>;

export const runStop = z.object({
  id: z.string(),
  /** 1 for the first stop of the run. */
  position: z.number(),
  address: z.string(),
  students: z.array(z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })),
  location: stopLocation.nullable(),
});
export type RunStop = z.output<typeof runStop>;

/** GET /api/admin/drivers/{id}/runs/{run}/stops. */
export const runStops = z.object({
  stops: z.array(runStop),
  /** The bus's seats; null when the vehicle has no seat count (no limit). */
  seats: z.number().nullable(),
  riders: z.number(),
  /** Who ordered this run last (null: never ordered; an afternoon then follows the morning reversed). */
  orderedBy: z.object({ name: z.string(), at: z.string() }).nullable(),
});
export type RunStops = z.output<typeof runStops>;

/** A learned position counts only from fixes better than this (metres). */
export const LEARNED_ACCURACY_METRES = 50;
/** A learned position is the median of this many latest marks at the stop. */
export const LEARNED_MARKS = 5;

const id = z.string().trim().min(1).max(64);

export const runStopsQuery = z.object({ driverId: id, run: runRef });
export type RunStopsQuery = z.input<typeof runStopsQuery>;

const stopIds = z.array(id, { error: ROUTE_MESSAGES.stopsChanged }).max(500, MESSAGES.tooLong);

/** PUT /api/admin/drivers/{id}/runs/{run}/stops/order. */
export const officeStopOrderInput = z.object({ driverId: id, run: runRef, stopIds });
/** PUT /api/driver/runs/{run}/stops/order. */
export const driverStopOrderInput = z.object({ run: runRef, stopIds });
export type StopOrderInput = z.input<typeof driverStopOrderInput>;

const latitude = z.number({ error: ROUTE_MESSAGES.locationInvalid }).min(-90, ROUTE_MESSAGES.locationInvalid).max(90, ROUTE_MESSAGES.locationInvalid);
const longitude = z.number({ error: ROUTE_MESSAGES.locationInvalid }).min(-180, ROUTE_MESSAGES.locationInvalid).max(180, ROUTE_MESSAGES.locationInvalid);

/** PUT /api/admin/drivers/{id}/runs/{run}/stops/{stopId}/location: the office's pin. */
export const stopLocationInput = z.object({ driverId: id, run: runRef, stopId: id, lat: latitude, lng: longitude });
/** DELETE of the same path: the pin removed, the learned or linked position shows again. */
export const stopRefInput = z.object({ driverId: id, run: runRef, stopId: id });

/** A map link the office pastes to pin a stop, for the server to read (it may follow a short link). */
export const mapLinkInput = z.object({ link: z.string().trim().min(1).max(2000) });

/** Whether a link is a Google Maps short link, whose position only the server can find by following it. */
export function isShortMapLinkText(link: string): boolean {
  return /^(?:https?:\/\/)?(?:maps\.app\.goo\.gl\/|goo\.gl\/maps(?:\/|$))/i.test(link.trim());
}

/**
 * The key that makes children one stop: block, road and house as written by different people
 * ('Block 0901', 'blk 901') come out the same; without them, the address text. Case, punctuation,
 * the words block/road/house and leading zeros do not matter.
 */
export function stopAddressKey(student: { block: string; road: string; houseBuilding: string; address: string }): string {
  const part = (value: string) =>
    value
      .toLowerCase()
      .replace(/\b(block|blk|road|rd|house|building|bldg|villa|avenue|ave)\b/g, ' ')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
      .split(' ')
      .filter(Boolean)
      .map((word) => (/^\d+$/.test(word) ? String(Number(word)) : word))
      .join(' ');
  const [block, road, house] = [part(student.block), part(student.road), part(student.houseBuilding)];
  if (block && road && house) return `${block}/${road}/${house}`;
  return `text:${part(student.address)}`;
}

const COORDINATES = /^(?:loc:)?\s*([+-]?\d{1,2}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)(?![\d.])/i;

function coordinatesIn(text: string | null | undefined): LatLng | null {
  if (!text) return null;
  const match = COORDINATES.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/**
 * The coordinates in a parent's Google Maps or Apple Maps link: '?q=26.2235,50.5876' (also
 * query=, ll= and Apple's sll=), or '@26.2235,50.5876,17z' in the path. Null for a link without
 * coordinates (a short link or a place name): nothing is fetched here. The server follows a Google
 * Maps short link when the office saves it and stores the long link (apps/api's short-links.ts).
 */
export function parseLocationLink(link: string | null | undefined): LatLng | null {
  const text = link?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  for (const name of ['q', 'query', 'll', 'sll', 'daddr', 'destination']) {
    const found = coordinatesIn(url.searchParams.get(name)?.trim());
    if (found) return found;
  }
  const at = /@(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)/.exec(decodeURIComponent(url.pathname));
  return at ? coordinatesIn(`${at[1]},${at[2]}`) : null;
}

/** The distance in metres between two points on the earth (haversine, mean radius). */
export function distanceMetres(from: LatLng, to: LatLng): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * 'Order by distance': from the first stop (schools have no position), the nearest stop not yet
 * visited, then the nearest to that, and so on. Stops without a position keep their order after
 * the others, for the office to place by hand.
 */
export function orderByDistance<Stop extends { location: LatLng | null }>(stops: readonly Stop[]): Stop[] {
  const placed = stops.filter((stop) => stop.location);
  const unplaced = stops.filter((stop) => !stop.location);
  if (placed.length === 0) return [...stops];
  const ordered = [placed[0]!];
  const left = placed.slice(1);
  while (left.length > 0) {
    const here = ordered.at(-1)!.location!;
    let nearest = 0;
    for (let index = 1; index < left.length; index += 1) {
      if (distanceMetres(here, left[index]!.location!) < distanceMetres(here, left[nearest]!.location!)) nearest = index;
    }
    ordered.push(left.splice(nearest, 1)[0]!);
  }
  return [...ordered, ...unplaced];
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
