import type pino from 'pino';
import type { Kysely } from 'kysely';
import type { Database, DatabaseHandle } from '@school-transport/db';
import type { MapSettings } from '@school-transport/contracts';
import type { TrustProxy } from '../security/trust-proxy.js';
import type { AddressLimits } from '../domain/address-limits.js';
import type { OutboxConfig } from '../domain/notifications/config.js';
import type { Clock } from '../domain/clock.js';
import type { WhatsappWebhookConfig } from '../rest/whatsapp-webhook.js';
import type { TapSettings } from '../domain/fees/online/tap-client.js';
import type { ShortLinkSettings } from '../domain/routes/short-links.js';

/** What a server is made with: main.ts passes the configured settings, tests their own. */
export interface ServerOptions {
  db: Kysely<Database>;
  /**
   * The database's notices (DatabaseHandle.listen). With them the server caches the sessions it has
   * read and clears them when any process changes one (session-cache.ts); without them every
   * request reads its session.
   */
  listen?: DatabaseHandle['listen'];
  sessionSecret: string;
  cookieSecure: boolean;
  /**
   * The proxies whose X-Forwarded-For entries are believed (TRUST_PROXY): how many hops, or their
   * addresses. Never every hop: then the client names its own address.
   */
  trustProxy?: TrustProxy;
  bootstrapAdmin?: { email: string; password: string } | undefined;
  /** Developer shortcuts (the force-admin credentials endpoint); never in production. */
  development?: boolean;
  /** The built web app; when set, page routes fall back to its index.html. */
  webDist?: string | undefined;
  logLevel?: string;
  /** Where log lines go; standard output unless given (tests read the lines). */
  logStream?: pino.DestinationStream;
  /** Other origins allowed to send state-changing requests besides the app's own (ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** API requests per client address and minute; 0 turns the cap off (RATE_LIMIT_PER_MINUTE). */
  requestsPerMinute?: number;
  /** Registrations and forgotten-password requests per client address and hour (main.ts passes the configured ones); absent: no limit. */
  addressLimits?: AddressLimits;
  /** The outbox's transport and worker (main.ts passes the configured ones); absent: no worker in this server. */
  outbox?: OutboxConfig | undefined;
  /** Runs the fee ledger's daily job (generation on the 26th, reminders) in this process. */
  feeJob?: boolean;
  /** Runs the school day's overdue-run check (alerts to the office's phone) in this process. */
  overdueRunJob?: boolean;
  /** The time the school day is read by (today's runs, the absence cut-off); the system's unless a test sets one. */
  clock?: Clock;
  /** The WhatsApp webhook's secret and verify token (WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN). */
  whatsappWebhook?: WhatsappWebhookConfig;
  /**
   * The database's notices for the live bus (DatabaseHandle.listen): every process hears every
   * bus that moved. Without them only this process's own writes reach its open pages.
   */
  busNotices?: DatabaseHandle['listen'];
  /** Days a run's trail is kept (POSITION_RETENTION_DAYS); with it, this process runs the deleting job. */
  positionRetentionDays?: number;
  /** Months without a fee row or a ride before a family is erased (INACTIVE_FAMILY_MONTHS); with it, this process runs the daily data retention job. */
  inactiveFamilyMonths?: number;
  /** The run map's tiles and credit (MAP_TILE_URL, MAP_ATTRIBUTION); OpenStreetMap's by default. */
  map?: MapSettings;
  /** Online payments through Tap (TAP_SECRET_KEY, TAP_API_URL, PUBLIC_URL); absent: off, their paths answer 404. */
  tap?: TapSettings | undefined;
  /** The bearer secret a Traccar server forwards positions with (TRACCAR_FORWARD_SECRET); absent: forwarding off, its path answers 404. */
  traccarForwardSecret?: string | undefined;
  /** Tests' local stand-in for Google's short-link hosts (domain/routes/short-links.ts); never set from the environment. */
  shortLinks?: ShortLinkSettings;
}
