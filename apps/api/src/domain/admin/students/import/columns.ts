import { LANGUAGES, SERVICE_TYPES, STUDENT_IMPORT_MESSAGES, type ServiceType } from '@school-transport/contracts';
import { AppError } from '../../../../errors.js';
import { CSV_TEXTS, type CsvColumn } from '../export-csv-texts.js';
import { findColumns, loose, type ColumnMap } from './headers.js';

export { loose, unguard, knownColumnPositions, type ColumnMap } from './headers.js';

/** The columns a file must have for its rows to name a student at all. */
const REQUIRED: CsvColumn[] = ['firstName', 'lastName', 'school'];

/** The file's known columns; a header without the required ones is refused. */
export function mapColumns(header: readonly string[]): ColumnMap {
  const map = findColumns(header);
  if (REQUIRED.some((column) => map.index[column] === undefined)) throw new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.columnsMissing);
  return map;
}

/** The export's words for the service types, in both languages, and the types' own names. */
const SERVICE_WORDS = new Map<string, ServiceType>(
  SERVICE_TYPES.flatMap((type) => [[loose(type), type] as const, ...LANGUAGES.map((language) => [loose(CSV_TEXTS[language].services[type]), type] as const)]),
);

export function serviceTypeOf(text: string): ServiceType | undefined {
  return SERVICE_WORDS.get(loose(text.replace(/->/g, '→')));
}

/** 'Unassigned' in either language: the student has no driver. */
const UNASSIGNED = new Set(LANGUAGES.map((language) => loose(CSV_TEXTS[language].unassigned)));

export function isUnassigned(text: string): boolean {
  return text.trim() === '' || UNASSIGNED.has(loose(text));
}

/** The export's words for a student's service type, in a language: how an unchanged cell reads. */
export function serviceWords(type: ServiceType): string[] {
  return LANGUAGES.map((language) => CSV_TEXTS[language].services[type]);
}
