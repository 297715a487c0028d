import { adminSettingsAnswer, companySettings } from '@school-transport/contracts';
import { officeEndpoint, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { readCompanySettings } from '../../../domain/settings.js';
import { updateCompanySettings } from '../../../domain/admin/settings.js';

export const adminSettingsRouter = router({
  get: officeEndpoint('settings.manage', {
    answer: adminSettingsAnswer,
    rest: { route: 'GET /api/admin/settings', summary: 'Company settings' },
  }).query(async ({ ctx }) => ({ settings: await readCompanySettings(ctx.db) })),
  update: officeEndpoint('settings.manage', {
    input: companySettings,
    answer: adminSettingsAnswer,
    rest: { route: 'PUT /api/admin/settings', summary: 'Saves company settings', from: 'body' },
  }).mutation(async ({ ctx, input }) => ({ settings: await updateCompanySettings(ctx.db, actorOf(ctx), input) })),
});
