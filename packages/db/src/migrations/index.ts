import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21T0900-initial-schema.js';
import * as softDeleteAndLanguage from './2026-11-22T0900-soft-delete-and-language.js';
import * as onePendingModificationRequest from './2026-11-22T1000-one-pending-modification-request.js';
import * as outboxDelivery from './2026-11-22T1300-outbox-delivery.js';
import * as auditLogAndUnassignedIndexes from './2026-11-22T1200-audit-log-and-unassigned-indexes.js';
import * as feeLedger from './2026-11-22T1400-fee-ledger.js';
import * as studentListIndexesAndInvoices from './2026-11-22T1100-student-list-indexes-and-invoices.js';
import * as sessionChangeNotices from './2026-11-25T0900-session-change-notices.js';
import * as signInAttempts from './2026-11-26T0900-sign-in-attempts.js';
import * as outboxHeldMessages from './2026-11-26T0910-outbox-held-messages.js';
import * as termsInTwoLanguages from './2026-11-26T0920-terms-in-two-languages.js';
import * as accountCodes from './2026-11-26T1000-account-codes.js';
import * as officeAccounts from './2026-11-26T1100-office-accounts.js';
import * as schoolDay from './2026-11-26T1200-school-day.js';
import * as whatsappReplies from './2026-11-26T1300-whatsapp-replies.js';
import * as runStops from './2026-11-26T1500-run-stops.js';
import * as liveBus from './2026-11-26T1600-live-bus.js';
import * as signInLocksAndAddressLimits from './2026-11-27T0900-sign-in-locks-and-address-limits.js';
import * as runMarkUndos from './2026-11-27T0930-run-mark-undos.js';
import * as languageChosen from './2026-11-27T1000-language-chosen.js';
import * as busAttendants from './2026-11-27T1100-bus-attendants.js';
import * as onlinePayments from './2026-11-27T1110-online-payments.js';
import * as onlineRefunds from './2026-11-27T1200-online-refunds.js';
import * as plannedRuns from './2026-11-28T0900-planned-runs.js';
import * as safeHandover from './2026-11-28T1030-safe-handover.js';
import * as payLinks from './2026-11-28T1200-pay-links.js';
import * as vehicleTrackers from './2026-11-28T1400-vehicle-trackers.js';
import * as dataRights from './2026-11-28T1500-data-rights.js';

/** Every migration, in order. Listed by hand because a bundled server has no folder to scan. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0900-initial-schema': initialSchema,
  '2026-11-22T0900-soft-delete-and-language': softDeleteAndLanguage,
  '2026-11-22T1000-one-pending-modification-request': onePendingModificationRequest,
  '2026-11-22T1100-student-list-indexes-and-invoices': studentListIndexesAndInvoices,
  '2026-11-22T1200-audit-log-and-unassigned-indexes': auditLogAndUnassignedIndexes,
  '2026-11-22T1300-outbox-delivery': outboxDelivery,
  '2026-11-22T1400-fee-ledger': feeLedger,
  '2026-11-25T0900-session-change-notices': sessionChangeNotices,
  '2026-11-26T0900-sign-in-attempts': signInAttempts,
  '2026-11-26T0910-outbox-held-messages': outboxHeldMessages,
  '2026-11-26T0920-terms-in-two-languages': termsInTwoLanguages,
  '2026-11-26T1000-account-codes': accountCodes,
  '2026-11-26T1100-office-accounts': officeAccounts,
  '2026-11-26T1200-school-day': schoolDay,
  '2026-11-26T1300-whatsapp-replies': whatsappReplies,
  '2026-11-26T1500-run-stops': runStops,
  '2026-11-26T1600-live-bus': liveBus,
  '2026-11-27T0900-sign-in-locks-and-address-limits': signInLocksAndAddressLimits,
  '2026-11-27T0930-run-mark-undos': runMarkUndos,
  '2026-11-27T1000-language-chosen': languageChosen,
  '2026-11-27T1100-bus-attendants': busAttendants,
  '2026-11-27T1110-online-payments': onlinePayments,
  '2026-11-27T1200-online-refunds': onlineRefunds,
  '2026-11-28T0900-planned-runs': plannedRuns,
  '2026-11-28T1030-safe-handover': safeHandover,
  '2026-11-28T1200-pay-links': payLinks,
  '2026-11-28T1400-vehicle-trackers': vehicleTrackers,
  '2026-11-28T1500-data-rights': dataRights,
};
