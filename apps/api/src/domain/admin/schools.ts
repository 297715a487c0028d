import { sql, type Kysely } from 'kysely';
import type { Database, Db, School } from '@school-transport/db';
import { ADMIN_MESSAGES, type AdminSchool, type schoolInput, type schoolUpdate } from '@school-transport/contracts';
import type { z } from 'zod';
import { changedFields, recordAudit, type Actor } from '../audit.js';
import { assertUuid, conflict, notFound, withUniqueField } from './guards.js';

function toView(row: School & { studentCount: number | string | bigint }): AdminSchool {
  return {
    id: row.id,
    schoolCode: row.schoolCode,
    name: row.name,
    address: row.address,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    handoverUpToGrade: row.handoverUpToGrade,
    active: row.active,
    studentCount: Number(row.studentCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function schoolsWithCounts(db: Db) {
  return db
    .selectFrom('schools')
    .selectAll('schools')
    .select((eb) =>
      eb
        .selectFrom('students')
        .whereRef('students.schoolId', '=', 'schools.id')
        .where('students.deletedAt', 'is', null)
        .select(eb.fn.countAll<string>().as('n'))
        .as('studentCount'),
    );
}

async function findSchool(db: Db, id: string): Promise<AdminSchool> {
  const row = await schoolsWithCounts(db).where('schools.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MESSAGES.schoolNotFound);
  return toView({ ...row, studentCount: row.studentCount ?? 0 });
}

export async function listSchools(db: Kysely<Database>): Promise<AdminSchool[]> {
  const rows = await schoolsWithCounts(db).orderBy('schools.name').execute();
  return rows.map((row) => toView({ ...row, studentCount: row.studentCount ?? 0 }));
}

/** School codes are compared without case: 'isb' and 'ISB' are one school to the office. */
async function assertCodeFree(db: Db, schoolCode: string, exceptId?: string): Promise<void> {
  let query = db.selectFrom('schools').select('id').where(sql<string>`lower(school_code)`, '=', schoolCode.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(ADMIN_MESSAGES.schoolCodeTaken);
}

function detailsOf(input: z.output<typeof schoolInput>) {
  return {
    schoolCode: input.schoolCode,
    name: input.name,
    address: input.address ?? null,
    contactName: input.contactName ?? null,
    contactPhone: input.contactPhone ?? null,
  };
}

export async function createSchool(db: Kysely<Database>, actor: Actor, input: z.output<typeof schoolInput>): Promise<AdminSchool> {
  return withUniqueField(ADMIN_MESSAGES.schoolCodeTaken, () =>
    db.transaction().execute(async (trx) => {
      await assertCodeFree(trx, input.schoolCode);
      const values = detailsOf(input);
      const row = await trx.insertInto('schools').values(values).returning('id').executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { entityType: 'school', entityId: row.id, action: 'create', diff: values });
      return findSchool(trx, row.id);
    }),
  );
}

export async function updateSchool(db: Kysely<Database>, actor: Actor, input: z.output<typeof schoolUpdate>): Promise<AdminSchool> {
  assertUuid(input.id, ADMIN_MESSAGES.schoolNotFound);
  return withUniqueField(ADMIN_MESSAGES.schoolCodeTaken, () =>
    db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('schools').selectAll().where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!before) throw notFound(ADMIN_MESSAGES.schoolNotFound);
      await assertCodeFree(trx, input.schoolCode, input.id);
      const after = { ...detailsOf(input), ...(input.active === undefined ? {} : { active: input.active }) };
      const diff = changedFields(before, after);
      if (Object.keys(diff).length > 0) {
        await trx
          .updateTable('schools')
          .set({ ...after, updatedAt: new Date() })
          .where('id', '=', input.id)
          .execute();
        const action = 'active' in diff ? (input.active ? 'reactivate' : 'deactivate') : 'update';
        await recordAudit(trx, actor, { entityType: 'school', entityId: input.id, action, diff });
      }
      return findSchool(trx, input.id);
    }),
  );
}
