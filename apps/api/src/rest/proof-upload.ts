import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FEE_MESSAGES, PROOF_MAX_BYTES } from '@school-transport/contracts';
import { AppError, parseInput } from '../errors.js';
import { uploadProof } from '../domain/fees/proofs.js';
import { withRole } from '../security/roles.js';
import { clearCachesAfterWrite } from '../trpc/context.js';
import { paramOf, type ContextFor } from './caller.js';
import { proofUpload } from './proof-upload-form.js';

/** Busboy's limits for a proof form: one file, a few short fields (amountBhd, reference). */
const PROOF_FORM_LIMITS = { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 };
/**
 * The most a proof form's body may be: the file plus what the fields, part headers and boundaries
 * can add. Fastify's body limit does not cover multipart bodies, which the upload path reads itself.
 */
const PROOF_FORM_MAX_BYTES = PROOF_MAX_BYTES + PROOF_FORM_LIMITS.fields * PROOF_FORM_LIMITS.fieldSize + 32 * 1024;

const fileTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', FEE_MESSAGES.fileTooLarge);

/** The multipart form's parts: the file's bytes and the typed fields, whatever their order. */
async function readProofParts(req: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Uint8Array | undefined }> {
  const fields: Record<string, string> = {};
  let bytes: Uint8Array | undefined;
  try {
    for await (const part of req.parts({ limits: PROOF_FORM_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') bytes = await part.toBuffer();
        else await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
    throw error;
  }
  return { fields, bytes };
}

/**
 * Reads a proof form with its size held to PROOF_FORM_MAX_BYTES while it streams: a declared
 * length over it is refused before a byte is read, and a body that goes on past it (chunked, with
 * no length) is cut off there. Busboy's own limits bound what it keeps, not what it reads: past
 * them it reads on and throws the rest away, for as long as the sender sends.
 */
async function readProofForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Uint8Array | undefined }> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', FEE_MESSAGES.fileRequired, { file: FEE_MESSAGES.fileRequired });
  if (Number(req.headers['content-length']) > PROOF_FORM_MAX_BYTES) throw fileTooLarge();
  const body = req.raw;
  let received = 0;
  let cutOff: (error: AppError) => void = () => undefined;
  const overLimit = new Promise<never>((_resolve, reject) => {
    cutOff = reject;
  });
  const count = (chunk: Buffer) => {
    received += chunk.byteLength;
    if (received <= PROOF_FORM_MAX_BYTES) return;
    body.off('data', count);
    body.unpipe();
    body.pause();
    cutOff(fileTooLarge());
  };
  // Busboy is piped to the body when reading starts, in this same tick: the count sees every chunk it does.
  const form = readProofParts(req);
  body.on('data', count);
  // After a cut-off nobody waits for the form: it fails when the connection closes.
  form.catch(() => undefined);
  try {
    return await Promise.race([form, overLimit]);
  } finally {
    body.off('data', count);
  }
}

/**
 * POST /api/parent/fees/{id}/proofs: the one multipart path (the rest of the API takes JSON). Who
 * may upload is settled before the file is read; the form is then checked by its contract and the
 * proof stored by the domain.
 */
export function registerProofUpload(app: FastifyInstance, contextFor: ContextFor): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: PROOF_FORM_LIMITS });
    scope.post('/api/parent/fees/:id/proofs', async (req, reply) => {
      const ctx = await contextFor(req, reply);
      try {
        const { user } = withRole(ctx, 'parent');
        const { fields, bytes } = await readProofForm(req);
        const input = parseInput(proofUpload, { feeId: paramOf(req, 'id'), amountBhd: fields.amountBhd ?? '', reference: fields.reference ?? '', file: bytes ? { bytes } : undefined });
        return reply.code(201).send({ proof: await uploadProof(ctx.db, user.id, input) });
      } catch (error) {
        // Refused before the body has all come: the connection ends with the answer, so the rest is never read.
        if (!req.raw.readableEnded) void reply.header('connection', 'close');
        throw error;
      } finally {
        clearCachesAfterWrite(ctx);
      }
    });
  });
}
