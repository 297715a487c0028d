import { z } from 'zod';
import {
  PROOF_MIME_TYPES,
  signedInAnswer,
  studentImportPreview,
  studentImportResult,
  uploadedProofAnswer,
  attendanceCsvQuery,
  osmandParameters,
  studentFilters,
  traccarClientBody,
  traccarForwardBody,
  whatsappHandshakeQuery,
} from '@school-transport/contracts';
import type { Access } from '../security/access.js';
import { proofUpload } from './proof-upload-form.js';
import { studentImportForm } from './students-import-form.js';
import { PROCEDURE_ACCESS } from '../trpc/procedure-access.js';
import { PROCEDURES } from '../trpc/procedures.js';

/**
 * An /api path the server answers, as 'METHOD /path' (Fastify's :param syntax). A JSON path is
 * declared on its procedure (trpc/endpoint.ts's `rest`): rest/json-paths.ts registers it, builds
 * the procedure's input from the request and answers its result as JSON. The paths that are not
 * JSON in and out have a small handler of their own and a row below (files, PDFs, CSV, ZIP,
 * uploads, webhooks, trackers, the 401 of auth/user). The OpenAPI document (/api/openapi.json) and
 * the authorization matrix test are generated from REST_PATHS; a path the server answers without
 * one fails the test. (The developer shortcut of development servers is listed in
 * development/dev-shims.ts instead, so that a production build does not even name it.)
 */
