import type { FastifyInstance } from 'fastify';
import type { CallerFor, ContextFor } from './caller.js';
import { authShims } from './auth.js';
import { publicShims } from './public.js';
import { registrationShims } from './registration.js';
import { parentShims } from './parent.js';
import { adminShims } from './admin.js';
import { driverShims } from './driver.js';
import { adminNotificationShims } from './admin-notifications.js';
import { adminModificationRequestShims } from './admin-modification-requests.js';
import { adminAnalyticsShims } from './admin-analytics.js';
import { feesShims } from './fees.js';
import { adminStudentShims } from './admin-students.js';

/** Every documented /api path, each a thin call into the tRPC procedures. */
export function registerRestShims(app: FastifyInstance, callerFor: CallerFor, contextFor: ContextFor): void {
  for (const shims of [authShims, publicShims, registrationShims, parentShims, adminShims, driverShims, adminNotificationShims, adminModificationRequestShims, adminAnalyticsShims, feesShims, adminStudentShims]) shims(app, callerFor, contextFor);
}
