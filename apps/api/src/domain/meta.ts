import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import type { MetaView } from '@school-transport/contracts';

/** The queries behind readMeta (the benchmark's floor runs the same SQL). */
export function metaQueries(db: Kysely<Database>) {
  return {
    schools: db.selectFrom('schools').select(['id', 'name']).where('active', '=', true).orderBy('name'),
    areas: db.selectFrom('areas').select(['id', 'name', 'price', 'roundaboutCount']).where('active', '=', true).orderBy('name'),
  };
}

/** What the registration form chooses from: active schools and active areas with their prices. */
export async function readMeta(db: Kysely<Database>): Promise<MetaView> {
  const queries = metaQueries(db);
  const [schools, areas] = await Promise.all([queries.schools.execute(), queries.areas.execute()]);
  return {
    schools,
    areas: areas.map((area) => ({ ...area, roundaboutCount: area.roundaboutCount ?? 0 })),
  };
}
