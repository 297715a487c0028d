import type { HttpClient, TestServer } from './harness.js';
import { createParent, createStudent, type StudentColumns } from './factories.js';
import { generateFeesForMonth } from '../domain/fees/generate.js';

export interface Family {
  /** The parent, signed in. */
  parent: HttpClient;
  studentId: string;
}

/** A family of its own with one child (the student's columns as `createStudent` takes them), its parent signed in. */
export async function createFamily(t: TestServer, student: Omit<StudentColumns, 'parentId'>): Promise<Family> {
  const parent = await createParent(t.db);
  const { id } = await createStudent(t.db, { ...student, parentId: parent.parentId });
  return { parent: await t.signIn(parent), studentId: id };
}

/**
 * A family of its own with one child at 30.00 BHD a month (registered long before `months`) and the
 * child's fee rows of those months, oldest first; the parent signed in as `client`.
 */
export async function createFeeFamily(t: TestServer, { schoolId, areaId, months }: { schoolId: string; areaId: string; months: readonly string[] }) {
  const parent = await createParent(t.db);
  const student = await createStudent(t.db, { schoolId, areaId, parentId: parent.parentId, priceBhd: '30.00', createdAt: new Date('2024-01-01T00:00:00Z') });
  for (const month of months) await generateFeesForMonth(t.db, month);
  const fees = await t.db.selectFrom('fees').select('id').where('studentId', '=', student.id).orderBy('month').execute();
  return { ...parent, client: await t.signIn(parent), feeIds: fees.map((fee) => fee.id) };
}
