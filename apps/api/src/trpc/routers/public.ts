import { publicProcedure, router } from '../init.js';
import { readMeta } from '../../domain/meta.js';
import { findActiveTerms } from '../../domain/terms.js';
import { readCompanySettings } from '../../domain/settings.js';

/** What anyone may read: the registration form's choices, the current terms, the company's contacts, the map's tiles. */
export const publicRouter = router({
  // The same for everyone and changed a few times a year: cached a few seconds (domain/answer-cache.ts).
  meta: publicProcedure.query(({ ctx }) => ctx.answerCache.get('meta', () => readMeta(ctx.db))),
  terms: publicProcedure.query(({ ctx }) => findActiveTerms(ctx.db)),
  settings: publicProcedure.query(({ ctx }) => readCompanySettings(ctx.db)),
  mapSettings: publicProcedure.query(({ ctx }) => ({ map: ctx.map })),
});
