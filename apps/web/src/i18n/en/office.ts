import { admin } from './admin.js';
import { students } from './students.js';
import { analytics } from './analytics.js';
import { outbox } from './outbox.js';
import { modificationRequests } from './modification-requests.js';
import { fees } from './fees.js';
import { users } from './users.js';
import { parentDay } from './parent-day.js';
import { officeDay } from './office-day.js';
import { familyMessages } from './family-messages.js';
import { attendance } from './attendance.js';
import { routes } from './routes.js';
import { liveBus } from './live-bus.js';

/**
 * The English of the signed-in screens' larger parts: the office's console, fees and modification
 * requests, the school day. Not in the landing page's download: i18n/office.ts registers them when a page that
 * uses them loads (the admin console, the parent dashboard, invoices and receipts).
 */
export const officeCatalogs = {
  admin,
  students,
  analytics,
  outbox,
  modificationRequests,
  fees,
  users,
  familyMessages,
  attendance,
  parentDay,
  officeDay,
  routes,
  liveBus,
} as const;
