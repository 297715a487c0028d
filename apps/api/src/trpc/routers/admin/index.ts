import { adminProcedure, router } from '../../init.js';
import { readOverview } from '../../../domain/admin/overview.js';
import { adminSchoolsRouter } from './schools.js';
import { adminAreasRouter } from './areas.js';
import { adminDriversRouter } from './drivers.js';
import { adminSettingsRouter } from './settings.js';
import { adminTermsRouter } from './terms.js';

/** The admin console: one router per entity; later issues add students, analytics and change requests. */
export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => readOverview(ctx.db)),
  schools: adminSchoolsRouter,
  areas: adminAreasRouter,
  drivers: adminDriversRouter,
  settings: adminSettingsRouter,
  terms: adminTermsRouter,
});
