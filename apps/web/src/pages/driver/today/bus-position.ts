/**
 * Where the bus is, when the driver allows it: a mark carries the last position the phone gave.
 * Location is never required to mark, and it is first asked for when the driver starts a run,
 * never on opening the screen. A position older than this is not sent: the bus has moved on.
 */
const FRESH_FOR_MS = 2 * 60 * 1000;

export interface BusPosition {
  lat: number;
  lng: number;
  accuracy: number;
}

let latest: { position: BusPosition; time: number } | null = null;
let watching = false;

/** Starts following the phone's position (the browser asks the driver once); a refusal or a phone without GPS changes nothing. */
export function followBusPosition(): void {
  if (watching || typeof navigator === 'undefined' || !('geolocation' in navigator)) return;
  watching = true;
  navigator.geolocation.watchPosition(
    ({ coords }) => {
      latest = { position: { lat: coords.latitude, lng: coords.longitude, accuracy: Math.min(coords.accuracy, 100_000) }, time: Date.now() };
    },
    // Denied or unavailable: the marks go without a position.
    () => undefined,
    { enableHighAccuracy: true, maximumAge: 30_000 },
  );
}

/** The position to send with a mark made now, or null. */
export function busPosition(now = Date.now()): BusPosition | null {
  return latest && now - latest.time <= FRESH_FOR_MS ? latest.position : null;
}
