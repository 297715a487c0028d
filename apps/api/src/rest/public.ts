import type { RestShims } from './caller.js';

/** GET /api/meta (schools and areas), GET /api/terms (the active version), GET /api/settings (company contacts). */
export const publicShims: RestShims = (app, callerFor) => {
  app.get('/api/meta', async (req, reply) => (await callerFor(req, reply)).public.meta());
  app.get('/api/terms', async (req, reply) => (await callerFor(req, reply)).public.terms());
  app.get('/api/settings', async (req, reply) => (await callerFor(req, reply)).public.settings());
};
