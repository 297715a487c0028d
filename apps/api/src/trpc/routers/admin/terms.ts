import { entityId, termsArabicInput, termsVersionAnswer, termsVersionInput, termsVersionsAnswer } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { activateTermsVersion, createTermsVersion, listTermsVersions, writeTermsArabic } from '../../../domain/admin/terms.js';

export const adminTermsRouter = router({
  list: officeEndpoint('terms.manage', {
    answer: termsVersionsAnswer,
    rest: { route: 'GET /api/admin/terms', summary: 'Terms versions' },
  }).query(async ({ ctx }) => ({ terms: await listTermsVersions(ctx.db) })),
  create: officeEndpoint('terms.manage', {
    input: termsVersionInput,
    answer: termsVersionAnswer,
    rest: { route: 'POST /api/admin/terms', summary: 'Adds a terms version', from: 'body', status: 201 },
  }).mutation(async ({ ctx, input }) => ({ termsVersion: await createTermsVersion(ctx.db, actorOf(ctx), input) })),
  activate: officeEndpoint('terms.manage', {
    input: entityId,
    answer: termsVersionAnswer,
    rest: { route: 'POST /api/admin/terms/:id/activate', summary: 'Makes a terms version the current one' },
  }).mutation(async ({ ctx, input }) => ({ termsVersion: await activateTermsVersion(ctx.db, actorOf(ctx), input.id) })),
  writeArabic: officeEndpoint('terms.manage', {
    input: termsArabicInput,
    answer: termsVersionAnswer,
    rest: { route: 'PUT /api/admin/terms/:id/arabic', summary: 'Writes the Arabic text of a version that has none (409 once written)', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ termsVersion: await writeTermsArabic(ctx.db, actorOf(ctx), input) })),
});
