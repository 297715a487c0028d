import type { FastifyInstance } from 'fastify';
import type { CallerFor, ContextFor } from './caller.js';
import { registerJsonPaths } from './json-paths.js';
import { registerAuthUser } from './auth-user.js';
import { registerStudentsCsv } from './students-csv.js';
import { registerAttendanceCsv } from './attendance-csv.js';
import { PROOF_FORM_LIMITS, registerProofUpload } from './proof-upload.js';
import { registerFeeFiles } from './fee-files.js';
import { IMPORT_FORM_LIMITS, registerStudentsImport } from './students-import.js';
import { formMaxBytes } from './multipart-form.js';
import { registerMyData } from './my-data.js';
import { checkHandlerAnswers } from './handler-answer-checks.js';

/** The largest body any /api path takes: the bigger of the upload forms. */
export const LARGEST_UPLOAD_FORM_BYTES = Math.max(formMaxBytes(PROOF_FORM_LIMITS), formMaxBytes(IMPORT_FORM_LIMITS));

/**
 * Every documented /api path (rest/paths.ts): the JSON paths from the table, each a call of its
 * procedure, and the few that are not JSON-in/JSON-out with handlers of their own.
 */
export function registerRestPaths(app: FastifyInstance, callerFor: CallerFor, contextFor: ContextFor): void {
  checkHandlerAnswers(app);
  registerJsonPaths(app, callerFor);
  registerAuthUser(app, contextFor);
  registerStudentsCsv(app, contextFor);
  registerAttendanceCsv(app, contextFor);
  registerProofUpload(app, contextFor);
  registerFeeFiles(app, contextFor);
  registerStudentsImport(app, contextFor);
  registerMyData(app, contextFor);
}
