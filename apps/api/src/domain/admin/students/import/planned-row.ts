import type { Student } from '@school-transport/db';
import type { StudentImportProblem } from '@school-transport/contracts';

/** What the import plans for each row of a file, before anything is written (plan.ts makes it, write.ts writes it). */
/** A student's columns the import writes. */
export const STUDENT_VALUE_KEYS = [
  'schoolId',
  'firstName',
  'fathersName',
  'lastName',
  'grade',
  'class',
  'studentSchoolId',
  'contactNumber1',
  'contactNumber2',
  'serviceType',
  'priceBhd',
  'areaId',
  'roundabout',
  'address',
  'address2',
  'flatHome',
  'houseBuilding',
  'road',
  'block',
  'driverId',
] as const satisfies readonly (keyof Student)[];

/** Those columns' values, typed as the students table has them. */
export type StudentValues = Pick<Student, (typeof STUDENT_VALUE_KEYS)[number]>;

/** A new student's parent: an account found by email or phone, or one the import makes (keyed by email). */
export type ParentChoice = { kind: 'existing'; parentId: string } | { kind: 'new'; email: string };

export interface NewParent {
  name: string;
  email: string;
  phone: string;
}

export interface PlannedRow {
  row: number;
  action: 'create' | 'update' | 'unchanged';
  problems: StudentImportProblem[];
  /** The student an update or unchanged row is about. */
  student?: Student;
  /** The student as the import leaves them (complete for a valid row). */
  values: StudentValues;
  parent?: ParentChoice;
}

export interface ImportPlan {
  rows: PlannedRow[];
  newParents: Map<string, NewParent>;
  activeTermsId: string | null;
}
