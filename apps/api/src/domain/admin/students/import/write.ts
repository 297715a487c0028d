import { sql, type Transaction } from 'kysely';
import type { Database } from '@school-transport/db';
import type { StudentImportResult } from '@school-transport/contracts';
import type { Actor } from '../../../audit.js';
import { issueWelcomeCodes, type PreparedCode } from '../../../account-codes.js';
import { assertSeats, type SeatChange } from '../../../routes/seats.js';
import type { ImportPlan, PlannedRow, StudentValues } from './planned-row.js';

/** Rows per INSERT or UPDATE statement: a few hundred keep each statement's parameters well under PostgreSQL's limit. */
const WRITE_CHUNK = 300;

/**
 * The password hash of a parent the import makes: no password matches it (it is not an argon2
 * hash), so the account cannot be signed in to until a welcome or reset code sets one.
 */
export const NO_PASSWORD = '!imported-without-password';

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += WRITE_CHUNK) out.push(items.slice(start, start + WRITE_CHUNK));
  return out;
}

export interface WriteSummary extends StudentImportResult {
  parentsCreated: number;
  welcomeCodesSent: number;
}

/**
 * Writes the plan's valid rows in the caller's transaction: new parents, new students and changed
 * students, each in a few set-based statements. The seat rule is checked again first, with the
 * drivers locked, so an assignment made since the rows were read cannot overfill a bus.
 */
export async function writeImport(
  trx: Transaction<Database>,
  actor: Actor,
  plan: ImportPlan,
  options: { sendWelcome: boolean; welcomeCodes?: readonly PreparedCode[] },
): Promise<WriteSummary> {
  const valid = plan.rows.filter((row) => row.problems.length === 0);
  const creates = valid.filter((row) => row.action === 'create');
  const updates = valid.filter((row) => row.action === 'update');

  const seatChanges: SeatChange[] = [...creates, ...updates].map((row) => ({
    studentId: row.student?.id ?? null,
    driverId: row.values.driverId,
    serviceType: row.values.serviceType,
    schoolId: row.values.schoolId,
  }));
  await assertSeats(trx, actor, seatChanges);

  const parentIds = await createParents(trx, plan, creates);
  const welcomeCodesSent = options.sendWelcome ? await issueWelcomeCodes(trx, parentIds.userIds, actor.userId, options.welcomeCodes) : 0;

  const now = new Date();
  for (const chunk of chunks(creates)) {
    await trx
      .insertInto('students')
      .values(
        chunk.map((row) => ({
          ...row.values,
          parentId: row.parent!.kind === 'existing' ? row.parent!.parentId : parentIds.byEmail.get(row.parent!.email)!,
          termsVersionId: plan.activeTermsId,
          termsAcceptedAt: plan.activeTermsId ? now : null,
          termsIp: plan.activeTermsId ? actor.ip : null,
        })),
      )
      .execute();
  }
  for (const chunk of chunks(updates)) await updateStudents(trx, chunk);

  return {
    created: creates.length,
    updated: updates.length,
    unchanged: valid.filter((row) => row.action === 'unchanged').length,
    skipped: plan.rows.length - valid.length,
    parentsCreated: parentIds.userIds.length,
    welcomeCodesSent,
  };
}

/** The new parents the written rows need (a parent whose rows were all skipped is not made). */
async function createParents(
  trx: Transaction<Database>,
  plan: ImportPlan,
  creates: PlannedRow[],
): Promise<{ byEmail: Map<string, string>; userIds: string[] }> {
  const emails = [...new Set(creates.flatMap((row) => (row.parent?.kind === 'new' ? [row.parent.email] : [])))];
  const byEmail = new Map<string, string>();
  const userIds: string[] = [];
  for (const chunk of chunks(emails)) {
    const users = await trx
      .insertInto('users')
      .values(
        chunk.map((email) => ({
          email,
          name: plan.newParents.get(email)!.name,
          phone: plan.newParents.get(email)!.phone,
          role: 'parent' as const,
          passwordHash: NO_PASSWORD,
        })),
      )
      .returning(['id', 'email', 'phone'])
      .execute();
    const parents = await trx
      .insertInto('parents')
      .values(users.map((user) => ({ userId: user.id, whatsappNumber: user.phone })))
      .returning(['id', 'userId'])
      .execute();
    const parentOfUser = new Map(parents.map((parent) => [parent.userId, parent.id]));
    for (const user of users) {
      byEmail.set(user.email!, parentOfUser.get(user.id)!);
      userIds.push(user.id);
    }
  }
  return { byEmail, userIds };
}

/** The columns an update writes, with the SQL type each value is cast to in the VALUES list. */
const UPDATE_COLUMNS: [keyof StudentValues, string, string][] = [
  ['schoolId', 'school_id', 'uuid'],
  ['firstName', 'first_name', 'text'],
  ['fathersName', 'fathers_name', 'text'],
  ['lastName', 'last_name', 'text'],
  ['grade', 'grade', 'text'],
  ['class', 'class', 'text'],
  ['studentSchoolId', 'student_school_id', 'text'],
  ['contactNumber1', 'contact_number1', 'text'],
  ['contactNumber2', 'contact_number2', 'text'],
  ['serviceType', 'service_type', 'text'],
  ['priceBhd', 'price_bhd', 'numeric'],
  ['areaId', 'area_id', 'text'],
  ['roundabout', 'roundabout', 'integer'],
  ['address', 'address', 'text'],
  ['address2', 'address2', 'text'],
  ['flatHome', 'flat_home', 'text'],
  ['houseBuilding', 'house_building', 'text'],
  ['road', 'road', 'text'],
  ['block', 'block', 'text'],
  ['driverId', 'driver_id', 'uuid'],
];

/** One UPDATE ... FROM (VALUES ...) for a chunk of changed students. */
async function updateStudents(trx: Transaction<Database>, rows: PlannedRow[]): Promise<void> {
  const tuples = rows.map(
    (row) => sql`(${sql.join([sql`${row.student!.id}::uuid`, ...UPDATE_COLUMNS.map(([key, , type]) => sql`${row.values[key]}::${sql.raw(type)}`)])})`,
  );
  const names = sql.raw(['id', ...UPDATE_COLUMNS.map(([, column]) => column)].map((column) => `"${column}"`).join(', '));
  const sets = sql.raw(UPDATE_COLUMNS.map(([, column]) => `"${column}" = v."${column}"`).join(', '));
  await sql`UPDATE students AS s SET ${sets}, updated_at = now() FROM (VALUES ${sql.join(tuples)}) AS v(${names}) WHERE s.id = v.id AND s.deleted_at IS NULL`.execute(
    trx,
  );
}
