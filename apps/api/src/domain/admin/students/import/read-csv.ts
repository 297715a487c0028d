import { parse } from 'csv-parse/sync';
import { STUDENT_IMPORT_MESSAGES } from '@school-transport/contracts';
import { checkedColumn, checkedRow, SheetBuilder } from './sheet-builder.js';
import { isBlankRow, SheetRefused, type Sheet } from './sheet.js';

const unreadable = () => new SheetRefused('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.fileUnreadable);

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

/**
 * A CSV file in UTF-8 (with or without a byte-order mark), comma- or semicolon-separated. Each
 * record is one spreadsheet row, whatever line breaks its quoted cells hold; records are handed to
 * the sheet as they are parsed (none is kept by the parser), so the row limit stops the parse and
 * a line with more fields than a spreadsheet has columns refuses the file.
 */
export function readCsv(bytes: Uint8Array): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable();
  }
  const builder = new SheetBuilder();
  let row = 0;
  try {
    parse(text, {
      delimiter: separatorOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: string[]) => {
        row = checkedRow(row + 1);
        checkedColumn(record.length - 1);
        if (!isBlankRow(record)) builder.add(row, new Map(record.map((cell, column) => [column, cell])));
        return null;
      },
    });
  } catch (error) {
    throw error instanceof SheetRefused ? error : unreadable();
  }
  return builder.sheet();
}
