import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '@school-transport/db';
import { CSV_BYTE_ORDER_MARK, safeCsvCell, type StudentFilters } from '@school-transport/contracts';
import { orderedStudents } from './list.js';
import { studentConditions } from './search.js';
import { studentsWithNames, type StudentWithNames } from './view.js';

const SERVICE_LABELS = { HOME_TO_SCHOOL: 'Home → School', SCHOOL_TO_HOME: 'School → Home', BOTH: 'Both Ways' } as const;

/** The columns of the office's export, in the order Excel shows them. */
const COLUMNS: [string, (row: StudentWithNames) => string | number | null][] = [
  ['Student ID', (row) => row.automatedId],
  ['First Name', (row) => row.firstName],
  ["Father's Name", (row) => row.fathersName],
  ['Last Name', (row) => row.lastName],
  ['Grade', (row) => row.grade],
  ['Class', (row) => row.class],
  ['Student School ID', (row) => row.studentSchoolId],
  ['School', (row) => row.schoolName],
  ['Area', (row) => row.areaName],
  ['Roundabout', (row) => row.roundabout],
  ['Service Type', (row) => SERVICE_LABELS[row.serviceType]],
  ['Driver', (row) => row.driverName ?? 'Unassigned'],
  ['Payment', (row) => (row.paymentStatus === 'paid' ? 'Paid' : 'Pending')],
  ['Price (BHD)', (row) => row.priceBhd],
  ['Parent Name', (row) => row.parentName],
  ['Parent Email', (row) => row.parentEmail],
  ['Parent Phone', (row) => row.parentPhone ?? row.parentWhatsapp],
  ['Primary Contact', (row) => row.contactNumber1],
  ['Contact 2', (row) => row.contactNumber2],
  ['Block', (row) => row.block],
  ['Road', (row) => row.road],
  ['House/Building', (row) => row.houseBuilding],
  ['Flat/Home', (row) => row.flatHome],
  ['Address', (row) => row.address],
  ['Address 2', (row) => row.address2],
  ['Registered', (row) => row.createdAt.toISOString().slice(0, 10)],
];

/** Rows are read in chunks, so 100,000 students never sit in memory as one result. */
const CHUNK = 2000;

/**
 * The filtered list (every page, in the list's order) as a CSV file: UTF-8 with a byte-order mark
 * so Excel shows Arabic names, and formula-like cells made harmless.
 */
export async function exportStudentsCsv(db: Kysely<Database>, filters: StudentFilters): Promise<string> {
  const parts = [CSV_BYTE_ORDER_MARK, stringify([COLUMNS.map(([header]) => header)])];
  for (let offset = 0; ; offset += CHUNK) {
    const rows = await orderedStudents(studentsWithNames(db).where(studentConditions(filters)), filters).limit(CHUNK).offset(offset).execute();
    if (rows.length > 0) parts.push(stringify(rows.map((row) => COLUMNS.map(([, cell]) => safeCsvCell(cell(row))))));
    if (rows.length < CHUNK) break;
  }
  return parts.join('');
}
