import type { Db } from '@school-transport/db';
import { insideServiceArea, MAX_BUS_SPEED_KMH, type DriverRun, type PositionFix, type ServiceArea } from '@school-transport/contracts';
import { haversineMetres } from './eta.js';

/** The fastest a bus goes, in metres per second. */
const MAX_SPEED_MPS = (MAX_BUS_SPEED_KMH * 1000) / 3600;

/** A fix the run already kept: where and when. */
export interface AcceptedFix {
  lat: number;
  lng: number;
  at: Date;
}

/**
 * The fixes a bus could have taken: inside the service area, and each no further from the fix
 * kept before it (the run's previous accepted fix, then the batch's own in time order) than the
 * bus could go at MAX_BUS_SPEED_KMH. A fix dropped here is not the one the next is measured from,
 * so one wild jump does not drag the next good fixes with it; after a wrong first fix the good
 * ones are kept again once the time since it makes the distance possible.
 */
export function plausibleFixes(fixes: readonly PositionFix[], previous: AcceptedFix | null, area: ServiceArea): { kept: PositionFix[]; implausible: number } {
  const kept: PositionFix[] = [];
  let implausible = 0;
  let last = previous;
  const inTimeOrder = [...fixes].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  for (const fix of inTimeOrder) {
    const at = new Date(fix.at);
    if (!insideServiceArea(area, fix) || (last && !reachable(last, fix, at))) {
      implausible++;
      continue;
    }
    kept.push(fix);
    last = { lat: fix.lat, lng: fix.lng, at };
  }
  return { kept, implausible };
}

function reachable(from: AcceptedFix, to: { lat: number; lng: number }, at: Date): boolean {
  const seconds = Math.max(0, (at.getTime() - from.at.getTime()) / 1000);
  return haversineMetres(from, to) <= MAX_SPEED_MPS * seconds;
}

/**
 * The run's latest kept fix taken before `before` (the batch's oldest): one row from the trail's
 * index on (driver, date, run, at), read before the batch's statement.
 */
export async function previousAcceptedFix(db: Db, driverId: string, date: string, run: DriverRun, before: Date): Promise<AcceptedFix | null> {
  const row = await db
    .selectFrom('runPositions')
    .select(['lat', 'lng', 'at'])
    .where('driverId', '=', driverId)
    .where('date', '=', date)
    .where('run', '=', run)
    .where('at', '<', before)
    .orderBy('at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { lat: Number(row.lat), lng: Number(row.lng), at: new Date(row.at) } : null;
}
