import type { Language, NotificationTemplateKey } from '@school-transport/contracts';

/** How this process delivers the outbox: read once from the environment (env.ts). */
export interface OutboxConfig {
  transport: TransportConfig;
  worker: OutboxWorkerSettings;
  /**
   * Registration texts the whole service writes for sending per hour (REGISTRATION_TEXTS_PER_HOUR);
   * further ones are held until the office releases them. Default DEFAULT_REGISTRATION_TEXTS_PER_HOUR.
   */
  registrationTextsPerHour?: number;
  /**
   * The office's messages to families written for sending per hour (FAMILY_MESSAGES_PER_HOUR);
   * further ones are held until the office releases them. Default DEFAULT_FAMILY_MESSAGES_PER_HOUR.
   */
  familyMessagesPerHour?: number;
}

export type TransportConfig =
  /**
   * Writes each rendered message to the server log (demos, tests, or on purpose in production).
   * maskPhones (production): the log line holds the template key, the message id and the masked
   * recipient, none of the text (children's names, home addresses, codes).
   */
  | { kind: 'log'; maskPhones?: boolean }
  /** POSTs each message as JSON to a gateway, signed with HMAC-SHA256 of the body. */
  | { kind: 'webhook'; url: string; secret: string; timeoutMs?: number }
  /** WhatsApp Cloud API template messages. */
  | {
      kind: 'whatsapp';
      apiUrl: string;
      token: string;
      phoneNumberId: string;
      /** The approved template per key; a key not listed uses its own name. */
      templateNames: Partial<Record<NotificationTemplateKey, string>>;
      languageCodes: Record<Language, string>;
      timeoutMs?: number;
    };

export interface OutboxWorkerSettings {
  /** false: this process only writes messages; another one sends them. */
  enabled: boolean;
  /** How often the worker looks for due messages. */
  intervalMs: number;
  /** Tries before a message is `failed`. */
  maxAttempts: number;
  /** The wait after the first failed try; it doubles after each further one. */
  retryBaseMs: number;
  /** How long a claimed message is this process's, renewed just before it is sent; after that another process may take it. */
  leaseMs: number;
  /** Messages claimed at a time. */
  batchSize: number;
}

export const DEFAULT_WORKER_SETTINGS: OutboxWorkerSettings = {
  enabled: true,
  intervalMs: 5000,
  maxAttempts: 5,
  retryBaseMs: 30_000,
  leaseMs: 120_000,
  batchSize: 25,
};

export const DEFAULT_REGISTRATION_TEXTS_PER_HOUR = 100;
export const DEFAULT_FAMILY_MESSAGES_PER_HOUR = 300;

/** How long a gateway may take to answer one message before the try counts as failed (NOTIFY_TIMEOUT_MS). */
export const DEFAULT_TRANSPORT_TIMEOUT_MS = 10_000;

/**
 * What a lease must last beyond the transport's timeout: the round trips to the database around the
 * send and a pause of the process. A lease shorter than its send would let another process claim
 * the message while it is still being sent, and send it again.
 */
export const LEASE_MARGIN_MS = 10_000;

/** Why these settings cannot deliver each message once, or undefined when they can. */
export function leaseProblem(leaseMs: number, transportTimeoutMs: number): string | undefined {
  if (leaseMs >= transportTimeoutMs + LEASE_MARGIN_MS) return undefined;
  return `OUTBOX_LEASE_MS (${leaseMs}) must be at least NOTIFY_TIMEOUT_MS (${transportTimeoutMs}) + ${LEASE_MARGIN_MS} ms, so that a message's lease outlasts its send and no other process sends it again.`;
}
