import { sql } from 'kysely';
import type { Db } from '@school-transport/db';
import { LEARNED_ACCURACY_METRES, LEARNED_MARKS, median, parseLocationLink, type LatLng, type StopLocation } from '@school-transport/contracts';

/**
 * Where each stop is, in the order of trust: the office's pin ('set'); where the driver's phone was
 * when marking the stop's children boarded in the morning or dropped in the afternoon ('learned':
 * the median of the latest five fixes better than 50 m, so one fix taken down the road does not
 * move the stop); the coordinates in the parent's map link ('link').
 */

export interface LocatedStop {
  addressKey: string;
  riders: readonly { id: string; locationLink: string | null }[];
}

interface Fix extends LatLng {
  studentId: string;
  at: Date;
}

/** The latest good fixes of each student at home: a few per student, whatever the number of marks. */
async function homeFixes(db: Db, studentIds: readonly string[]): Promise<Fix[]> {
  if (studentIds.length === 0) return [];
  const ranked = db
    .selectFrom('runMarks')
    .innerJoin('schoolRuns', 'schoolRuns.id', 'runMarks.runId')
    .select([
      'runMarks.studentId',
      'runMarks.at',
      sql<number>`(run_marks.position->>'lat')::float8`.as('lat'),
      sql<number>`(run_marks.position->>'lng')::float8`.as('lng'),
      sql<number>`row_number() over (partition by run_marks.student_id order by run_marks.at desc, run_marks.created_at desc)`.as('rank'),
    ])
    .where('runMarks.studentId', 'in', [...studentIds])
    .where('runMarks.position', 'is not', null)
    // An undone mark was a wrong tap, perhaps far from the child's home.
    .where('runMarks.undoneAt', 'is', null)
    .where(sql<boolean>`(run_marks.position->>'accuracy')::float8 < ${LEARNED_ACCURACY_METRES}`)
    .where((eb) =>
      eb.or([
        eb.and([eb('runMarks.event', '=', 'boarded'), eb('schoolRuns.run', '=', 'morning')]),
        eb.and([eb('runMarks.event', '=', 'dropped'), eb('schoolRuns.run', '=', 'afternoon')]),
      ]),
    )
    .as('ranked');
  const rows = await db.selectFrom(ranked).select(['studentId', 'at', 'lat', 'lng']).where('rank', '<=', LEARNED_MARKS).execute();
  return rows.map((row) => ({ studentId: row.studentId, at: new Date(row.at), lat: Number(row.lat), lng: Number(row.lng) }));
}

/** The median of the latest fixes of the stop's children (siblings' marks count together). */
export function learnedLocation(fixes: readonly Fix[]): LatLng | null {
  const latest = [...fixes].sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, LEARNED_MARKS);
  if (latest.length === 0) return null;
  return { lat: median(latest.map((fix) => fix.lat)), lng: median(latest.map((fix) => fix.lng)) };
}

/** Each stop's location by its address key (null: nowhere known yet). */
export async function stopLocations(db: Db, stops: readonly LocatedStop[]): Promise<Map<string, StopLocation | null>> {
  const keys = stops.map((stop) => stop.addressKey);
  const [pins, fixes] = await Promise.all([
    keys.length === 0 ? [] : db.selectFrom('stopLocations').select(['addressKey', 'lat', 'lng']).where('addressKey', 'in', keys).execute(),
    homeFixes(
      db,
      stops.flatMap((stop) => stop.riders.map((rider) => rider.id)),
    ),
  ]);
  const located = new Map<string, StopLocation | null>();
  for (const stop of stops) {
    const pin = pins.find((row) => row.addressKey === stop.addressKey);
    const ids = new Set(stop.riders.map((rider) => rider.id));
    const learned = learnedLocation(fixes.filter((fix) => ids.has(fix.studentId)));
    const link = stop.riders.map((rider) => parseLocationLink(rider.locationLink)).find(Boolean) ?? null;
    const location: StopLocation | null = pin
      ? { lat: Number(pin.lat), lng: Number(pin.lng), source: 'set' }
      : learned
        ? { ...learned, source: 'learned' }
        : link
          ? { ...link, source: 'link' }
          : null;
    located.set(stop.addressKey, location);
  }
  return located;
}
