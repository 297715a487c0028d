import type { Access } from '../security/access.js';
import { PROCEDURE_ACCESS } from '../security/access.js';

/**
 * Every /api path the server answers, as 'METHOD /path' (Fastify's :param syntax): what it does,
 * which tRPC procedure it calls (its input schema is the request's, its access the path's), and
 * the status of a success. The OpenAPI document (/api/openapi.json) and the authorization matrix
 * test are generated from this table; a path the server answers without a row fails the test.
 * (The developer shortcut of development servers is listed in development/dev-shims.ts instead, so
 * that a production build does not even name it.)
 */
export interface RestPath {
  summary: string;
  /** The procedure the shim calls; absent for the few paths that are not procedures. */
  procedure?: string;
  /** Who may call it, where it differs from the procedure's (or there is no procedure). */
  access?: Access;
  /** Status of a success when not 200. */
  status?: number;
  /** The request is multipart/form-data (a file upload), not JSON. */
  multipart?: boolean;
  /** The path names the caller's own id: anyone else's id answers 403 even to the allowed role. */
  ownIdOnly?: boolean;
}

export const REST_PATHS: Record<string, RestPath> = {
  'GET /api/health': { summary: 'Whether the database is reachable and migrated (503 when not)', access: 'anyone' },
  'GET /api/openapi.json': { summary: 'This REST reference as an OpenAPI 3.1 document', access: 'anyone' },
  'GET /api/meta': { summary: 'Active schools and areas (with prices) for the registration form', procedure: 'public.meta' },
  'GET /api/terms': { summary: 'The current terms and conditions', procedure: 'public.terms' },
  'GET /api/settings': { summary: 'The company settings shown on public pages', procedure: 'public.settings' },
  'POST /api/registrations': { summary: 'Registers a student (and the parent account)', procedure: 'registration.create', status: 201 },
  'GET /api/auth/user': { summary: 'The signed-in user (401 when nobody is signed in)', procedure: 'auth.user', access: 'signed-in' },
  'POST /api/auth/login': { summary: 'Signs a parent or admin in by email', procedure: 'auth.login' },
  'POST /api/driver/login': { summary: 'Signs a driver in by phone', procedure: 'auth.driverLogin' },
  'POST /api/auth/logout': { summary: 'Signs out', procedure: 'auth.logout' },
  'POST /api/auth/create-admin': { summary: 'Creates the admin configured by ADMIN_EMAIL / ADMIN_PASSWORD', procedure: 'auth.createAdmin', status: 201 },
  'GET /api/parent/students': { summary: "The signed-in parent's students", procedure: 'parent.students' },
  'GET /api/parent/students/:id': { summary: "One of the parent's students, with every detail and the terms accepted (another parent's id: 404)", procedure: 'parent.student' },
  'GET /api/parent/modification-requests': { summary: "The parent's modification requests, newest first, with old and new values and the office's note", procedure: 'parent.modificationRequests' },
  'GET /api/parent/modification-requests/:id': { summary: "One of the parent's modification requests (another parent's id: 404)", procedure: 'parent.modificationRequest' },
  'POST /api/parent/students/:id/modification-requests': { summary: 'Asks the office to change a student’s details (one pending request per student)', procedure: 'parent.requestModification', status: 201 },
  'GET /api/admin/modification-requests': { summary: 'Change requests, pending first, filtered by status, with the parent’s name and phone', procedure: 'admin.modificationRequests.list' },
  'GET /api/admin/modification-requests/counts': { summary: 'Change requests per status', procedure: 'admin.modificationRequests.counts' },
  'POST /api/admin/modification-requests/:id/approve': { summary: 'Approves a request: applies the new values (409 on a conflicting change since)', procedure: 'admin.modificationRequests.approve' },
  'POST /api/admin/modification-requests/:id/reject': { summary: 'Rejects a request with an optional note to the parent', procedure: 'admin.modificationRequests.reject' },
  'GET /api/admin/schools': { summary: 'Schools', procedure: 'admin.schools.list' },
  'POST /api/admin/schools': { summary: 'Adds a school', procedure: 'admin.schools.create', status: 201 },
  'PUT /api/admin/schools/:id': { summary: 'Edits a school', procedure: 'admin.schools.update' },
  'GET /api/admin/areas': { summary: 'Areas', procedure: 'admin.areas.list' },
  'POST /api/admin/areas': { summary: 'Adds an area', procedure: 'admin.areas.create', status: 201 },
  'PUT /api/admin/areas/:id': { summary: 'Edits an area (and optionally applies a new price to its students)', procedure: 'admin.areas.update' },
  'GET /api/admin/drivers': { summary: 'Drivers', procedure: 'admin.drivers.list' },
  'POST /api/admin/drivers': { summary: 'Adds a driver with a sign-in account', procedure: 'admin.drivers.create', status: 201 },
  'PUT /api/admin/drivers/:id': { summary: 'Edits a driver', procedure: 'admin.drivers.update' },
  'GET /api/admin/drivers/:id/students': { summary: "A driver's card and students, as the driver sees them (read-only)", procedure: 'admin.drivers.students' },
  'GET /api/driver/me': { summary: "The signed-in driver's card: name, phone, license, vehicle, areas, number of students", procedure: 'driver.me' },
  'GET /api/driver/students': { summary: "The signed-in driver's students", procedure: 'driver.students' },
  'GET /api/driver/students/:driverId': { summary: "A driver's students: the signed-in driver's own id only (another id answers 403)", procedure: 'driver.students', ownIdOnly: true },
  'GET /api/admin/settings': { summary: 'Company settings', procedure: 'admin.settings.get' },
  'PUT /api/admin/settings': { summary: 'Saves company settings', procedure: 'admin.settings.update' },
  'GET /api/admin/terms': { summary: 'Terms versions', procedure: 'admin.terms.list' },
  'POST /api/admin/terms': { summary: 'Adds a terms version', procedure: 'admin.terms.create', status: 201 },
  'POST /api/admin/terms/:id/activate': { summary: 'Makes a terms version the current one', procedure: 'admin.terms.activate' },
  'PUT /api/admin/terms/:id/arabic': { summary: 'Writes the Arabic text of a version that has none (409 once written)', procedure: 'admin.terms.writeArabic' },
  'GET /api/admin/overview': { summary: 'Counts for the admin dashboard', procedure: 'admin.overview' },
  'GET /api/admin/students': { summary: 'Students, paged (page, pageSize ≤ 200), sorted, searched (name, ID, parent phone or email) and filtered', procedure: 'admin.students.list' },
  'GET /api/admin/students.csv': { summary: 'The filtered students as CSV (UTF-8 with a byte-order mark)', procedure: 'admin.students.exportCsv' },
  'GET /api/admin/parents/lookup': { summary: 'Finds a parent account by email or phone, for Add Student', procedure: 'admin.students.findParent' },
  'POST /api/admin/students': { summary: 'Adds a student to an existing parent or a new one', procedure: 'admin.students.create', status: 201 },
  'POST /api/admin/students/bulk-update': { summary: 'Assigns a driver or sets the payment status of several students at once', procedure: 'admin.students.bulkUpdate' },
  'GET /api/admin/students/:id': { summary: 'One student with every field', procedure: 'admin.students.get' },
  'PUT /api/admin/students/:id': { summary: 'Edits a student (the whole edit form; driverId null removes the driver)', procedure: 'admin.students.update' },
  'DELETE /api/admin/students/:id': { summary: 'Deletes a student softly (kept for the records, hidden from every list)', procedure: 'admin.students.remove' },
  'POST /api/admin/students/:id/restore': { summary: 'Restores a deleted student', procedure: 'admin.students.restore' },
  'POST /api/admin/students/:id/invoice': { summary: 'Issues (or reuses) the numbered invoice of the current month', procedure: 'admin.students.issueInvoice', status: 201 },
  'GET /api/parent/fees': { summary: "The parent's fee rows: month, amount, paid, due date and status per student", procedure: 'parent.fees.list' },
  'POST /api/parent/fees/:id/proofs': { summary: 'Uploads a proof of payment (file: JPEG, PNG, WebP, HEIC or PDF up to 5 MB; amountBhd; reference)', procedure: 'parent.fees.uploadProof', status: 201, multipart: true },
  'GET /api/payment-proofs/:id/file': { summary: 'A proof file, for its family and the office', access: 'parent-or-admin' },
  'GET /api/receipts/:file': { summary: 'A receipt as PDF (`{id}.pdf`), for its family and the office', access: 'parent-or-admin' },
  'GET /api/admin/fees': { summary: "A month's fee rows with filters, paged, and the month's totals", procedure: 'admin.fees.list' },
  'POST /api/admin/fees/generate': { summary: "Makes a month's fee rows for every active student (idempotent)", procedure: 'admin.fees.generate' },
  'GET /api/admin/fees/overdue': { summary: 'Overdue families with the parent’s phone', procedure: 'admin.fees.overdue' },
  'GET /api/admin/fees/year-summary': { summary: 'Expected and collected per service month of the school year', procedure: 'admin.fees.yearSummary' },
  'POST /api/admin/fees/:id/waive': { summary: 'Waives a fee row', procedure: 'admin.fees.waive' },
  'POST /api/admin/payments': { summary: 'Records a payment against fee rows of one family', procedure: 'admin.fees.recordPayment', status: 201 },
  'POST /api/admin/payments/:id/void': { summary: 'Voids a payment with a reason (never deleted)', procedure: 'admin.fees.voidPayment' },
  'GET /api/admin/payment-proofs': { summary: 'Payment proofs by status, with the family’s due rows', procedure: 'admin.fees.proofs' },
  'POST /api/admin/payment-proofs/:id/accept': { summary: 'Accepts a proof: records the payment and links the proof', procedure: 'admin.fees.acceptProof' },
  'POST /api/admin/payment-proofs/:id/reject': { summary: 'Rejects a proof with a reason the parent sees', procedure: 'admin.fees.rejectProof' },
  'GET /api/admin/statistics': { summary: 'Totals, registrations this and last month, growth, revenue, and students per area, school and driver', procedure: 'admin.statistics' },
  'GET /api/admin/unassigned-students': { summary: 'Students without a driver (the header bell)', procedure: 'admin.unassignedStudents' },
  'GET /api/admin/audit-logs': { summary: 'The audit log, newest first, paged, filtered by entity, actor, action and dates', procedure: 'admin.auditLogs' },
  'GET /api/admin/audit-logs/filters': { summary: 'The entity types, actions and actors the audit log can be filtered by', procedure: 'admin.auditLogFilters' },
  'GET /api/admin/notifications': { summary: 'The outbox: messages to parents and drivers, filtered by status, template and recipient, paged', procedure: 'admin.notifications.list' },
  'GET /api/admin/notifications/failed-count': { summary: 'How many messages failed for good', procedure: 'admin.notifications.failedCount' },
  'POST /api/admin/notifications/retry-failed': { summary: 'Sends every failed message again', procedure: 'admin.notifications.retryAllFailed' },
  'POST /api/admin/notifications/:id/retry': { summary: 'Sends a failed message again', procedure: 'admin.notifications.retry' },
  'GET /api/admin/notifications/held-count': { summary: 'How many registration texts are held for the office (beyond the hourly cap)', procedure: 'admin.notifications.heldCount' },
  'POST /api/admin/notifications/release-held': { summary: 'Releases every held message: they are sent', procedure: 'admin.notifications.releaseAllHeld' },
  'POST /api/admin/notifications/:id/release': { summary: 'Releases a held message: it is sent', procedure: 'admin.notifications.release' },
};

/** Who may call a path: its own row's access, else its procedure's. */
export function accessOfPath(route: string): Access {
  const row = REST_PATHS[route];
  if (!row) throw new Error(`No row for ${route} in rest/paths.ts`);
  const access = row.access ?? (row.procedure ? PROCEDURE_ACCESS[row.procedure] : undefined);
  if (!access) throw new Error(`No access for ${route}: name a procedure with a row in security/access.ts, or an access`);
  return access;
}
