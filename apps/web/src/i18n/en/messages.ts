import {
  ADMIN_MESSAGES,
  ANALYTICS_MESSAGES,
  FEE_MESSAGES,
  MESSAGES,
  MODIFICATION_TOASTS,
  OUTBOX_MESSAGES,
  PARENT_MESSAGES,
  REGISTRATION_REQUIRED_FIELDS,
  SERVER_MESSAGES,
  STUDENT_MESSAGES,
} from '@school-transport/contracts';

/**
 * The shared contract's messages (packages/contracts): validation messages, the server's answers,
 * the parent's change-request toasts. In English they are the contract's own words, so there is one
 * source for each; the Arabic catalog translates them key by key, and i18n/messages.ts finds the key
 * of a message the server or a Zod schema gave in English.
 */
export const messages = {
  validation: MESSAGES,
  server: SERVER_MESSAGES,
  parent: PARENT_MESSAGES,
  modificationToasts: MODIFICATION_TOASTS,
  requiredFields: REGISTRATION_REQUIRED_FIELDS,
  fees: FEE_MESSAGES,
  admin: ADMIN_MESSAGES,
  students: STUDENT_MESSAGES,
  outbox: OUTBOX_MESSAGES,
  analytics: ANALYTICS_MESSAGES,
} as const;
