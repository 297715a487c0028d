import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  ANALYTICS_MESSAGES,
  ATTENDANCE_MESSAGES,
  DATA_RIGHTS_MESSAGES,
  FAMILY_MESSAGE_MESSAGES,
  FEE_MESSAGES,
  HANDOVER_MESSAGES,
  MESSAGES,
  MODIFICATION_TOASTS,
  OFFICE_ACCOUNT_MESSAGES,
  ONLINE_PAYMENT_MESSAGES,
  OUTBOX_MESSAGES,
  PARENT_MESSAGES,
  ROUTE_MESSAGES,
  PLANNED_RUN_MESSAGES,
  REGISTRATION_REQUIRED_FIELDS,
  SCHOOL_DAY_MESSAGES,
  SERVER_MESSAGES,
  STUDENT_IMPORT_MESSAGES,
  STUDENT_MESSAGES,
  TRACKER_MESSAGES,
  WEBHOOK_MESSAGES,
} from './messages.js';

/**
 * The contract's messages by group. A message's code is its group and key
 * ('server.tooManyAttempts', 'fees.fileTooLarge'): the server sends it beside the English text and
 * the web translates by it (its message catalogs have these very keys), so rewording a sentence
 * here keeps its translations. A code names a message for good: rename a key only with its
 * translations, and never give an old code to a new meaning.
 */
export const MESSAGE_GROUPS = {
  validation: MESSAGES,
  server: SERVER_MESSAGES,
  admin: ADMIN_MESSAGES,
  students: STUDENT_MESSAGES,
  parent: PARENT_MESSAGES,
  fees: FEE_MESSAGES,
  outbox: OUTBOX_MESSAGES,
  analytics: ANALYTICS_MESSAGES,
  account: ACCOUNT_MESSAGES,
  schoolDay: SCHOOL_DAY_MESSAGES,
  familyMessages: FAMILY_MESSAGE_MESSAGES,
  attendance: ATTENDANCE_MESSAGES,
  webhooks: WEBHOOK_MESSAGES,
  trackers: TRACKER_MESSAGES,
  modificationToasts: MODIFICATION_TOASTS,
  requiredFields: REGISTRATION_REQUIRED_FIELDS,
  officeAccounts: OFFICE_ACCOUNT_MESSAGES,
  studentImport: STUDENT_IMPORT_MESSAGES,
  routes: ROUTE_MESSAGES,
  onlinePayments: ONLINE_PAYMENT_MESSAGES,
  plannedRuns: PLANNED_RUN_MESSAGES,
  handover: HANDOVER_MESSAGES,
  dataRights: DATA_RIGHTS_MESSAGES,
} as const;

type Groups = typeof MESSAGE_GROUPS;

/** 'group.key' of one of the contract's messages. */
export type MessageCode = { [Group in keyof Groups]: `${Group}.${Extract<keyof Groups[Group], string>}` }[keyof Groups];

/** Every message code, as an answer's schema names the one a field carries. */
const MESSAGE_CODES = Object.entries(MESSAGE_GROUPS).flatMap(([group, entries]) => Object.keys(entries).map((key) => `${group}.${key}` as MessageCode));
export const messageCodeField = z.enum(MESSAGE_CODES as [MessageCode, ...MessageCode[]]);

function codesByText(): Map<string, MessageCode> {
  const codes = new Map<string, MessageCode>();
  for (const [group, entries] of Object.entries(MESSAGE_GROUPS)) {
    for (const [key, text] of Object.entries(entries as Record<string, string>)) {
      // A text two groups share ('Student not found') says the same in both, in every language
      // (message-codes.test.ts and the web's catalog test hold that): the first group's code names it.
      if (!codes.has(text)) codes.set(text, `${group}.${key}` as MessageCode);
    }
  }
  return codes;
}

const CODE_OF_TEXT = codesByText();
const CODES = new Set<string>(Object.entries(MESSAGE_GROUPS).flatMap(([group, entries]) => Object.keys(entries).map((key) => `${group}.${key}`)));

/** The code of one of the contract's messages, found by its English; undefined for any other text. */
export function messageCode(message: string): MessageCode | undefined {
  return CODE_OF_TEXT.get(message);
}

/** Whether a code (from an answer, say) names one of the contract's messages. */
export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && CODES.has(code);
}