export interface RestPath {
  summary: string;
  /** The procedure a JSON path calls: its input schema is the request's, its access the path's. */
  procedure?: string;
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
export type HandlerAnswer = { json: z.ZodType } | { media: readonly string[]; description: string } | { empty: string };

// The answers of the handlers' JSON, described here as no procedure answers them.
const healthAnswer = z.object({ status: z.literal('ok') });
const openApiDocumentAnswer = z.object({
  openapi: z.string(),
  info: z.record(z.string(), z.unknown()),
  paths: z.record(z.string(), z.unknown()),
  components: z.record(z.string(), z.unknown()),
});
/** A dry run's preview, or what the import did. */
const studentImportAnswer = z.union([studentImportPreview, studentImportResult]);
/** How many 'Not riding' taps of the delivery were recorded (a repeated delivery: 0). */
const whatsappDeliveryAnswer = z.object({ received: z.number() });
const tapWebhookAnswer = z.object({ received: z.literal(true) });
/** How many of the forwarded positions were kept. */
const traccarForwardAnswer = z.object({ accepted: z.number() });

/** The paths with handlers of their own: no procedure answers them. */
const PATH_ROWS: Record<string, RestPath> = {
  'GET /api/health': { summary: 'Whether the database is reachable and migrated (503 when not)', access: 'anyone', answer: { json: healthAnswer } },
  'GET /api/openapi.json': { summary: 'This REST reference as an OpenAPI 3.1 document', access: 'anyone', answer: { json: openApiDocumentAnswer } },
  'GET /api/auth/user': {
    summary: 'The signed-in user (401 when nobody is signed in)',
    handler: { name: 'auth.user' },
    access: 'signed-in',
    answer: { json: signedInAnswer },
  },
  'GET /api/parent/my-data': {
    summary:
      "Everything the service holds about the signed-in family, as a ZIP: one JSON file per kind of record (account, children, terms accepted, requests, fees, payments, messages, absences, marks, choices, the office's views of the children's records), the receipts as PDFs, and a README in the family's language; audited",
    handler: { name: 'parent.dataRights.myData' },
    access: 'parent',
    answer: { media: ['application/zip'], description: "The family's records, as a ZIP" },
  },
  'GET /api/admin/students.csv': {
    summary: 'The filtered students as CSV (UTF-8 with a byte-order mark)',
    handler: { name: 'admin.students.exportCsv', input: studentFilters },
    access: 'office:students.read',
    answer: { media: ['text/csv'], description: 'The students, one row each' },
  },
  'POST /api/admin/students/import': {
    summary:
      'Imports students from a spreadsheet (file: CSV in UTF-8, comma or semicolon, or .xlsx, up to 5 MB and 10,000 rows). ?dryRun=true answers the preview { rows, create, update, unchanged, errors: [{ row, column, message }] } and writes nothing; otherwise validOnly and sendWelcome, and the answer { created, updated, unchanged, skipped }, or 400 { message, errors } with nothing written when a row is wrong and validOnly is not set',
    handler: { name: 'admin.students.import', input: studentImportForm },
    access: 'office:students.import',
    multipart: true,
    answer: { json: studentImportAnswer },
  },
  'GET /api/admin/students/import-template.csv': {
    summary: "The import's template: the students export's header row in the admin's language (CSV, UTF-8 with a byte-order mark)",
    handler: { name: 'admin.students.importTemplate' },
    access: 'office:students.import',
    answer: { media: ['text/csv'], description: 'The header row' },
  },
  'POST /api/parent/fees/:id/proofs': {
    summary: 'Uploads a proof of payment (file: JPEG, PNG, WebP, HEIC or PDF up to 5 MB; amountBhd; reference)',
    handler: { name: 'parent.fees.uploadProof', input: proofUpload },
    access: 'parent',
    status: 201,
    multipart: true,
    answer: { json: uploadedProofAnswer },
  },
  'GET /api/payment-proofs/:id/file': {
    summary: 'A proof file, for its family and the office',
    access: 'parent-or-office:fees.read',
    answer: { media: PROOF_MIME_TYPES, description: 'The file as it was uploaded, under its own type' },
  },
  'GET /api/receipts/:file': {
    summary: 'A receipt as PDF (`{id}.pdf`), for its family and the office',
    access: 'parent-or-office:fees.read',
    answer: { media: ['application/pdf'], description: 'The receipt' },
  },
  'GET /api/credit-notes/:file': {
    summary: "A refund's credit note as PDF (`{refund id}.pdf`, CRN-000001…), in the reader's language, for its family and the office",
    access: 'parent-or-office:fees.read',
    answer: { media: ['application/pdf'], description: 'The credit note' },
  },
  'GET /api/webhooks/whatsapp': {
    summary: "The WhatsApp webhook's subscription handshake: hub.challenge is echoed when hub.mode is subscribe and hub.verify_token matches (else 403)",
    handler: { name: 'webhooks.whatsappHandshake', input: whatsappHandshakeQuery },
    access: 'whatsapp',
    answer: { media: ['text/plain'], description: 'hub.challenge, echoed' },
  },
  'POST /api/webhooks/whatsapp': {
    summary:
      "The WhatsApp Cloud API's deliveries, signed (401 otherwise): a tap on 'Not riding' records the absence before the cut-off and the family gets a reply; a repeated delivery records nothing twice",
    handler: { name: 'webhooks.whatsapp' },
    access: 'whatsapp',
    answer: { json: whatsappDeliveryAnswer },
  },
  'POST /api/webhooks/tap': {
    summary:
      "Tap's charge webhook: the hashstring header is checked (401 otherwise, nothing booked), the charge is read again from Tap's API, and a captured one is booked once to the ledger with a receipt; 404 when online payments are off",
    handler: { name: 'webhooks.tap' },
    access: 'tap',
    answer: { json: tapWebhookAnswer },
  },
  'GET /api/tracking/osmand': {
    summary:
      "A tracking app's fix by the OsmAnd protocol's query string (id or deviceid, lat, lon, timestamp as Unix seconds or ISO 8601, speed in knots, bearing, altitude, accuracy in metres, batt in percent): 200 with an empty body when taken (kept for the run in progress of the vehicle's bus, else not kept); an unknown or missing id: 404, counted per address",
    handler: { name: 'tracking.osmandQuery', input: osmandParameters },
    access: 'tracker',
    answer: { empty: 'Taken: an empty body' },
  },
  'POST /api/tracking/osmand': {
    summary:
      "The same as a form, or Traccar Client 9's JSON body (device_id; location.timestamp, coords.latitude, longitude, accuracy, speed in m/s, heading; battery.level from 0 to 1; is_moving): 200 with an empty body when taken; an unknown or missing id: 404",
    handler: { name: 'tracking.osmand', input: traccarClientBody },
    access: 'tracker',
    answer: { empty: 'Taken: an empty body' },
  },
  'POST /api/tracking/traccar': {
    summary:
      "One position a Traccar server forwards with forward.type=json (position.fixTime, latitude, longitude, speed in knots, course, accuracy, valid, attributes.batteryLevel; device.uniqueId, the vehicle's trackerId), with Authorization: Bearer TRACCAR_FORWARD_SECRET (401 without; 404 when unset): 202 with how many were kept (0 for an unknown uniqueId or valid false)",
    handler: { name: 'tracking.traccar', input: traccarForwardBody },
    access: 'tracker',
    status: 202,
    answer: { json: traccarForwardAnswer },
  },
  'GET /api/admin/attendance.csv': {
    summary:
      "A month's attendance as CSV (UTF-8 with a byte-order mark), one row per student (with the names of their runs), per school (by=school), per planned run (by=run) or per drop that named who received the child (by=handover)",
    handler: { name: 'admin.attendance.exportCsv', input: attendanceCsvQuery },
    access: 'office:attendance.read',
    answer: { media: ['text/csv'], description: "The month's attendance" },
  },
};

/** A procedure's REST paths, as its endpoint declares them (trpc/endpoint.ts), in the table's shape. */
function declaredPaths(): Record<string, RestPath> {
  const rows: Record<string, RestPath> = {};
  for (const { name, meta } of PROCEDURES) {
    for (const { route, ...row } of meta.rest ?? []) {
      if (PATH_ROWS[route]) throw new Error(`${route} is both declared by ${name} and written in rest/paths.ts`);
      rows[route] = { ...row, procedure: name };
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
