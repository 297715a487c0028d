import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@school-transport/db';
import {
  STUDENT_IMPORT_MESSAGES,
  STUDENT_MESSAGES,
  type StudentImportPreview,
  type StudentImportProblem,
  type StudentImportResult,
} from '@school-transport/contracts';
import { AppError } from '../../../../errors.js';
import { recordAudit, type Actor } from '../../../audit.js';
import { withUniqueField } from '../../guards.js';
import { prepareWelcomeCodes } from '../../../account-codes.js';
import { planImport } from './plan.js';
import type { ImportPlan } from './planned-row.js';
import { readSpreadsheet } from './read-spreadsheet.js';
import { writeImport } from './write.js';

const problemsOf = (plan: ImportPlan): StudentImportProblem[] => plan.rows.flatMap((row) => row.problems);

const count = (plan: ImportPlan, action: 'create' | 'update' | 'unchanged') =>
  plan.rows.filter((row) => row.problems.length === 0 && row.action === action).length;

/** The dry run: what importing the file would do, and every problem of every row. Nothing is written. */
export async function previewStudentImport(db: Kysely<Database>, file: Uint8Array): Promise<StudentImportPreview> {
  const plan = await planImport(db, await readSpreadsheet(file));
  return {
    rows: plan.rows.length,
    create: count(plan, 'create'),
    update: count(plan, 'update'),
    unchanged: count(plan, 'unchanged'),
    errors: problemsOf(plan),
  };
}

/**
 * The import: the file read again inside one transaction (so what is written matches the database
 * it was checked against), then every row, or with validOnly the rows without problems, written,
 * and one audit row with the counts. Without validOnly a single problem refuses the whole file
 * (400 with every problem) and nothing is written.
 */
export async function importStudents(
  db: Kysely<Database>,
  actor: Actor,
  file: Uint8Array,
  options: { validOnly: boolean; sendWelcome: boolean },
): Promise<StudentImportResult> {
  const sheet = await readSpreadsheet(file);
  // The welcome codes' hashes (argon2, tens of ms each) are made before the transaction, for as
  // many new parents as the file names now, so the transaction stays short.
  const welcomeCodes = options.sendWelcome ? await prepareWelcomeCodes((await planImport(db, sheet)).newParents.size) : [];
  return withUniqueField(STUDENT_MESSAGES.parentEmailTaken, () =>
    db.transaction().execute(async (trx) => {
      const plan = await planImport(trx, sheet);
      const errors = problemsOf(plan);
      if (errors.length > 0 && !options.validOnly) throw new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.rowsInvalid, undefined, { errors });
      const summary = await writeImport(trx, actor, plan, { sendWelcome: options.sendWelcome, welcomeCodes });
      // A file that changes nothing leaves nothing behind, not even an audit row.
      if (summary.created + summary.updated > 0) {
        await recordAudit(trx, actor, {
          entityType: 'studentImport',
          entityId: randomUUID(),
          action: 'import',
          diff: { rows: plan.rows.length, ...summary, validOnly: options.validOnly, sendWelcome: options.sendWelcome },
        });
      }
      return { created: summary.created, updated: summary.updated, unchanged: summary.unchanged, skipped: summary.skipped };
    }),
  );
}
