import { LANGUAGES } from '@school-transport/contracts';
import { CSV_TEXTS, type CsvColumn } from '../export-csv-texts.js';

// The header row read without the server's error types, so the worker that reads a file loads this alone.

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
  LANGUAGES.flatMap((language) =>
    Object.entries(CSV_TEXTS[language].headers).flatMap(([column, header]) => [
      [loose(header), column as CsvColumn] as const,
      [loose(column), column as CsvColumn] as const,
    ]),
  ),
);

/** Where each known column sits in the file, and the header text it has there (for the problems' column). */
export interface ColumnMap {
  index: Partial<Record<CsvColumn, number>>;
  header: Partial<Record<CsvColumn, string>>;
}

/** The known columns of a header row where they first appear (a repeated header is not read twice). */
export function findColumns(header: readonly string[]): ColumnMap {
  const map: ColumnMap = { index: {}, header: {} };
  header.forEach((text, position) => {
    const column = HEADERS.get(loose(unguard(text.replace(/^\uFEFF/, ''))));
    if (column && map.index[column] === undefined) {
      map.index[column] = position;
      map.header[column] = text.trim();
    }
  });
  return map;
}

/** The positions of the header's cells that name a column the import reads: the only cells of a row worth keeping. */
export function knownColumnPositions(header: readonly string[]): Set<number> {
  return new Set(Object.values(findColumns(header).index));
}
