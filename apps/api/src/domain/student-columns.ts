import { MODIFICATION_FIELDS } from '@school-transport/contracts';

/**
 * Student columns that many answers select together, as Kysely select lists: spread into the
 * `.select([...])` of a query with `students` in its FROM. Each list keeps its columns in the order
 * the answers have always had them, since some answers pass a row's keys on as they come.
 */

/** The name the office's lists, receipts and parents' messages show: first and last. */
export const STUDENT_NAME = ['students.firstName', 'students.lastName'] as const;

/** The full name as the office writes it (first, father's, last): the driver's list, the unassigned bell. */
export const STUDENT_FULL_NAME = ['students.firstName', 'students.fathersName', 'students.lastName'] as const;

/** Where the bus picks the student up: the address line, block, road and house or building. */
export const STUDENT_ADDRESS = ['students.address', 'students.block', 'students.road', 'students.houseBuilding'] as const;

/**
 * The student's current values of the fields a modification request is about (the contract's
 * MODIFICATION_FIELDS): recorded with a request, compared with it before approval.
 */
export const MODIFICATION_REQUEST_COLUMNS = MODIFICATION_FIELDS.map((field) => `students.${field}` as const);
