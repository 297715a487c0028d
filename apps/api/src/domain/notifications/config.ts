import type { Language, NotificationTemplateKey } from '@school-transport/contracts';

/** How this process delivers the outbox: read once from the environment (env.ts). */
export interface OutboxConfig {
  transport: TransportConfig;
  worker: OutboxWorkerSettings;
}

export type TransportConfig =
  /** Writes each rendered message to the server log: the default, so the demo and tests work offline. */
  | { kind: 'log' }
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
  /** How long a claimed message is this process's; after that another process may take it. */
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
