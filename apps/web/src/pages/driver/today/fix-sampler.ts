import { FIX_HEARTBEAT_MS, FIX_MIN_DISTANCE_M, FIX_MIN_INTERVAL_MS, MAX_FIX_ACCURACY_M } from '@school-transport/contracts';

/**
 * Which of the phone's positions are sent while a run is in progress: a fix less precise than
 * 100 m never; while moving, one once the bus has gone 30 m, but not more often than every
 * 10 seconds; standing still, one every 20 seconds, so the family sees the bus is there and not
 * lost. Enough for an honest map, little enough for a driver's data plan and battery.
 */
export interface SampledFix {
  lat: number;
  lng: number;
  accuracy: number;
  /** Milliseconds since the epoch, as the phone took it. */
  time: number;
}

const EARTH_RADIUS_M = 6_371_000;

function metresBetween(a: SampledFix, b: SampledFix): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * 'send' now; 'wait' until `due` (it moved far enough, but too soon after the last: the newest such
 * fix goes when the 10 seconds are up, even if the phone reports nothing newer); 'skip'.
 */
export type Verdict = 'send' | 'wait' | 'skip';

export class FixSampler {
  private lastSent: SampledFix | null = null;

  /** Whether to send this fix; a fix sent becomes the one the next is measured from. */
  offer(fix: SampledFix): Verdict {
    if (fix.accuracy > MAX_FIX_ACCURACY_M) return 'skip';
    const last = this.lastSent;
    if (last) {
      const elapsed = fix.time - last.time;
      const moved = metresBetween(last, fix) >= FIX_MIN_DISTANCE_M;
      if (!moved && elapsed < FIX_HEARTBEAT_MS) return 'skip';
      if (elapsed < FIX_MIN_INTERVAL_MS) return 'wait';
    }
    this.lastSent = fix;
    return 'send';
  }

  /** When a fix told to wait may go (milliseconds since the epoch). */
  due(): number {
    return (this.lastSent?.time ?? 0) + FIX_MIN_INTERVAL_MS;
  }

  /** A fix told to wait goes now (its time is up): it becomes the one the next is measured from. */
  sent(fix: SampledFix): void {
    this.lastSent = { ...fix, time: Math.max(fix.time, this.due()) };
  }
}
