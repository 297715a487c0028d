import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FEE_MESSAGES, PROOF_MAX_BYTES, SERVER_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { renderReceiptPdf } from '../domain/fees/receipt-pdf.js';
import { readProofFile } from '../domain/fees/proofs.js';
import { readReceipt } from '../domain/fees/receipts.js';
import { accountLanguage } from '../domain/account-language.js';
import { bodyOf, paramOf, type ContextFor, type RestShims } from './caller.js';

const queryOf = (req: FastifyRequest) => (typeof req.query === 'object' && req.query !== null ? (req.query as Record<string, unknown>) : {});

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

function sendFile(reply: FastifyReply, file: { bytes: Uint8Array; mime: string; fileName: string }, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/**
 * Receipts and proof files belong to one family: its parent reads their own (ownerUserId), an
 * admin any; anonymous 401, another role 403, another family's file 404 (from the domain).
 */
async function fileReader(req: FastifyRequest, reply: FastifyReply, contextFor: ContextFor) {
  const { db, user } = await contextFor(req, reply);
  if (!user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
  if (user.role !== 'admin' && user.role !== 'parent') throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  return { db, user, ownerUserId: user.role === 'admin' ? undefined : user.id };
}

/** The parent's fees and proof uploads, receipts as PDF, the office's ledger. */
export const feesShims: RestShims = (app, callerFor, contextFor) => {
  app.get('/api/parent/fees', async (req, reply) => (await callerFor(req, reply)).parent.fees.list());

  // Multipart only here: the rest of the API takes JSON. tRPC cannot carry files, so this path reads
  // the form and hands the bytes to the same procedure the other paths call.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: PROOF_FORM_LIMITS });
    scope.post('/api/parent/fees/:id/proofs', async (req, reply) => {
      try {
        const caller = await callerFor(req, reply);
        const { user } = await caller.auth.user();
        // Who may upload is settled before the file is read.
        if (!user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
        if (user.role !== 'parent') throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
        const { fields, bytes } = await readProofForm(req);
        const result = await caller.parent.fees.uploadProof({ feeId: paramOf(req, 'id'), amountBhd: fields.amountBhd ?? '', reference: fields.reference ?? '', file: bytes ? { bytes } : (undefined as never) });
        return reply.code(201).send(result);
      } catch (error) {
        // Refused before the body has all come: the connection ends with the answer, so the rest is never read.
        if (!req.raw.readableEnded) void reply.header('connection', 'close');
        throw error;
      }
    });
  });

  // The files are streamed here, from the domain: no procedure answers bytes.
  app.get('/api/payment-proofs/:id/file', async (req, reply) => {
    const { db, ownerUserId } = await fileReader(req, reply, contextFor);
    return sendFile(reply, await readProofFile(db, paramOf(req, 'id'), ownerUserId), 'inline');
  });

  app.get('/api/receipts/:file', async (req, reply) => {
    // Who is asking is settled first (401/403), then which receipt (404).
    const { db, user, ownerUserId } = await fileReader(req, reply, contextFor);
    const name = paramOf(req, 'file');
    if (!name.endsWith('.pdf')) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
    const receipt = await readReceipt(db, name.slice(0, -'.pdf'.length), ownerUserId);
    const bytes = await renderReceiptPdf(receipt, await accountLanguage(db, user.id));
    return sendFile(reply, { bytes, mime: 'application/pdf', fileName: `receipt-${receipt.receiptNumber}.pdf` }, 'attachment');
  });

  app.get('/api/admin/fees', async (req, reply) => (await callerFor(req, reply)).admin.fees.list(queryOf(req) as never));
  app.post('/api/admin/fees/generate', async (req, reply) => (await callerFor(req, reply)).admin.fees.generate(bodyOf(req) as never));
  app.get('/api/admin/fees/overdue', async (req, reply) => (await callerFor(req, reply)).admin.fees.overdue());
  app.get('/api/admin/fees/year-summary', async (req, reply) => (await callerFor(req, reply)).admin.fees.yearSummary(queryOf(req) as never));
  app.post('/api/admin/fees/:id/waive', async (req, reply) => (await callerFor(req, reply)).admin.fees.waive({ ...bodyOf(req), id: paramOf(req, 'id') } as never));

  app.post('/api/admin/payments', async (req, reply) => reply.code(201).send(await (await callerFor(req, reply)).admin.fees.recordPayment(bodyOf(req) as never)));
  app.post('/api/admin/payments/:id/void', async (req, reply) => (await callerFor(req, reply)).admin.fees.voidPayment({ ...bodyOf(req), id: paramOf(req, 'id') } as never));

  app.get('/api/admin/payment-proofs', async (req, reply) => (await callerFor(req, reply)).admin.fees.proofs(queryOf(req) as never));
  app.post('/api/admin/payment-proofs/:id/accept', async (req, reply) => (await callerFor(req, reply)).admin.fees.acceptProof({ ...bodyOf(req), id: paramOf(req, 'id') } as never));
  app.post('/api/admin/payment-proofs/:id/reject', async (req, reply) => (await callerFor(req, reply)).admin.fees.rejectProof({ ...bodyOf(req), id: paramOf(req, 'id') } as never));
};
