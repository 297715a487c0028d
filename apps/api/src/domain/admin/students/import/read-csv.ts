import { parse } from 'csv-parse/sync';
import { STUDENT_IMPORT_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../../../../errors.js';
import { isBlankRow, type Sheet } from './sheet.js';

const unreadable = () => new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.fileUnreadable);

/**
 * The separator of the file: Excel writes ';' where the decimal separator is a comma (many Arabic
 * and European settings), ',' elsewhere. The header row decides: whichever it holds more of, outside quotes.
 */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char === ',') commas += 1;
    else if (!quoted && char === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** A CSV file in UTF-8 (with or without a byte-order mark), comma- or semicolon-separated. */
export function readCsv(bytes: Uint8Array): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable();
  }
  let records: string[][];
  try {
    records = parse(text, { delimiter: separatorOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: false }) as string[][];
  } catch {
    throw unreadable();
  }
  const [header = [], ...rest] = records;
  // Each record is one spreadsheet row, whatever line breaks its quoted cells hold.
  const rows = rest.map((cells, index) => ({ row: index + 2, cells })).filter((row) => !isBlankRow(row.cells));
  return { header, rows };
}
