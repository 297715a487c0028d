import { LANGUAGES, type Language } from '@school-transport/contracts';
import { CSV_TEXTS, type CsvColumn } from '../export-csv-texts.js';
import { loose, unguard, type ColumnMap } from './headers.js';
import type { SheetRow } from './sheet.js';

/**
 * The template's example row, in the admin's language: one made-up student who shows how each
 * column is filled in (the export's words for service and driver). It names no real school, so
 * it could never import; left as it is in an uploaded file, it is skipped instead.
 */
export const TEMPLATE_EXAMPLES: Record<Language, Partial<Record<CsvColumn, string>>> = {
  en: {
    firstName: 'Ahmed',
    fathersName: 'Ali',
    lastName: 'Example',
    grade: '3',
    class: 'A',
    studentSchoolId: 'EXAMPLE-001',
    school: 'Example School',
    area: 'Example Area',
    serviceType: CSV_TEXTS.en.services.BOTH,
    driver: CSV_TEXTS.en.unassigned,
    parentName: 'Fatima Example',
    parentEmail: 'parent@example.com',
    parentPhone: '33000000',
    block: '338',
    road: '3803',
    houseBuilding: '1234',
  },
  ar: {
    firstName: 'أحمد',
    fathersName: 'علي',
    lastName: 'مثال',
    grade: '3',
    class: 'A',
    studentSchoolId: 'EXAMPLE-001',
    school: 'مدرسة المثال',
    area: 'منطقة المثال',
    serviceType: CSV_TEXTS.ar.services.BOTH,
    driver: CSV_TEXTS.ar.unassigned,
    parentName: 'فاطمة مثال',
    parentEmail: 'parent@example.com',
    parentPhone: '33000000',
    block: '338',
    road: '3803',
    houseBuilding: '1234',
  },
};

/**
 * Whether a row is the template's example as downloaded (in either language, whichever the file's
 * headers are in): every column of the file reads as the example's, ignoring case and spaces.
 */
export function isTemplateExample(map: ColumnMap, row: SheetRow): boolean {
  const columns = Object.entries(map.index) as [CsvColumn, number][];
  return LANGUAGES.some((language) =>
    columns.every(([column, index]) => loose(unguard((row.cells.get(index) ?? '').trim())) === loose(TEMPLATE_EXAMPLES[language][column] ?? '')),
  );
}
