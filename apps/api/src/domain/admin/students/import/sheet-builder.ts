import { SPREADSHEET_MAX_COLUMNS, SPREADSHEET_MAX_ROWS, STUDENT_IMPORT_MAX_ROWS, STUDENT_IMPORT_MESSAGES } from '@school-transport/contracts';
import { knownColumnPositions } from './headers.js';
import { isBlankRow, SheetRefused, type Sheet, type SheetRow } from './sheet.js';

/**
 * The sheet as a reader finds it, row by row: the first row with anything in it is the header,
 * the rows under it are the students. Each student row keeps only the cells under a header the
 * import knows, and is counted as it comes: the first row past the import's limit stops the
 * reading, so a file of a million rows costs no more than one of 10,001.
 */
export class SheetBuilder {
  private header: string[] | undefined;
  private known = new Set<number>();
  private readonly rows: SheetRow[] = [];

  /** One row's cells by column (0 is A), positions already checked by the reader. */
  add(row: number, cells: Map<number, string>): void {
    if (isBlankRow(cells.values())) return;
    if (this.header === undefined) {
      const header = Array.from({ length: Math.max(...cells.keys()) + 1 }, (_unused, column) => cells.get(column) ?? '');
      this.header = header;
      this.known = knownColumnPositions(header);
      return;
    }
    if (this.rows.length === STUDENT_IMPORT_MAX_ROWS) throw new SheetRefused('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.tooManyRows);
    const kept = new Map<number, string>();
    for (const [column, text] of cells) if (this.known.has(column)) kept.set(column, text);
    this.rows.push({ row, cells: kept });
  }

  sheet(): Sheet {
    return { header: this.header ?? [], rows: this.rows };
  }
}

const notSpreadsheet = () => new SheetRefused('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.fileNotSpreadsheet);

/** A 0-based column within the last a spreadsheet can have (XFD), else the file is refused. */
export function checkedColumn(column: number): number {
  if (!Number.isInteger(column) || column < 0 || column >= SPREADSHEET_MAX_COLUMNS) throw notSpreadsheet();
  return column;
}

/** A 1-based row number within the last a spreadsheet can have, else the file is refused. */
export function checkedRow(row: number): number {
  if (!Number.isInteger(row) || row < 1 || row > SPREADSHEET_MAX_ROWS) throw notSpreadsheet();
  return row;
}

/**
 * 'AB12' → column 27, row 12. The letters are read no further than three (XFD is the last
 * column), so a reference of a thousand letters is refused without being counted out.
 */
export function cellReference(reference: string): { column: number; row: number } {
  const match = /^([A-Z]{1,3})([1-9][0-9]{0,6})$/.exec(reference);
  if (!match) throw notSpreadsheet();
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + (letter.charCodeAt(0) - 64);
  return { column: checkedColumn(column - 1), row: checkedRow(Number(match[2])) };
}
