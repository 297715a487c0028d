import { adminProcedure, router } from '../../init.js';
import { readOverview } from '../../../domain/admin/overview.js';
import { adminSchoolsRouter } from './schools.js';
import { adminAreasRouter } from './areas.js';
import { adminDriversRouter } from './drivers.js';
import { adminSettingsRouter } from './settings.js';
import { adminTermsRouter } from './terms.js';
import { adminNotificationsRouter } from './notifications.js';
import { adminModificationRequestsRouter } from './modificationRequests.js';
import { adminStatisticsProcedures } from './statistics.js';
import { adminAuditLogProcedures } from './audit-logs.js';
import { adminFeesRouter } from './fees.js';
import { adminStudentsRouter } from './students.js';

/** The admin console: one router per entity; later issues add students, analytics and modification requests. */
export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => readOverview(ctx.db)),
  schools: adminSchoolsRouter,
  areas: adminAreasRouter,
  drivers: adminDriversRouter,
  settings: adminSettingsRouter,
  terms: adminTermsRouter,
  notifications: adminNotificationsRouter,
  modificationRequests: adminModificationRequestsRouter,
  ...adminStatisticsProcedures,
  ...adminAuditLogProcedures,
  fees: adminFeesRouter,
  students: adminStudentsRouter,
});
