import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FEE_MESSAGES } from '@school-transport/contracts';
import { AppError } from '../errors.js';
import { renderReceiptPdf } from '../domain/fees/receipt-pdf.js';
import { readProofFile } from '../domain/fees/proofs.js';
import { readReceipt } from '../domain/fees/receipts.js';
import { accountLanguage } from '../domain/account-language.js';
import { readCreditNote } from '../domain/fees/online/credit-note.js';
import { renderCreditNotePdf } from '../domain/fees/online/credit-note-pdf.js';
import { ONLINE_PAYMENT_MESSAGES } from '@school-transport/contracts';
import { withAccess } from '../security/access.js';
import { accessOfPath } from './paths.js';
import { paramOf, type ContextFor } from './caller.js';

function sendFile(reply: FastifyReply, file: { bytes: Uint8Array; mime: string; fileName: string }, disposition: 'inline' | 'attachment') {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `${disposition}; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/**
 * Receipts and proof files belong to one family: its parent reads their own (ownerUserId), the
 * office any; anonymous 401, another role 403, another family's file 404 (from the domain).
 */
async function fileReader(req: FastifyRequest, reply: FastifyReply, contextFor: ContextFor, route: string) {
  const ctx = await contextFor(req, reply);
  const { user } = withAccess(ctx, accessOfPath(route));
  const { db } = ctx;
  return { db, user, ownerUserId: user.role === 'parent' ? user.id : undefined };
}

/** The files of the fee ledger, streamed from the domain (no procedure answers bytes): proof files, receipt and credit note PDFs. */
export function registerFeeFiles(app: FastifyInstance, contextFor: ContextFor): void {
  app.get('/api/payment-proofs/:id/file', async (req, reply) => {
    const { db, ownerUserId } = await fileReader(req, reply, contextFor, 'GET /api/payment-proofs/:id/file');
    return sendFile(reply, await readProofFile(db, paramOf(req, 'id'), ownerUserId), 'inline');
  });

  app.get('/api/receipts/:file', async (req, reply) => {
    // Who is asking is settled first (401/403), then which receipt (404).
    const { db, user, ownerUserId } = await fileReader(req, reply, contextFor, 'GET /api/receipts/:file');
    const name = paramOf(req, 'file');
    if (!name.endsWith('.pdf')) throw new AppError('NOT_FOUND', FEE_MESSAGES.receiptNotFound);
    const receipt = await readReceipt(db, name.slice(0, -'.pdf'.length), ownerUserId);
    const bytes = await renderReceiptPdf(receipt, await accountLanguage(db, user.id));
    return sendFile(reply, { bytes, mime: 'application/pdf', fileName: `receipt-${receipt.receiptNumber}.pdf` }, 'attachment');
  });

  app.get('/api/credit-notes/:file', async (req, reply) => {
    // Who is asking is settled first (401/403), then which credit note (404).
    const { db, user, ownerUserId } = await fileReader(req, reply, contextFor, 'GET /api/credit-notes/:file');
    const name = paramOf(req, 'file');
    if (!name.endsWith('.pdf')) throw new AppError('NOT_FOUND', ONLINE_PAYMENT_MESSAGES.creditNoteNotFound);
    const note = await readCreditNote(db, name.slice(0, -'.pdf'.length), ownerUserId);
    const bytes = await renderCreditNotePdf(note, await accountLanguage(db, user.id));
    return sendFile(reply, { bytes, mime: 'application/pdf', fileName: `credit-note-${note.creditNoteNumber}.pdf` }, 'attachment');
  });
}
