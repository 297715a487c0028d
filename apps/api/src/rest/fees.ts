import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { FEE_MESSAGES, PROOF_MAX_BYTES, SERVER_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { renderReceiptPdf } from '../domain/fees/receipt-pdf.js';
import type { ProofFile } from '../domain/fees/proofs.js';
import { bodyOf, paramOf, type CallerFor, type RestShims } from './caller.js';

const queryOf = (req: FastifyRequest) => (typeof req.query === 'object' && req.query !== null ? (req.query as Record<string, unknown>) : {});

/** The multipart form of a proof upload: the file's bytes and the typed fields, whatever their order. */
async function readProofForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Uint8Array | undefined }> {
  if (!req.isMultipart()) throw new AppError('BAD_REQUEST', FEE_MESSAGES.fileRequired, { file: FEE_MESSAGES.fileRequired });
  const fields: Record<string, string> = {};
  let bytes: Uint8Array | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 10, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') bytes = await part.toBuffer();
        else await part.toBuffer();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', FEE_MESSAGES.fileTooLarge);
    throw error;
  }
  return { fields, bytes };
}

function sendFile(reply: FastifyReply, file: { bytes: Uint8Array; mime: string; fileName: string }, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** Receipts and proof files belong to one family: admins read any, the parent their own, others get 404 (or 401/403 by role). */
async function asOwnerOrAdmin<T>(req: FastifyRequest, reply: FastifyReply, callerFor: CallerFor, read: { admin: (c: Awaited<ReturnType<CallerFor>>) => Promise<T>; parent: (c: Awaited<ReturnType<CallerFor>>) => Promise<T> }): Promise<T> {
  const caller = await callerFor(req, reply);
  const { user } = await caller.auth.user();
  return user?.role === 'admin' ? read.admin(caller) : read.parent(caller);
}

/** Issue 11: the parent's fees and proof uploads, receipts as PDF, the office's ledger. */
export const feesShims: RestShims = (app, callerFor) => {
  app.get('/api/parent/fees', async (req, reply) => (await callerFor(req, reply)).parent.fees.list());

  // Multipart only here: the rest of the API takes JSON. tRPC cannot carry files, so this path reads
  // the form and hands the bytes to the same procedure the other paths call.
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1 } });
    scope.post('/api/parent/fees/:id/proofs', async (req, reply) => {
      const caller = await callerFor(req, reply);
      const { user } = await caller.auth.user();
      // Who may upload is settled before the file is read.
      if (!user) throw new AppError('UNAUTHORIZED', SERVER_MESSAGES.notSignedIn);
      if (user.role !== 'parent') throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
      const { fields, bytes } = await readProofForm(req);
      const result = await caller.parent.fees.uploadProof({ feeId: paramOf(req, 'id'), amountBhd: fields.amountBhd ?? '', reference: fields.reference ?? '', file: bytes ? { bytes } : (undefined as never) });
      return reply.code(201).send(result);
    });
  });

  app.get('/api/payment-proofs/:id/file', async (req, reply) => {
    const input = { id: paramOf(req, 'id') };
    const file: ProofFile = await asOwnerOrAdmin(req, reply, callerFor, { admin: (c) => c.admin.fees.proofFile(input), parent: (c) => c.parent.fees.proofFile(input) });
    return sendFile(reply, file, 'inline');
  });

  app.get('/api/receipts/:file', async (req, reply) => {
    const name = paramOf(req, 'file');
    // Who is asking is settled first (401/403), then which receipt (404).
    const input = { id: name.replace(/\.pdf$/, '') };
    const { receipt, language } = await asOwnerOrAdmin(req, reply, callerFor, { admin: (c) => c.admin.fees.receipt(input), parent: (c) => c.parent.fees.receipt(input) });
    if (!name.endsWith('.pdf')) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
    const bytes = await renderReceiptPdf(receipt, language);
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
