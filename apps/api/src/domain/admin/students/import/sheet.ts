/** A spreadsheet as the import reads it: the header row and each following row with its number as the spreadsheet shows it. */
export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

export interface SheetRow {
  /** 1 is the header row, so the first student is row 2, as Excel numbers it. */
  row: number;
  cells: string[];
}

/** Whether a row has nothing in it (an empty line between students is not a student). */
export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}
