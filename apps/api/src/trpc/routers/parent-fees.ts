import { z } from 'zod';
import { parentFeesAnswer, receiptAnswer } from '@school-transport/contracts';
import { parentEndpoint, router } from '../init.js';
import { listParentFees } from '../../domain/fees/parent-fees.js';
import { readReceipt } from '../../domain/fees/receipts.js';
import { accountLanguage } from '../../domain/account-language.js';

const byId = z.object({ id: z.string().trim().min(1).max(64) });

/**
 * The parent's Fees section: own rows only; another family's row or receipt is 'not found'. No
 * procedure answers a file's bytes: in a JSON answer a file becomes a string several times its size,
 * built in memory on the event loop, and a batched call asks for many at once. Files are streamed
 * by their REST paths (rest/fee-files.ts); proofs are uploaded by the multipart path (rest/proof-upload.ts).
 */
export const parentFeesRouter = router({
  list: parentEndpoint({
    answer: parentFeesAnswer,
    rest: { route: 'GET /api/parent/fees', summary: "The parent's fee rows: month, amount, paid, due date and status per student" },
  }).query(async ({ ctx }) => ({ fees: await listParentFees(ctx.db, ctx.user.id) })),
  /** The receipt and the language its PDF is written in: the parent's own. */
  receipt: parentEndpoint({ input: byId, answer: receiptAnswer }).query(async ({ ctx, input }) => ({
    receipt: await readReceipt(ctx.db, input.id, ctx.user.id),
    language: await accountLanguage(ctx.db, ctx.user.id),
  })),
});
