import { companySettingsView, mapSettingsAnswer, metaView, termsVersionView } from '@school-transport/contracts';
import { publicEndpoint, router } from '../init.js';
import { readMeta } from '../../domain/meta.js';
import { findActiveTerms } from '../../domain/terms.js';
import { readCompanySettings } from '../../domain/settings.js';

/** What anyone may read: the registration form's choices, the current terms, the company's contacts, the map's tiles. */
export const publicRouter = router({
  // The same for everyone and changed a few times a year: cached a few seconds (domain/answer-cache.ts).
  meta: publicEndpoint({
    answer: metaView,
    rest: { route: 'GET /api/meta', summary: 'Active schools and areas (with prices) for the registration form' },
  }).query(({ ctx }) => ctx.answerCache.get('meta', () => readMeta(ctx.db))),
  terms: publicEndpoint({
    answer: termsVersionView,
    rest: { route: 'GET /api/terms', summary: 'The current terms and conditions' },
  }).query(({ ctx }) => findActiveTerms(ctx.db)),
  settings: publicEndpoint({
    answer: companySettingsView,
    rest: { route: 'GET /api/settings', summary: 'The company settings shown on public pages' },
  }).query(({ ctx }) => readCompanySettings(ctx.db)),
  mapSettings: publicEndpoint({
    answer: mapSettingsAnswer,
    rest: { route: 'GET /api/map-settings', summary: "Where the run map's tiles come from (MAP_TILE_URL) and their credit (MAP_ATTRIBUTION)" },
  }).query(({ ctx }) => ({ map: ctx.map })),
});
