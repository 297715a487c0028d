import { LANGUAGES, SERVICE_TYPES, STUDENT_IMPORT_MESSAGES, type ServiceType } from '@school-transport/contracts';
import { AppError } from '../../../../errors.js';
import { CSV_TEXTS, type CsvColumn } from '../export-csv-texts.js';

/** Text compared without case, spaces or Unicode look-alikes: how names and the export's words are matched. */
export function loose(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, '');
}

/** The export's formula guard (a ' before = + - @, a tab or a carriage return) taken off again. */
export function unguard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Each header the import knows (English, Arabic, or the column's own name) to its column. */
const HEADERS = new Map<string, CsvColumn>(
  LANGUAGES.flatMap((language) => Object.entries(CSV_TEXTS[language].headers).flatMap(([column, header]) => [[loose(header), column as CsvColumn] as const, [loose(column), column as CsvColumn] as const])),
);

/** The columns a file must have for its rows to name a student at all. */
const REQUIRED: CsvColumn[] = ['firstName', 'lastName', 'school'];

/** Where each known column sits in the file, and the header text it has there (for the problems' column). */
export interface ColumnMap {
  index: Partial<Record<CsvColumn, number>>;
  header: Partial<Record<CsvColumn, string>>;
}

export function mapColumns(header: readonly string[]): ColumnMap {
  const map: ColumnMap = { index: {}, header: {} };
  header.forEach((text, position) => {
    const column = HEADERS.get(loose(unguard(text.replace(/^\uFEFF/, ''))));
    if (column && map.index[column] === undefined) {
      map.index[column] = position;
      map.header[column] = text.trim();
    }
  });
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
