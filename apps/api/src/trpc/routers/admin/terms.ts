import { entityId, termsArabicInput, termsVersionInput } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { activateTermsVersion, createTermsVersion, listTermsVersions, writeTermsArabic } from '../../../domain/admin/terms.js';

export const adminTermsRouter = router({
  list: officeProcedure('terms.manage').query(async ({ ctx }) => ({ terms: await listTermsVersions(ctx.db) })),
  create: officeProcedure('terms.manage').input(termsVersionInput).mutation(async ({ ctx, input }) => ({ termsVersion: await createTermsVersion(ctx.db, actorOf(ctx), input) })),
  activate: officeProcedure('terms.manage').input(entityId).mutation(async ({ ctx, input }) => ({ termsVersion: await activateTermsVersion(ctx.db, actorOf(ctx), input.id) })),
  writeArabic: officeProcedure('terms.manage').input(termsArabicInput).mutation(async ({ ctx, input }) => ({ termsVersion: await writeTermsArabic(ctx.db, actorOf(ctx), input) })),
});
