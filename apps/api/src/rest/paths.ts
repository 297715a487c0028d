import type { z } from 'zod';
import type { AnyTRPCProcedure, TRPCRouterRecord } from '@trpc/server';
import type { AppRouter } from '../trpc/router.js';
import { attendanceCsvQuery, osmandParameters, studentFilters, traccarClientBody, traccarForwardBody, whatsappHandshakeQuery } from '@school-transport/contracts';
import type { Access } from '../security/access.js';
import { proofUpload } from './proof-upload-form.js';
import { studentImportForm } from './students-import-form.js';
import { PROCEDURE_ACCESS } from '../trpc/procedure-access.js';
import { PROCEDURES } from '../trpc/procedures.js';
import { isReplayed } from '../trpc/replayed-answers.js';

/** Every procedure's dotted name ('admin.students.list'), read from the router's type. */
type ProcedureNames<Record> = {
  [Key in keyof Record & string]: Record[Key] extends AnyTRPCProcedure ? Key : Record[Key] extends TRPCRouterRecord ? `${Key}.${ProcedureNames<Record[Key]>}` : never;
}[keyof Record & string];
export type ProcedureName = ProcedureNames<AppRouter['_def']['record']>;

/**
 * Every /api path the server answers, as 'METHOD /path' (Fastify's :param syntax). A row with a
 * procedure is a JSON path: rest/json-paths.ts registers it, builds the procedure's input from the
 * request and answers its result as JSON. A row without one has a small handler of its own (files,
 * PDFs, CSV, uploads, the 401 of auth/user). The OpenAPI document (/api/openapi.json) and the
 * authorization matrix test are generated from this table; a path the server answers without a
 * row fails the test. (The developer shortcut of development servers is listed in
 * development/dev-shims.ts instead, so that a production build does not even name it.)
 */
export interface RestPath {
  summary: string;
  /** The procedure a JSON path calls: its input schema is the request's, its access the path's. */
  procedure?: ProcedureName;
  /**
   * The path's operationId in the OpenAPI document, where it is not the procedure's name (or the
   * handler's). OperationIds are a published contract, which clients generated from the document
   * name their functions by: a procedure renamed keeps the operationId its path was published with.
   */
  operationId?: string;
  /**
   * Where a JSON path's input comes from besides the path's parameters (which win over a field of
   * the same name): the query string or the JSON body. Absent: the path's parameters only.
   */
  from?: 'query' | 'body';
  /** A path parameter the procedure knows by another name ({ id: 'studentId' }). */
  paramNames?: Record<string, string>;
  /**
   * A path with a handler of its own: the name the reference gives it and the schema of what it
   * takes, when it is not a procedure's.
   */
  handler?: { name: string; input?: z.ZodType };
  /** Who may call it, where it differs from the procedure's (or there is no procedure). */
  access?: Access;
  /** Status of a success when not 200; a function when the procedure's answer decides (201 created, 200 already there). */
  status?: number | ((result: unknown) => number);
  /** The request is multipart/form-data (a file upload), not JSON. */
  multipart?: boolean;
  /** The path names the caller's own id: anyone else's id answers 403 even to the allowed role. */
  ownIdOnly?: boolean;
  /** What a handler's success answers (a procedure's answer is its own answer schema). */
  answer?: HandlerAnswer;
}

/** A handler's success answer, for the reference: JSON with its schema, a file under its media type, or no body (with what the status says). */
export type HandlerAnswer = { json: z.ZodType } | { media: string; description: string } | { empty: string };

