import type { HttpClient, TestServer } from './harness.js';
import { createParent, createStudent, type StudentColumns } from './factories.js';

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
