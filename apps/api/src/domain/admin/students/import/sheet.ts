/** A spreadsheet as the import reads it: the header row and each following row with its number as the spreadsheet shows it. */
export interface Sheet {
  header: string[];
  rows: SheetRow[];
}

export interface SheetRow {
  /** 1 is the header row, so the first student is row 2, as Excel numbers it. */
  row: number;
  /**
   * The row's cells by column (0 is A), only those under a header the import knows: a cell far to
   * the right costs one entry, never a row padded out to it.
   */
  cells: Map<number, string>;
}

/** Whether a row has nothing in it (an empty line between students is not a student). */
export function isBlankRow(cells: Iterable<string>): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
}

/** Why a file is refused while it is read: the answer's status and the contract's message. */
export class SheetRefused extends Error {
  constructor(
    readonly status: 'BAD_REQUEST' | 'PAYLOAD_TOO_LARGE',
    message: string,
  ) {
    super(message);
  }
}
