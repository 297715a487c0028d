import { z } from 'zod';
import { messageCodeField } from './message-codes.js';

/** The largest spreadsheet the office may import: a whole company's students fit many times over. */
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** The most students one file may hold (the header row not counted). */
export const STUDENT_IMPORT_MAX_ROWS = 10_000;

/**
 * The last column (XFD) and row a spreadsheet can have. A cell reference past them is no
 * spreadsheet Excel or LibreOffice wrote, and the import refuses it before it sizes anything by it.
 */
export const SPREADSHEET_MAX_COLUMNS = 16_384;
export const SPREADSHEET_MAX_ROWS = 1_048_576;
/** How long the reading of one file may take before it is abandoned: a 10,000-row file takes well under a second, on a loaded machine a few. */
export const STUDENT_IMPORT_READ_MS = 10_000;

export const STUDENT_IMPORT_PATH = '/api/admin/students/import';
export const STUDENT_IMPORT_TEMPLATE_PATH = '/api/admin/students/import-template.csv';

/** A form's tick box as multipart sends it: 'true', 'on' or '1' are ticked; anything else, or nothing, is not. */
const tick = z
  .string()
  .optional()
  .transform((value) => value === 'true' || value === 'on' || value === '1');

/** The fields of an import's form beside its file. */
export const studentImportOptions = z.object({
  dryRun: tick,
  /** Import the rows without problems and skip the others; otherwise one wrong row refuses the file. */
  validOnly: tick,
  /** Send each new parent a text with a welcome code to set their password. */
  sendWelcome: tick,
});
export type StudentImportOptions = z.output<typeof studentImportOptions>;

/** One problem of one row: the row number as the spreadsheet shows it (the header is row 1) and the column as its header reads. */
export const studentImportProblem = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
  /** The contract's name of the message, for the web to translate. */
  code: messageCodeField.optional(),
  /** The figures a message with blanks was filled with (a full bus: riders and seats), for its translation. */
  values: z.record(z.string(), z.number()).optional(),
  /** The cell's text the row was refused for (absent when the cell was empty), quoted in `message`. */
  value: z.string().optional(),
});
export type StudentImportProblem = z.output<typeof studentImportProblem>;

/**
 * A row's message with the cell's text it refused: in the message's `{{value}}` where it has one
 * (`Grade "13" is not one of the grades.`), else after it (`No school has this name: "Seef"`).
 * The web applies it to the translated message, so the quote survives translation.
 */
export function withRefusedValue(message: string, value: string | undefined): string {
  if (value === undefined) return message;
  if (message.includes('{{value}}')) return message.replace('{{value}}', () => value);
  return `${message.replace(/[.。]$/, '')}: "${value}"`;
}

/** The dry run's answer: what an import of the file would do. */
export const studentImportPreview = z.object({
  rows: z.number(),
  create: z.number(),
  update: z.number(),
  unchanged: z.number(),
  errors: z.array(studentImportProblem),
});
export type StudentImportPreview = z.output<typeof studentImportPreview>;

/** What an import did: the rows with problems are the skipped ones (with validOnly). */
export const studentImportResult = z.object({
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  skipped: z.number(),
});
export type StudentImportResult = z.output<typeof studentImportResult>;
