/**
 * Where the bus is, when the driver allows it: one watch of the phone's position (high accuracy),
 * started when the driver starts a run and never on opening the screen. A mark carries the last
 * position the phone gave; while a run is in progress the live bus shares each one
 * (use-position-sharing.ts). A position older than this is not sent with a mark: the bus has moved on.
 */
const FRESH_FOR_MS = 2 * 60 * 1000;

export interface BusPosition {
  lat: number;
  lng: number;
  accuracy: number;
}

interface Follower {
  position(position: GeolocationPosition): void;
  error(error: GeolocationPositionError): void;
}

let latest: { position: BusPosition; time: number; raw: GeolocationPosition } | null = null;
let lastError: GeolocationPositionError | null = null;
let watching = false;
const followers = new Set<Follower>();

/** Starts following the phone's position (the browser asks the driver once); a refusal or a phone without GPS changes nothing for the marks. */
export function followBusPosition(): void {
  if (watching || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
  watching = true;
  navigator.geolocation.watchPosition(
    (raw) => {
      const { coords } = raw;
      latest = { position: { lat: coords.latitude, lng: coords.longitude, accuracy: Math.min(coords.accuracy, 100_000) }, time: Date.now(), raw };
      lastError = null;
      for (const follower of followers) follower.position(raw);
    },
    // Denied or unavailable: the marks go without a position, and the live bus says why.
    (error) => {
      lastError = error;
      for (const follower of followers) follower.error(error);
    },
    { enableHighAccuracy: true, maximumAge: 30_000 },
  );
}

/** Every position the watch gives (the last one first, if any), or why there is none; answers a stop function. */
export function onBusPosition(follower: Follower): () => void {
  followers.add(follower);
  followBusPosition();
  if (latest) follower.position(latest.raw);
  else if (lastError) follower.error(lastError);
  return () => followers.delete(follower);
}

/** The position to send with a mark made now, or null. */
export function busPosition(now = Date.now()): BusPosition | null {
  return latest && now - latest.time <= FRESH_FOR_MS ? latest.position : null;
}
