import type { FastifyRequest } from 'fastify';
import type { AppError } from '../errors.js';

/** Busboy's limits for one upload form: one file and a few short fields. */
export interface UploadFormLimits {
  fileSize: number;
  files: number;
  fields: number;
  fieldSize: number;
}

export interface UploadForm {
  fields: Record<string, string>;
  bytes: Uint8Array | undefined;
}

/**
 * The most an upload form's body may be: the file plus what the fields, part headers and
 * boundaries can add. Fastify's body limit does not cover multipart bodies, which the upload paths read themselves.
 */
export function formMaxBytes(limits: UploadFormLimits): number {
  return limits.fileSize + limits.fields * limits.fieldSize + 32 * 1024;
}

/**
 * Refuses a body whose declared length is over the form's maximum, before a byte of it is read:
 * an upload too large is told so whatever else would refuse it (its type, the row, a quota).
 */
export function refuseDeclaredOversize(req: FastifyRequest, limits: UploadFormLimits, errors: { tooLarge: () => AppError }): void {
  if (Number(req.headers['content-length']) > formMaxBytes(limits)) throw errors.tooLarge();
}

/** The multipart form's parts: the `file` part's bytes and the typed fields, whatever their order. */
async function readParts(req: FastifyRequest, limits: UploadFormLimits, tooLarge: () => AppError): Promise<UploadForm> {
  const fields: Record<string, string> = {};
  let bytes: Uint8Array | undefined;
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') bytes = await part.toBuffer();
        else await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return { fields, bytes };
}

/**
 * Reads an upload form with its size held to its maximum while it streams: a declared length over
 * it is refused before a byte is read, and a body that goes on past it (chunked, with no length)
 * is cut off there. Busboy's own limits bound what it keeps, not what it reads: past them it reads
 * on and throws the rest away, for as long as the sender sends. `notMultipart` is the refusal of a
 * request that is not a form at all.
 */
export async function readUploadForm(
  req: FastifyRequest,
  limits: UploadFormLimits,
  errors: { tooLarge: () => AppError; notMultipart: () => AppError },
): Promise<UploadForm> {
  refuseDeclaredOversize(req, limits, errors);
  if (!req.isMultipart()) throw errors.notMultipart();
  const maxBytes = formMaxBytes(limits);
  const body = req.raw;
  let received = 0;
  let cutOff: (error: AppError) => void = () => undefined;
  const overLimit = new Promise<never>((_resolve, reject) => {
    cutOff = reject;
  });
  const count = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received <= maxBytes) return;
    body.off('data', count);
    body.unpipe();
    body.pause();
    cutOff(errors.tooLarge());
  };
  // Busboy is piped to the body when reading starts, in this same tick: the count sees every chunk it does.
  const form = readParts(req, limits, errors.tooLarge);
  body.on('data', count);
  // After a cut-off nobody waits for the form: it fails when the connection closes.
  form.catch(() => undefined);
  try {
    return await Promise.race([form, overLimit]);
  } finally {
    body.off('data', count);
  }
}
