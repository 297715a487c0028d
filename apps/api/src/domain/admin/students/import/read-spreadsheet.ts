import { STUDENT_IMPORT_MAX_BYTES, STUDENT_IMPORT_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../../../../errors.js';
import { findUnstorableText } from '../../../../security/unstorable-text.js';
import { readInWorker } from './read-in-worker.js';
import type { Sheet } from './sheet.js';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * What the bytes are, never what the file's name or the browser says: a zip (an .xlsx workbook)
 * by its magic number, text when it holds no NUL byte and decodes as UTF-8, anything else (an
 * old .xls, a PDF, an image) refused.
 */
export function sniffSpreadsheet(bytes: Uint8Array): 'xlsx' | 'csv' {
  if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) return 'xlsx';
  if (!bytes.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      return 'csv';
    } catch {
      // Not UTF-8: refused below, as any other binary file.
    }
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', STUDENT_IMPORT_MESSAGES.fileTypeRefused);
}

/**
 * The uploaded file as a sheet, within the import's limits of size, rows (counted as the file is
 * read: sheet-builder.ts) and time (read-in-worker.ts).
 */
export async function readSpreadsheet(bytes: Uint8Array): Promise<Sheet> {
  if (bytes.byteLength > STUDENT_IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', STUDENT_IMPORT_MESSAGES.fileTooLarge);
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.noRows);
  const sheet = await readInWorker({ bytes, kind: sniffSpreadsheet(bytes) });
  if (sheet.rows.length === 0) throw new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.noRows);
  // A workbook's XML may spell a character the database cannot keep (&#0;): refused as any form's text is.
  const unstorable = findUnstorableText([sheet.header, ...sheet.rows.map((row) => [...row.cells.values()])]);
  if (unstorable) throw new AppError('BAD_REQUEST', unstorable);
  return sheet;
}