/** The paths written here: those with handlers of their own, and JSON paths not yet declared on their procedure. */
const PATH_ROWS: Record<string, RestPath> = {
  'GET /api/health': { summary: 'Whether the database is reachable and migrated (503 when not)', access: 'anyone' },
  'GET /api/openapi.json': { summary: 'This REST reference as an OpenAPI 3.1 document', access: 'anyone' },
  'GET /api/meta': { summary: 'Active schools and areas (with prices) for the registration form', procedure: 'public.meta' },
  'GET /api/terms': { summary: 'The current terms and conditions', procedure: 'public.terms' },
  'GET /api/settings': { summary: 'The company settings shown on public pages', procedure: 'public.settings' },
  'GET /api/map-settings': { summary: "Where the run map's tiles come from (MAP_TILE_URL) and their credit (MAP_ATTRIBUTION)", procedure: 'public.mapSettings' },
  'POST /api/registrations': { summary: 'Registers a student (and the parent account)', procedure: 'registration.create', from: 'body', status: 201 },
  'GET /api/auth/user': { summary: 'The signed-in user (401 when nobody is signed in)', handler: { name: 'auth.user' }, access: 'signed-in' },
  'POST /api/auth/login': { summary: 'Signs a parent or admin in by email', procedure: 'auth.login', from: 'body' },
  'POST /api/driver/login': { summary: 'Signs a driver in by phone', procedure: 'auth.driverLogin', from: 'body' },
  'POST /api/auth/logout': { summary: 'Signs out', procedure: 'auth.logout' },
  'POST /api/auth/password-reset': { summary: 'Sends a password reset code by text message, if an account matches (the same 202 whether or not one does)', procedure: 'auth.requestPasswordReset', from: 'body', status: 202 },
  'POST /api/auth/password-reset/confirm': { summary: 'Sets a new password with a reset or welcome code and ends every session of the account', procedure: 'auth.confirmPasswordReset', from: 'body' },
  'POST /api/auth/change-password': { summary: "Changes the signed-in user's password and ends the account's other sessions", procedure: 'auth.changePassword', from: 'body' },
  'POST /api/auth/sign-out-everywhere': { summary: 'Ends every session of the signed-in account, this one included', procedure: 'auth.signOutEverywhere' },
  'POST /api/auth/create-admin': { summary: 'Creates the admin configured by ADMIN_EMAIL / ADMIN_PASSWORD', procedure: 'auth.createAdmin', status: 201 },
  'GET /api/parent/students': { summary: "The signed-in parent's students", procedure: 'parent.students' },
  'GET /api/parent/students/:id': { summary: "One of the parent's students, with every detail and the terms accepted (another parent's id: 404)", procedure: 'parent.student' },
  'GET /api/parent/modification-requests': { summary: "The parent's modification requests, newest first, with old and new values and the office's note", procedure: 'parent.modificationRequests' },
  'GET /api/parent/modification-requests/:id': { summary: "One of the parent's modification requests (another parent's id: 404)", procedure: 'parent.modificationRequest' },
  'POST /api/parent/students/:id/modification-requests': { summary: 'Asks the office to change a student’s details (one pending request per student)', procedure: 'parent.requestModification', from: 'body', paramNames: { id: 'studentId' }, status: 201 },
  'GET /api/parent/my-data': { summary: "Everything the service holds about the signed-in family, as a ZIP: one JSON file per kind of record (account, children, terms accepted, requests, fees, payments, messages, absences, marks, choices, the office's views of the children's records), the receipts as PDFs, and a README in the family's language; audited", handler: { name: 'parent.dataRights.myData' }, access: 'parent' },
  'GET /api/parent/erasure-requests': { summary: "The family's requests to erase its data, newest first, with the office's answer", procedure: 'parent.dataRights.erasureRequests' },
  'POST /api/parent/erasure-requests': { summary: 'Asks the office to erase the family\'s data ({ reason? }): 201 { erasureRequest } due 10 Bahrain working days later; 409 while one is open', procedure: 'parent.dataRights.requestErasure', from: 'body', status: 201 },
  'GET /api/admin/erasure-requests': { summary: "Families' erasure requests, open first by due date, with the working days left (admin only)", procedure: 'admin.dataRights.erasureRequests' },
  'POST /api/admin/erasure-requests/:id/complete': { summary: "Completes an erasure request: the family's personal data is erased in one transaction, its accounts closed; fee records stay without names (admin only)", procedure: 'admin.dataRights.completeErasure' },
  'POST /api/admin/erasure-requests/:id/refuse': { summary: 'Refuses an erasure request with a reason ({ reason }), which the family is sent (admin only)', procedure: 'admin.dataRights.refuseErasure', from: 'body' },
  'GET /api/admin/record-views': { summary: "Who in the office looked at which child (the record, the live position, a run's trail), newest first, paged; filtered by viewerUserId and studentId (admin only)", procedure: 'admin.dataRights.recordViews', from: 'query' },
  'GET /api/driver/me': { summary: "The signed-in driver's card: name, phone, license, vehicle, areas, number of students", procedure: 'driver.me' },
  'GET /api/driver/students': { summary: "The signed-in driver's students", procedure: 'driver.students' },
  'GET /api/driver/students/:driverId': { summary: "A driver's students: the signed-in driver's own id only (another id answers 403)", procedure: 'driver.students', ownIdOnly: true },
  'GET /api/admin/students.csv': { summary: 'The filtered students as CSV (UTF-8 with a byte-order mark)', handler: { name: 'admin.students.exportCsv', input: studentFilters }, access: 'office:students.read' },
  'POST /api/admin/students/import': {
    summary:
      'Imports students from a spreadsheet (file: CSV in UTF-8, comma or semicolon, or .xlsx, up to 5 MB and 10,000 rows). ?dryRun=true answers the preview { rows, create, update, unchanged, errors: [{ row, column, message }] } and writes nothing; otherwise validOnly and sendWelcome, and the answer { created, updated, unchanged, skipped }, or 400 { message, errors } with nothing written when a row is wrong and validOnly is not set',
    handler: { name: 'admin.students.import', input: studentImportForm },
    access: 'office:students.import',
    multipart: true,
  },
  'GET /api/admin/students/import-template.csv': { summary: "The import's template: the students export's header row in the admin's language (CSV, UTF-8 with a byte-order mark)", handler: { name: 'admin.students.importTemplate' }, access: 'office:students.import' },
  'GET /api/parent/fees': { summary: "The parent's fee rows: month, amount, paid, due date and status per student", procedure: 'parent.fees.list' },
  'POST /api/parent/fees/:id/proofs': { summary: 'Uploads a proof of payment (file: JPEG, PNG, WebP, HEIC or PDF up to 5 MB; amountBhd; reference)', handler: { name: 'parent.fees.uploadProof', input: proofUpload }, access: 'parent', status: 201, multipart: true },
  'GET /api/parent/payments/settings': { summary: "Whether the family can pay online ({ onlinePayments: null } when off) and whether Tap's keys are test keys ({ onlinePayments: { testMode } })", procedure: 'parent.payments.settings' },
  'POST /api/parent/payments/checkout': {
    summary: "Starts paying the family's own due rows online (feeIds): 201 { payment, checkoutUrl }, Tap's hosted page to send the browser to; 404 another family's row, 409 a paid or waived row or one already in an open payment; 404 when online payments are off",
    procedure: 'parent.payments.checkout',
    from: 'body',
    status: 201,
  },
  'GET /api/parent/payments/:id': { summary: "One of the family's online payments (initiated, paid, failed or cancelled), read again from Tap while it is open; 404 when online payments are off", procedure: 'parent.payments.get' },
  'GET /api/pay-links/:token': {
    summary: "A fee reminder's pay link, without signing in: its rows (a child's first name, the month, what it still owes), what is left to pay, and the latest payment started from it, read again from Tap while open; 404 unknown, revoked or expired (its own message), and when online payments are off; 429 beyond the address's hour",
    procedure: 'payLinks.get',
  },
  'POST /api/pay-links/:token/checkout': {
    summary: "Pays what a reminder's pay link still owes, without signing in: 201 { payment, checkoutUrl }, Tap's hosted page, which sends the family back to the link's page; 409 when every row is paid or one is in a payment under way; 404 unknown or expired link, and when online payments are off; 429 beyond the address's hour",
    procedure: 'payLinks.checkout',
    status: 201,
  },
  'GET /api/payment-proofs/:id/file': { summary: 'A proof file, for its family and the office', access: 'parent-or-office:fees.read' },
  'GET /api/receipts/:file': { summary: 'A receipt as PDF (`{id}.pdf`), for its family and the office', access: 'parent-or-office:fees.read' },
  'GET /api/credit-notes/:file': { summary: "A refund's credit note as PDF (`{refund id}.pdf`, CRN-000001…), in the reader's language, for its family and the office", access: 'parent-or-office:fees.read' },
  'GET /api/admin/fees': { summary: "A month's fee rows with filters, paged, and the month's totals", procedure: 'admin.fees.list', from: 'query' },
  'POST /api/admin/fees/generate': { summary: "Makes a month's fee rows for every active student (idempotent)", procedure: 'admin.fees.generate', from: 'body' },
  'GET /api/admin/fees/overdue': { summary: 'Overdue families with the parent’s phone', procedure: 'admin.fees.overdue' },
  'GET /api/admin/fees/year-summary': { summary: 'Expected and collected per service month of the school year', procedure: 'admin.fees.yearSummary', from: 'query' },
  'POST /api/admin/fees/:id/waive': { summary: 'Waives a fee row', procedure: 'admin.fees.waive', from: 'body' },
  'POST /api/admin/payments': { summary: 'Records a payment against fee rows of one family', procedure: 'admin.fees.recordPayment', from: 'body', status: 201 },
  'GET /api/admin/online-payments': {
    summary: "Online payments through Tap, newest first, paged: the family, amount, Tap's charge id and state, the card scheme or wallet, the receipt; filter=attention: captured charges not booked, and why",
    procedure: 'admin.fees.onlinePayments',
    from: 'query',
  },
  'GET /api/admin/online-payments/reconciliation': {
    summary: "A day's reconciliation (date, Bahrain): what Tap captured, read from Tap, against what the ledger booked, with every charge that differs; 404 when online payments are off",
    procedure: 'admin.fees.reconciliation',
    from: 'query',
  },
  'POST /api/admin/payments/:id/refund': {
    summary: "Gives back an online payment through Tap's refund API ({ amountBhd?, reason, feeIds? }: all that is left without amountBhd; feeIds picks the months of a partial refund): 201 { refund } with its credit note number (CRN-000001), recorded only when Tap accepts it; the months owe it again; 409 a payment not made online; 502 Tap refused; 404 when online payments are off",
    procedure: 'admin.fees.refundPayment',
    from: 'body',
    status: 201,
  },
  'POST /api/admin/payments/:id/void': { summary: 'Voids a payment with a reason (never deleted)', procedure: 'admin.fees.voidPayment', from: 'body' },
  'GET /api/admin/payment-proofs': { summary: 'Payment proofs by status, with the family’s due rows', procedure: 'admin.fees.proofs', from: 'query' },
  'POST /api/admin/payment-proofs/:id/accept': { summary: 'Accepts a proof: records the payment and links the proof', procedure: 'admin.fees.acceptProof', from: 'body' },
  'POST /api/admin/payment-proofs/:id/reject': { summary: 'Rejects a proof with a reason the parent sees', procedure: 'admin.fees.rejectProof', from: 'body' },
  'GET /api/driver/runs/today': { summary: "Today's runs of the signed-in driver (both on a school day, none on a weekend or no-service date), each child with their status", procedure: 'driver.runs.today' },
  'POST /api/driver/runs/:run/start': { summary: "Starts today's morning or afternoon run (again: no change); absences for it close. date: the run's Bahrain date when not today (yesterday at most: a Start queued offline before midnight)", procedure: 'driver.runs.start', from: 'body' },
  'POST /api/driver/runs/:run/marks': {
    summary:
      "Records a child boarded, dropped, no-show or returned to school, or undoes the child's latest mark within 2 minutes (event undo, undoes: the mark's id; 409 later or for an earlier mark); 201, the same clientId again: 200 with the same mark; date and at as made on the phone",
    procedure: 'driver.runs.mark',
    from: 'body',
    status: (result) => (isReplayed(result) ? 200 : 201),
  },
  'POST /api/driver/runs/:run/end': { summary: 'Ends the run (409 with the children still on the bus, else with those nobody marked yet)', procedure: 'driver.runs.end', from: 'body' },
  'POST /api/driver/positions': {
    summary:
      "Positions from the driver's phone during a run, at most 100 a call: 202 with how many were kept (those taken between the run's Start and End, also after it ended); less precise than 100 m or in the future: dropped and counted; 409 when the run has not started or every fix lies outside it",
    procedure: 'driver.runs.positions',
    from: 'body',
    status: 202,
  },
  'GET /api/parent/absences': { summary: "The family's absences from 30 days ago on", procedure: 'parent.absences.list' },
  'POST /api/parent/absences': { summary: 'Reports that a student will not ride: a day or a range of at most 31 days, the morning run, the afternoon run or both', procedure: 'parent.absences.report', from: 'body', status: 201 },
  'DELETE /api/parent/absences/:id': { summary: 'Cancels an absence before its run starts (one under way ends early)', procedure: 'parent.absences.cancel' },
  'GET /api/parent/students/:id/today': { summary: "A student's day: each run's status and its marks with their times", procedure: 'parent.studentToday' },
  'GET /api/parent/students/:id/bus': {
    summary: "The bus on its way to the student's own stop (position, stops before theirs, the ETA as a range, whether the position is stale), only while the child's run is in progress and the child is not absent and not yet dropped; otherwise not_on_the_way",
    procedure: 'parent.studentBus',
  },
  'GET /api/parent/students/:id/bus-near': { summary: "Whether the family is told when the bus is about 5 or 10 minutes from the student's stop (minutes null: off)", procedure: 'parent.busNear' },
  'PUT /api/parent/students/:id/bus-near': { summary: "Turns the 'bus is near' message on (minutes 5 or 10) or off (null)", procedure: 'parent.setBusNear', from: 'body' },
  'GET /api/parent/school-day-messages': { summary: 'Whether the family gets boarded and dropped messages (no-show and return to school always go)', procedure: 'parent.schoolDayMessages' },
  'PUT /api/parent/school-day-messages': { summary: 'Turns boarded and dropped messages on or off', procedure: 'parent.setSchoolDayMessages', from: 'body' },
  'GET /api/parent/authorised-adults': { summary: 'The adults the family named who may receive their children at the afternoon stop (the parents always may)', procedure: 'parent.authorisedAdults.list' },
  'POST /api/parent/authorised-adults': { summary: 'Names an adult who may receive the children: name, relation, phone (at most 8; 409 beyond)', procedure: 'parent.authorisedAdults.add', from: 'body', status: 201 },
  'PUT /api/parent/authorised-adults/:id': { summary: "Edits one of the family's authorised adults (another family's: 404)", procedure: 'parent.authorisedAdults.update', from: 'body' },
  'DELETE /api/parent/authorised-adults/:id': { summary: "Removes one of the family's authorised adults (marks that name them keep the name)", procedure: 'parent.authorisedAdults.remove' },
  'GET /api/parent/students/:id/handover': { summary: 'Whether the child must be handed to a named adult at the afternoon stop, and whether the school’s rule requires it (byRule)', procedure: 'parent.studentHandover' },
  'PUT /api/parent/students/:id/handover': { summary: "Requires the handover for the child (required true), or returns to the school's rule (409 while the rule requires it: only the office may lift it)", procedure: 'parent.setStudentHandover', from: 'body' },
  'GET /api/parent/handover-codes': { summary: "The family's one-day codes still open, from today on (the codes themselves are never shown again)", procedure: 'parent.handoverCodes.list' },
  'POST /api/parent/handover-codes': {
    summary: 'Names a one-day delegate for a child: a 6-digit code goes to their phone and is answered this once (code); it works on that date, once, and no more after 5 wrong tries',
    procedure: 'parent.handoverCodes.issue',
    from: 'body',
    status: 201,
  },
  'DELETE /api/parent/handover-codes/:id': { summary: "Cancels one of the family's one-day codes", procedure: 'parent.handoverCodes.cancel' },
  'PUT /api/admin/schools/:id/handover-rule': { summary: 'Sets the grades up to which a school’s children must be handed to a named adult (upToGrade; KG below grade 1; null: no rule); audited', procedure: 'admin.handover.setSchoolRule', from: 'body' },
  'GET /api/admin/students/:id/handover': { summary: "Whether the child must be handed to a named adult at the afternoon stop (required), and whether the school's rule requires it (byRule)", procedure: 'admin.handover.student' },
  'PUT /api/admin/students/:id/handover': { summary: "Sets a child's handover against the school's rule: required true, lifted false, or null to follow the rule; audited", procedure: 'admin.handover.setStudent', from: 'body' },
  'GET /api/admin/runs': { summary: "Every driver's runs of a date (today by default) with status and counts, open runs with children on board first", procedure: 'admin.schoolDay.runs', from: 'query' },
  'GET /api/admin/absences': { summary: 'The absences in force on a date (today by default)', procedure: 'admin.schoolDay.absences', from: 'query' },
  'POST /api/admin/absences': { summary: 'Records an absence for a family (a phone call)', procedure: 'admin.schoolDay.reportAbsence', from: 'body', status: 201 },
  'DELETE /api/admin/absences/:id': { summary: "Cancels a family's absence", procedure: 'admin.schoolDay.cancelAbsence' },
  'GET /api/admin/drivers/:driverId/runs': { summary: "A bus's planned runs in planned-start order (direction, name, schools, times, weekdays), riders against seats per run, and overlapping windows", procedure: 'admin.plannedRuns.list' },
  'POST /api/admin/drivers/:driverId/runs': { summary: "Plans a run for a bus (times left out default from its schools', else the settings'); audited", procedure: 'admin.plannedRuns.create', from: 'body', status: 201 },
  'PUT /api/admin/runs/:runId': { summary: 'Edits a planned run; audited', procedure: 'admin.plannedRuns.update', from: 'body' },
  'DELETE /api/admin/runs/:runId': { summary: 'Removes a planned run (its past days stay in the records); 409 while a child is placed on it by hand, it is in progress, or it is the last run of a direction its children ride; audited', procedure: 'admin.plannedRuns.remove' },
  'GET /api/admin/drivers/:driverId/runs/:run': { summary: "One of a driver's runs of a date (today by default) as the driver's screen shows it: each child with their status", procedure: 'admin.schoolDay.run', from: 'query' },
  'POST /api/admin/drivers/:driverId/runs/:run/marks': {
    summary: "Marks a child on a driver's run for the driver (a dead phone), audited (the same clientId again: 200 with the same mark)",
    procedure: 'admin.schoolDay.mark',
    from: 'body',
    status: (result) => (isReplayed(result) ? 200 : 201),
  },
  'POST /api/admin/drivers/:driverId/runs/:run/end': { summary: "Ends a driver's run for the driver, audited (409 with the children still on the bus)", procedure: 'admin.schoolDay.endRun', from: 'body' },
  'GET /api/admin/live-buses': { summary: 'Every bus with a run in progress: its last position, the age of that fix and the children on board', procedure: 'admin.liveBus.buses' },
  'GET /api/admin/drivers/:driverId/runs/:run/trail': { summary: "A run's trail of positions over its stops, for any date of the last 30 days", procedure: 'admin.liveBus.trail', from: 'query' },
  'PUT /api/admin/drivers/:driverId/runs/:run/substitute': { summary: "Hands one day's run to another driver (substituteDriverId null hands it back)", procedure: 'admin.schoolDay.substitute', from: 'body' },
  'GET /api/admin/drivers/:driverId/runs/:run/stops': { summary: "A driver's run's stops in order (1 first), each with its children and where it is (set, learned or link; null: unknown), the bus's seats and riders, and who ordered it last", procedure: 'admin.routes.stops' },
  'PUT /api/admin/drivers/:driverId/runs/:run/stops/order': { summary: "Orders a run's stops, audited (409 when stopIds are not exactly the run's stops, e.g. read before a child joined)", procedure: 'admin.routes.order', from: 'body' },
  'PUT /api/admin/drivers/:driverId/runs/:run/stops/:stopId/location': { summary: "Pins where a stop is (lat, lng), above what the driver's phone learned and the parent's link; audited", procedure: 'admin.routes.setLocation', from: 'body' },
  'DELETE /api/admin/drivers/:driverId/runs/:run/stops/:stopId/location': { summary: "Removes a stop's pin (the learned or linked position shows again); audited", procedure: 'admin.routes.clearLocation' },
  'PUT /api/driver/runs/:run/stops/order': { summary: "Orders the signed-in driver's own run's stops, audited (409 when stopIds are not exactly the run's stops)", procedure: 'driver.runs.stopOrder', from: 'body' },
  'GET /api/admin/settings/school-day': { summary: 'The school week, no-service dates, planned run times and the office alert phone', procedure: 'admin.schoolDay.settings' },
  'PUT /api/admin/settings/school-day': { summary: 'Saves the school-day settings', procedure: 'admin.schoolDay.updateSettings', from: 'body' },
  'GET /api/admin/family-messages/preview': {
    summary: "How many families a message to a run, a school or every family would reach, by language, and how many the hourly cap would hold",
    procedure: 'admin.familyMessages.preview',
    from: 'query',
  },
  'POST /api/admin/family-messages': { summary: 'Sends one message to every family of a run, a school or the whole service, in each family’s language (beyond the hourly cap: held)', procedure: 'admin.familyMessages.send', from: 'body', status: 201 },
  'GET /api/admin/attendance': { summary: "A month's attendance per student (school days, rides, absences and no-shows per direction and per run), per school, per planned run, and who received each child handed over at an afternoon drop", procedure: 'admin.attendance.month', from: 'query' },
  'GET /api/webhooks/whatsapp': {
    summary: "The WhatsApp webhook's subscription handshake: hub.challenge is echoed when hub.mode is subscribe and hub.verify_token matches (else 403)",
    handler: { name: 'webhooks.whatsappHandshake', input: whatsappHandshakeQuery },
    access: 'whatsapp',
  },
  'POST /api/webhooks/whatsapp': {
    summary: "The WhatsApp Cloud API's deliveries, signed (401 otherwise): a tap on 'Not riding' records the absence before the cut-off and the family gets a reply; a repeated delivery records nothing twice",
    handler: { name: 'webhooks.whatsapp' },
    access: 'whatsapp',
  },
  'POST /api/webhooks/tap': {
    summary: "Tap's charge webhook: the hashstring header is checked (401 otherwise, nothing booked), the charge is read again from Tap's API, and a captured one is booked once to the ledger with a receipt; 404 when online payments are off",
    handler: { name: 'webhooks.tap' },
    access: 'tap',
  },
  'GET /api/tracking/osmand': {
    summary:
      "A tracking app's fix by the OsmAnd protocol's query string (id or deviceid, lat, lon, timestamp as Unix seconds or ISO 8601, speed in knots, bearing, altitude, accuracy in metres, batt in percent): 200 with an empty body when taken (kept for the run in progress of the vehicle's bus, else not kept); an unknown or missing id: 404, counted per address",
    handler: { name: 'tracking.osmandQuery', input: osmandParameters },
    access: 'tracker',
  },
  'POST /api/tracking/osmand': {
    summary: "The same as a form, or Traccar Client 9's JSON body (device_id; location.timestamp, coords.latitude, longitude, accuracy, speed in m/s, heading; battery.level from 0 to 1; is_moving): 200 with an empty body when taken; an unknown or missing id: 404",
    handler: { name: 'tracking.osmand', input: traccarClientBody },
    access: 'tracker',
  },
  'POST /api/tracking/traccar': {
    summary:
      "One position a Traccar server forwards with forward.type=json (position.fixTime, latitude, longitude, speed in knots, course, accuracy, valid, attributes.batteryLevel; device.uniqueId, the vehicle's trackerId), with Authorization: Bearer TRACCAR_FORWARD_SECRET (401 without; 404 when unset): 202 with how many were kept (0 for an unknown uniqueId or valid false)",
    handler: { name: 'tracking.traccar', input: traccarForwardBody },
    access: 'tracker',
    status: 202,
  },
  'GET /api/admin/attendance.csv': { summary: "A month's attendance as CSV (UTF-8 with a byte-order mark), one row per student (with the names of their runs), per school (by=school), per planned run (by=run) or per drop that named who received the child (by=handover)", handler: { name: 'admin.attendance.exportCsv', input: attendanceCsvQuery }, access: 'office:attendance.read' },
};

/** A procedure's REST paths, as its endpoint declares them (trpc/endpoint.ts), in the table's shape. */
function declaredPaths(): Record<string, RestPath> {
  const rows: Record<string, RestPath> = {};
  for (const { name, meta } of PROCEDURES) {
    for (const { route, ...row } of meta.rest ?? []) {
      if (PATH_ROWS[route]) throw new Error(`${route} is both declared by ${name} and written in rest/paths.ts`);
      rows[route] = { ...row, procedure: name as ProcedureName };
    }
  }
  return rows;
}

/**
 * Every /api path the server answers: the JSON paths their procedures declare, and the rows
 * written here. What registers the routes, the OpenAPI document and the tests read.
 */
export const REST_PATHS: Readonly<Record<string, RestPath>> = { ...declaredPaths(), ...PATH_ROWS };

/** Who may call a path: its own row's access, else its procedure's. */
export function accessOfPath(route: string): Access {
  const row = REST_PATHS[route];
  if (!row) throw new Error(`No row for ${route} in rest/paths.ts`);
  const access = row.access ?? (row.procedure ? PROCEDURE_ACCESS[row.procedure] : undefined);
  if (!access) throw new Error(`No access for ${route}: name a procedure with a row in security/access.ts, or an access`);
  return access;
}
