import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { STUDENT_IMPORT_MAX_BYTES, STUDENT_IMPORT_MESSAGES, STUDENT_IMPORT_PATH, STUDENT_IMPORT_TEMPLATE_PATH } from '@school-transport/contracts';
import { AppError, parseInput } from '../errors.js';
import { importStudents, previewStudentImport } from '../domain/admin/students/import/import-students.js';
import { studentsCsvTemplate } from '../domain/admin/students/export-csv.js';
import { accountLanguage } from '../domain/account-language.js';
import { withAccess } from '../security/access.js';
import { actorOf, clearCachesAfterWrite } from '../trpc/context.js';
import { accessOfPath } from './paths.js';
import { readUploadForm, refuseDeclaredOversize } from './multipart-form.js';
import { studentImportForm } from './students-import-form.js';
import type { ContextFor } from './caller.js';

/** Busboy's limits for an import form: the spreadsheet and two tick boxes. */
export const IMPORT_FORM_LIMITS = { fileSize: STUDENT_IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1_000 };

const IMPORT_FORM_ERRORS = {
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE', STUDENT_IMPORT_MESSAGES.fileTooLarge),
  notMultipart: () => new AppError('BAD_REQUEST', STUDENT_IMPORT_MESSAGES.fileRequired, { file: STUDENT_IMPORT_MESSAGES.fileRequired }),
};

/**
 * POST /api/admin/students/import (?dryRun=true for the preview): a multipart form with the
 * spreadsheet as `file`, and `validOnly` and `sendWelcome` for the import itself. A declared size
 * over the form's is refused first; who may import is settled before the file is read. GET of the template: the export's header row.
 */
export function registerStudentsImport(app: FastifyInstance, contextFor: ContextFor): void {
  app.get(STUDENT_IMPORT_TEMPLATE_PATH, async (req, reply) => {
    const ctx = await contextFor(req, reply);
    const { user } = withAccess(ctx, accessOfPath(`GET ${STUDENT_IMPORT_TEMPLATE_PATH}`));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="students-import-template.csv"')
      .header('cache-control', 'no-store')
      .send(studentsCsvTemplate(await accountLanguage(ctx.db, user.id)));
  });

  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: IMPORT_FORM_LIMITS });
    scope.post(STUDENT_IMPORT_PATH, async (req, reply) => {
      // A declared size over the form's is the answer, whoever asks: it is judged before anything else.
      refuseDeclaredOversize(req, IMPORT_FORM_LIMITS, IMPORT_FORM_ERRORS);
      const ctx = await contextFor(req, reply);
      const { user } = withAccess(ctx, accessOfPath(`POST ${STUDENT_IMPORT_PATH}`));
      const { fields, bytes } = await readUploadForm(req, IMPORT_FORM_LIMITS, IMPORT_FORM_ERRORS);
      const query = req.query as Record<string, unknown>;
      const dryRun = typeof query.dryRun === 'string' ? query.dryRun : fields.dryRun;
      const form = parseInput(studentImportForm, { dryRun, validOnly: fields.validOnly, sendWelcome: fields.sendWelcome, file: bytes });
      if (form.dryRun) return reply.send(await previewStudentImport(ctx.db, form.file));
      const result = await importStudents(ctx.db, actorOf({ ...ctx, user }), form.file, form);
      clearCachesAfterWrite(ctx);
      return reply.send(result);
    });
  });
}
