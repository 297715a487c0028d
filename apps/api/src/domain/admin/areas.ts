import { sql, type Kysely } from 'kysely';
import type { Area, Database, Db } from '@school-transport/db';
import { ADMIN_MESSAGES, type AdminArea, type areaInput, type areaUpdate } from '@school-transport/contracts';
import type { z } from 'zod';
import { changedFields, recordAudit, type Actor } from '../audit.js';
import { conflict, notFound, withUniqueField } from './guards.js';

function toView(row: Area & { studentCount: number | string | bigint | null }): AdminArea {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    roundaboutCount: row.roundaboutCount ?? 0,
    active: row.active,
    studentCount: Number(row.studentCount ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function areasWithCounts(db: Db) {
  return db
    .selectFrom('areas')
    .selectAll('areas')
    .select((eb) =>
      eb
        .selectFrom('students')
        .whereRef('students.areaId', '=', 'areas.id')
        .where('students.deletedAt', 'is', null)
        .select(eb.fn.countAll<string>().as('n'))
        .as('studentCount'),
    );
}

async function findArea(db: Db, id: string): Promise<AdminArea> {
  const row = await areasWithCounts(db).where('areas.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MESSAGES.areaNotFound);
  return toView(row);
}

export async function listAreas(db: Kysely<Database>): Promise<AdminArea[]> {
  // Numeric order of the ids (area-001, area-002 ...) is the order the office created them in.
  return (await areasWithCounts(db).orderBy('areas.id').execute()).map(toView);
}

/** Area names are unique without case (the database's index is on lower(name)). */
async function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom('areas').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(ADMIN_MESSAGES.areaNameTaken);
}

export async function createArea(db: Kysely<Database>, actor: Actor, input: z.output<typeof areaInput>): Promise<AdminArea> {
  return withUniqueField(ADMIN_MESSAGES.areaNameTaken, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, input.name);
      const values = { name: input.name, price: input.price, roundaboutCount: input.roundaboutCount };
      const row = await trx.insertInto('areas').values(values).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { entityType: 'area', entityId: row.id, action: 'create', diff: values });
      return findArea(trx, row.id);
    }),
  );
}

/**
 * Edits an area. A new price reaches the area's registered students only when the admin chose
 * so; the audit row records that choice and how many students it changed.
 */
export async function updateArea(db: Kysely<Database>, actor: Actor, input: z.output<typeof areaUpdate>): Promise<AdminArea> {
  return withUniqueField(ADMIN_MESSAGES.areaNameTaken, () =>
    db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('areas').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!before) throw notFound(ADMIN_MESSAGES.areaNotFound);
      await assertNameFree(trx, input.name, input.id);
      const after = {
        name: input.name,
        price: input.price,
        roundaboutCount: input.roundaboutCount,
        ...(input.active === undefined ? {} : { active: input.active }),
      };
      const diff: Record<string, unknown> = changedFields({ ...before, roundaboutCount: before.roundaboutCount ?? 0 }, after);
      if (Object.keys(diff).length === 0) return findArea(trx, input.id);

      await trx
        .updateTable('areas')
        .set({ ...after, updatedAt: new Date() })
        .where('id', '=', input.id)
        .execute();
      if ('price' in diff) {
        let studentsUpdated = 0;
        if (input.applyPriceToStudents) {
          const result = await trx
            .updateTable('students')
            .set({ priceBhd: input.price, updatedAt: new Date() })
            .where('areaId', '=', input.id)
            .executeTakeFirst();
          studentsUpdated = Number(result.numUpdatedRows);
        }
        diff.applyPriceToStudents = input.applyPriceToStudents;
        diff.studentsUpdated = studentsUpdated;
      }
      const action = 'active' in diff ? (input.active ? 'reactivate' : 'deactivate') : 'update';
      await recordAudit(trx, actor, { entityType: 'area', entityId: input.id, action, diff });
      return findArea(trx, input.id);
    }),
  );
}
