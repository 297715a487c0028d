import { z } from 'zod';
import { STUDENT_IMPORT_MESSAGES, studentImportOptions } from '@school-transport/contracts';

/** An import's form as the path reads it: the tick boxes (dryRun also from the query string) and the spreadsheet's bytes. */
export const studentImportForm = studentImportOptions.extend({
  file: z.custom<Uint8Array>((value) => value instanceof Uint8Array, STUDENT_IMPORT_MESSAGES.fileRequired),
});
