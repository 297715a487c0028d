import { router } from '../../init.js';
import { adminDashboardRouter } from './dashboard.js';
import { adminStudentsRouter } from './students.js';
import { adminSchoolsRouter } from './schools.js';
import { adminAreasRouter } from './areas.js';
import { adminDriversRouter } from './drivers.js';
import { adminAttendantsRouter } from './attendants.js';
import { adminDataRightsRouter } from './data-rights.js';
import { adminSettingsRouter } from './settings.js';
import { adminTermsRouter } from './terms.js';
import { adminNotificationsRouter } from './notifications.js';
import { adminModificationRequestsRouter } from './modification-requests.js';
import { adminAnalyticsRouter } from './analytics.js';
import { adminAuditLogsRouter } from './audit-logs.js';
import { adminFeesRouter } from './fees.js';
import { adminParentsRouter } from './parents.js';
import { adminUsersRouter } from './users.js';
import { adminSchoolDayRouter } from './school-day.js';
import { adminFamilyMessagesRouter } from './family-messages.js';
import { adminAttendanceRouter } from './attendance.js';
import { adminLiveBusRouter } from './live-bus.js';
import { adminRoutesRouter } from './routes.js';
import { adminPlannedRunsRouter } from './planned-runs.js';
import { adminHandoverRouter } from './handover.js';

/**
 * The admin console: one sub-router per entity or section of the console, each procedure named
 * inside it (admin.students.list, admin.auditLogs.filters), so every admin procedure has the same
 * three-part shape.
 */
export const adminRouter = router({
  dashboard: adminDashboardRouter,
  students: adminStudentsRouter,
  schools: adminSchoolsRouter,
  areas: adminAreasRouter,
  drivers: adminDriversRouter,
  attendants: adminAttendantsRouter,
  dataRights: adminDataRightsRouter,
  settings: adminSettingsRouter,
  terms: adminTermsRouter,
  notifications: adminNotificationsRouter,
  modificationRequests: adminModificationRequestsRouter,
  analytics: adminAnalyticsRouter,
  auditLogs: adminAuditLogsRouter,
  fees: adminFeesRouter,
  parents: adminParentsRouter,
  users: adminUsersRouter,
  schoolDay: adminSchoolDayRouter,
  liveBus: adminLiveBusRouter,
  familyMessages: adminFamilyMessagesRouter,
  attendance: adminAttendanceRouter,
  routes: adminRoutesRouter,
  plannedRuns: adminPlannedRunsRouter,
  handover: adminHandoverRouter,
});
