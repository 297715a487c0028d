import { sql } from 'kysely';
import type { Db } from '@school-transport/db';

/**
 * Many students at once, written by the database itself (generate_series), each with a parent of
 * their own, spread over the given schools, areas and drivers; a tenth without a driver, about
 * half paid, 1% deleted. For the tests of the list at scale.
 */
export async function seedStudents(
  db: Db,
  options: { count: number; schoolIds: string[]; areaIds: string[]; driverIds: string[]; tag?: string },
): Promise<void> {
  const tag = options.tag ?? 'seed';
  const schools = sql`${sql.val(options.schoolIds)}::uuid[]`;
  const areas = sql`${sql.val(options.areaIds)}::text[]`;
  const drivers = sql`${sql.val(options.driverIds)}::uuid[]`;
  await sql`
    WITH new_users AS (
      INSERT INTO users (email, password_hash, role, name, phone)
      SELECT ${tag} || '-parent-' || g || '@example.com', 'not-a-hash', 'parent', 'Parent ' || g, (50000000 + g)::text
      FROM generate_series(1, ${options.count}) AS g
      RETURNING id, phone
    ), new_parents AS (
      INSERT INTO parents (user_id, whatsapp_number) SELECT id, phone FROM new_users RETURNING id
    ), numbered AS (
      SELECT id, row_number() OVER () AS g FROM new_parents
    )
    INSERT INTO students (school_id, first_name, fathers_name, last_name, grade, student_school_id, contact_number1, service_type,
      price_bhd, area_id, address, house_building, road, block, parent_id, driver_id, payment_status, deleted_at, created_at)
    SELECT
      (${schools})[1 + g % cardinality(${schools})],
      'First' || g, 'Father' || (g % 97), 'Family' || g, '3', 'S' || g, (60000000 + g)::text, 'BOTH', 30,
      (${areas})[1 + g % cardinality(${areas})],
      'Block 1', '1', '2', '3', id,
      CASE WHEN g % 10 = 0 OR cardinality(${drivers}) = 0 THEN NULL ELSE (${drivers})[1 + g % cardinality(${drivers})] END,
      CASE WHEN g % 2 = 0 THEN 'paid' ELSE 'unpaid' END,
      CASE WHEN g % 100 = 7 THEN now() ELSE NULL END,
      now() - (g || ' minutes')::interval
    FROM numbered
  `.execute(db);
}
