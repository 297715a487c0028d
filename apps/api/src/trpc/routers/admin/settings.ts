import { companySettings } from '@school-transport/contracts';
import { officeProcedure, router } from '../../init.js';
import { actorOf } from '../../context.js';
import { readCompanySettings } from '../../../domain/settings.js';
import { updateCompanySettings } from '../../../domain/admin/settings.js';

export const adminSettingsRouter = router({
  get: officeProcedure('settings.manage').query(async ({ ctx }) => ({ settings: await readCompanySettings(ctx.db) })),
  update: officeProcedure('settings.manage').input(companySettings).mutation(async ({ ctx, input }) => ({ settings: await updateCompanySettings(ctx.db, actorOf(ctx), input) })),
});
