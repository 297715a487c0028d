import type { Kysely } from 'kysely';
import type { Database, Db } from '@school-transport/db';
import { ADMIN_MESSAGES, HANDOVER_MESSAGES, PARENT_MESSAGES, STUDENT_MESSAGES, gradeNeedsHandover, type StudentHandover } from '@school-transport/contracts';
import { AppError } from '../../errors.js';
import { isUuid } from '../ids.js';
import { recordAudit, type Actor } from '../audit.js';

/**
 * Whether a child must be handed to a named adult at the afternoon stop. The school's rule (grades
 * up to one) sets the default; a family may ask for it for an older child, and only the office may
 * lift it for a child the rule covers (a family cannot switch off a safeguard the school requires).
 */
export interface HandoverFacts {
  grade: string;
  handoverUpToGrade: string | null;
  handoverChoice: 'required' | 'lifted' | null;
}

export function handoverOf(facts: HandoverFacts): StudentHandover {
  const byRule = gradeNeedsHandover(facts.grade, facts.handoverUpToGrade);
  const required = facts.handoverChoice === 'required' || (byRule && facts.handoverChoice !== 'lifted');
  return { required, byRule };
}

function studentFacts(db: Db) {
  return db
    .selectFrom('students')
    .innerJoin('schools', 'schools.id', 'students.schoolId')
    .innerJoin('parents', 'parents.id', 'students.parentId')
    .select(['students.id', 'students.grade', 'students.handoverChoice', 'schools.handoverUpToGrade', 'parents.userId'])
    .where('students.deletedAt', 'is', null);
}

async function familyStudent(db: Db, userId: string, studentId: string) {
  const student = isUuid(studentId)
    ? await studentFacts(db).where('students.id', '=', studentId).where('parents.userId', '=', userId).executeTakeFirst()
    : undefined;
  if (!student) throw new AppError('NOT_FOUND', PARENT_MESSAGES.studentNotFound);
  return student;
}

export async function readStudentHandover(db: Db, userId: string, studentId: string): Promise<StudentHandover> {
  return handoverOf(await familyStudent(db, userId, studentId));
}

/**
 * The family's switch. On: required from now on, whatever the rule. Off: back to the school's rule,
 * refused (409) while the rule requires it and the office has not lifted it.
 */
export async function setStudentHandover(db: Kysely<Database>, now: Date, userId: string, studentId: string, required: boolean): Promise<StudentHandover> {
  const student = await familyStudent(db, userId, studentId);
  const current = handoverOf(student);
  if (required === current.required) return current;
  if (!required && student.handoverChoice !== 'lifted' && current.byRule) throw new AppError('CONFLICT', HANDOVER_MESSAGES.onlyOfficeLifts);
  const handoverChoice = required ? 'required' : null;
  await db.updateTable('students').set({ handoverChoice, updatedAt: now }).where('id', '=', student.id).execute();
  return handoverOf({ ...student, handoverChoice });
}

/** A child's handover as the office sees it, any family's child (404 for a child removed or unknown). */
export async function readOfficeStudentHandover(db: Db, studentId: string): Promise<StudentHandover> {
  const student = isUuid(studentId) ? await studentFacts(db).where('students.id', '=', studentId).executeTakeFirst() : undefined;
  if (!student) throw new AppError('NOT_FOUND', STUDENT_MESSAGES.studentNotFound);
  return handoverOf(student);
}

/** The office's choice for a child: required, lifted (false), or the school's rule (null); audited. */
export async function setOfficeStudentHandover(
  db: Kysely<Database>,
  now: Date,
  actor: Actor,
  studentId: string,
  required: boolean | null,
): Promise<StudentHandover> {
  return db.transaction().execute(async (trx) => {
    const student = isUuid(studentId) ? await studentFacts(trx).where('students.id', '=', studentId).executeTakeFirst() : undefined;
    if (!student) throw new AppError('NOT_FOUND', STUDENT_MESSAGES.studentNotFound);
    const handoverChoice = required === null ? null : required ? 'required' : 'lifted';
    if (handoverChoice !== student.handoverChoice) {
      await trx.updateTable('students').set({ handoverChoice, updatedAt: now }).where('id', '=', student.id).execute();
      await recordAudit(trx, actor, {
        entityType: 'student',
        entityId: student.id,
        action: 'handover',
        diff: { handoverChoice: { from: student.handoverChoice, to: handoverChoice } },
      });
    }
    return handoverOf({ ...student, handoverChoice });
  });
}

/** The office's rule for a school: handover required up to this grade; null removes the rule. Audited. */
export async function setSchoolHandoverRule(
  db: Kysely<Database>,
  now: Date,
  actor: Actor,
  schoolId: string,
  upToGrade: string | null,
): Promise<{ id: string; handoverUpToGrade: string | null }> {
  return db.transaction().execute(async (trx) => {
    const school = isUuid(schoolId)
      ? await trx.selectFrom('schools').select(['id', 'handoverUpToGrade']).where('id', '=', schoolId).forUpdate().executeTakeFirst()
      : undefined;
    if (!school) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.schoolNotFound);
    if (school.handoverUpToGrade !== upToGrade) {
      await trx.updateTable('schools').set({ handoverUpToGrade: upToGrade, updatedAt: now }).where('id', '=', school.id).execute();
      await recordAudit(trx, actor, {
        entityType: 'school',
        entityId: school.id,
        action: 'handover_rule',
        diff: { handoverUpToGrade: { from: school.handoverUpToGrade, to: upToGrade } },
      });
    }
    return { id: school.id, handoverUpToGrade: upToGrade };
  });
}
