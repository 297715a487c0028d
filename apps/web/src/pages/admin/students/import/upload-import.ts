import { STUDENT_IMPORT_PATH, type StudentImportPreview, type StudentImportProblem, type StudentImportResult } from '@school-transport/contracts';

/** A refusal of the import path: its message (and code), and the rows' problems of an all-or-nothing import. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly errors: StudentImportProblem[] | undefined,
  ) {
    super(message);
  }
}

/**
 * The spreadsheet goes as multipart to the REST path (tRPC carries JSON only): the dry run for the
 * preview, or the import with its tick boxes. The server reads the file's type and size again.
 */
async function send<T>(file: File, fields: Record<string, boolean>, dryRun: boolean): Promise<T> {
  const body = new FormData();
  for (const [name, ticked] of Object.entries(fields)) body.append(name, String(ticked));
  body.append('file', file, file.name);
  const response = await fetch(`${STUDENT_IMPORT_PATH}${dryRun ? '?dryRun=true' : ''}`, { method: 'POST', body, credentials: 'include' });
  const answer = (await response.json().catch(() => ({}))) as T & { message?: string; code?: string; errors?: StudentImportProblem[] };
  if (!response.ok) throw new ImportRefused(answer.message ?? `${response.status}: ${response.statusText}`, answer.code, answer.errors);
  return answer;
}

export const previewImport = (file: File) => send<StudentImportPreview>(file, {}, true);

export const runImport = (file: File, options: { validOnly: boolean; sendWelcome: boolean }) => send<StudentImportResult>(file, options, false);
