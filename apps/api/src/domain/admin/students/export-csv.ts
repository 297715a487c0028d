import type { Kysely } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '@school-transport/db';
import { CSV_BYTE_ORDER_MARK, safeCsvCell, type Language, type StudentFilters } from '@school-transport/contracts';
import { orderedStudents } from './list.js';
import { studentConditions } from './search.js';
import { studentsWithNames, type StudentWithNames } from './view.js';
import { CSV_TEXTS, type CsvColumn } from './export-csv-texts.js';
import { TEMPLATE_EXAMPLES } from './import/template-example.js';

/** The columns of the office's export, in the order Excel shows them; headers and words come from CSV_TEXTS. */
const COLUMNS: [CsvColumn, (row: StudentWithNames, words: (typeof CSV_TEXTS)[Language]) => string | number | null][] = [
  ['automatedId', (row) => row.automatedId],
  ['firstName', (row) => row.firstName],
  ['fathersName', (row) => row.fathersName],
  ['lastName', (row) => row.lastName],
  ['grade', (row) => row.grade],
  ['class', (row) => row.class],
  ['studentSchoolId', (row) => row.studentSchoolId],
  ['school', (row) => row.schoolName],
  ['area', (row) => row.areaName],
  ['roundabout', (row) => row.roundabout],
  ['serviceType', (row, words) => words.services[row.serviceType]],
  ['driver', (row, words) => row.driverName ?? words.unassigned],
  ['payment', (row, words) => words.payment[row.paymentStatus]],
  ['price', (row) => row.priceBhd],
  ['parentName', (row) => row.parentName],
  ['parentEmail', (row) => row.parentEmail],
  ['parentPhone', (row) => row.parentPhone ?? row.parentWhatsapp],
  ['contactNumber1', (row) => row.contactNumber1],
  ['contactNumber2', (row) => row.contactNumber2],
  ['block', (row) => row.block],
  ['road', (row) => row.road],
  ['houseBuilding', (row) => row.houseBuilding],
  ['flatHome', (row) => row.flatHome],
  ['address', (row) => row.address],
  ['address2', (row) => row.address2],
  ['registered', (row) => row.createdAt.toISOString().slice(0, 10)],
];

/** Rows are read in chunks, so 100,000 students never sit in memory as one result. */
const CHUNK = 2000;

/**
 * The filtered list (every page, in the list's order) as a CSV file: UTF-8 with a byte-order mark
 * so Excel shows Arabic names, and formula-like cells made harmless. Headers and the words the
 * server writes (service, driver, payment) are in the language of the admin who downloads it.
 */
export async function exportStudentsCsv(db: Kysely<Database>, filters: StudentFilters, language: Language): Promise<string> {
  const words = CSV_TEXTS[language];
  const parts = [CSV_BYTE_ORDER_MARK, stringify([COLUMNS.map(([column]) => words.headers[column])])];
  for (let offset = 0; ; offset += CHUNK) {
    const rows = await orderedStudents(studentsWithNames(db).where(studentConditions(filters)), filters)
      .limit(CHUNK)
      .offset(offset)
      .execute();
    if (rows.length > 0) parts.push(stringify(rows.map((row) => COLUMNS.map(([, cell]) => safeCsvCell(cell(row, words))))));
    if (rows.length < CHUNK) break;
  }
  return parts.join('');
}

/**
 * The import's template: the export's header row in the admin's language, so a filled-in template
 * and an edited export read the same, and one example row (skipped on import while unchanged).
 */
export function studentsCsvTemplate(language: Language): string {
  const example = TEMPLATE_EXAMPLES[language];
  return (
    CSV_BYTE_ORDER_MARK +
    stringify([COLUMNS.map(([column]) => CSV_TEXTS[language].headers[column]), COLUMNS.map(([column]) => safeCsvCell(example[column] ?? ''))])
  );
}
