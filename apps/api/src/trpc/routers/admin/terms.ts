import { entityId, termsArabicInput, termsVersionInput } from '@school-transport/contracts';
import { adminProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { activateTermsVersion, createTermsVersion, listTermsVersions, writeTermsArabic } from '../../../domain/admin/terms.js';

export const adminTermsRouter = router({
  list: adminProcedure.query(async ({ ctx }) => ({ terms: await listTermsVersions(ctx.db) })),
  create: adminProcedure.input(termsVersionInput).mutation(async ({ ctx, input }) => ({ termsVersion: await createTermsVersion(ctx.db, actorOf(ctx), input) })),
  activate: adminProcedure.input(entityId).mutation(async ({ ctx, input }) => ({ termsVersion: await activateTermsVersion(ctx.db, actorOf(ctx), input.id) })),
  writeArabic: adminProcedure.input(termsArabicInput).mutation(async ({ ctx, input }) => ({ termsVersion: await writeTermsArabic(ctx.db, actorOf(ctx), input) })),
});
