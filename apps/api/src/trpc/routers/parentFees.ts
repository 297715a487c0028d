import { z } from 'zod';
import { FEE_MESSAGES, proofUploadFields } from '@school-transport/contracts';
import { parentProcedure, router } from '../init.js';
import { listParentFees } from '../../domain/fees/parent-fees.js';
import { uploadProof } from '../../domain/fees/proofs.js';
import { readReceipt } from '../../domain/fees/receipts.js';
import { accountLanguage } from '../../domain/account-language.js';

const byId = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The proof upload's input: the shared form fields plus the file's bytes. Only the multipart REST
 * path (POST /api/parent/fees/{id}/proofs) can give bytes: tRPC's HTTP link carries JSON, not
 * files, so a JSON call of this procedure is refused as having no file.
 */
export const proofUpload = proofUploadFields.extend({
  feeId: z.string().trim().min(1).max(64),
  file: z.object({ bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array, FEE_MESSAGES.fileRequired) }, { error: FEE_MESSAGES.fileRequired }),
});

/**
 * The parent's Fees section: own rows only; another family's row or receipt is 'not found'. No
 * procedure answers a file's bytes: in a JSON answer a file becomes a string several times its size,
 * built in memory on the event loop, and a batched call asks for many at once. Files are streamed
 * by their REST paths (rest/fees.ts).
 */
export const parentFeesRouter = router({
  list: parentProcedure.query(async ({ ctx }) => ({ fees: await listParentFees(ctx.db, ctx.user.id) })),
  uploadProof: parentProcedure.input(proofUpload).mutation(async ({ ctx, input }) => ({ proof: await uploadProof(ctx.db, ctx.user.id, input) })),
  /** The receipt and the language its PDF is written in: the parent's own. */
  receipt: parentProcedure.input(byId).query(async ({ ctx, input }) => ({ receipt: await readReceipt(ctx.db, input.id, ctx.user.id), language: await accountLanguage(ctx.db, ctx.user.id) })),
});
