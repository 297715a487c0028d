import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_MAP_SETTINGS,
  NOTIFICATION_TEMPLATE_KEYS,
  type MapSettings,
  type NotificationTemplateKey,
  type ServiceArea,
} from '@school-transport/contracts';
import { tileOrigin } from './map-tiles.js';
import { passwordProblem } from './domain/password-rules.js';
import { leaseProblem, type OutboxConfig } from './domain/notifications/config.js';
import { parseTrustProxy, type TrustProxy } from './security/trust-proxy.js';
import { isTestKey, type TapSettings } from './domain/fees/online/tap-client.js';

const optionalString = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(value)));

/** Every setting the server reads, parsed once (the list with comments is .env.example). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  DATA_DIR: z.string().default('./.data'),
  SESSION_SECRET: z
    .string()
    .min(32, 'SESSION_SECRET must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  COOKIE_SECURE: flag,
  // false, a hop count or proxy addresses; `true` is refused (security/trust-proxy.ts).
  TRUST_PROXY: z.string().optional(),
  ADMIN_EMAIL: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => value || undefined),
  DEMO_DATA: flag,
  DEV_SHORTCUTS: flag,
  WEB_DIST: z.string().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1000),
  // Registrations and forgotten-password requests per client address and hour (0: no limit).
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(100),
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(100),
  // Requests to fee reminders' pay links per client address and hour (0: no limit).
  PAY_LINK_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(60),
  // Requests naming an unknown tracker identifier per client address and hour (0: no limit): a guess at one.
  UNKNOWN_TRACKERS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(60),
  KEEP_SESSIONS: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The outbox: how messages to parents and drivers leave, and how the worker retries. No default in
  // production (outboxConfig): `log` there means nothing reaches parents, so it must be chosen.
  NOTIFY_TRANSPORT: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['log', 'webhook', 'whatsapp']).optional()),
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  NOTIFY_WEBHOOK_URL: optionalString,
  NOTIFY_WEBHOOK_SECRET: optionalString,
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_API_URL: z.string().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_TEMPLATES: optionalString,
  WHATSAPP_LANGUAGE_EN: z.string().default('en'),
  WHATSAPP_LANGUAGE_AR: z.string().default('ar'),
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  OUTBOX_WORKER: flag,
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).max(86_400_000).default(30_000),
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).max(86_400_000).default(120_000),
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(25),
  // Registration texts across the service per hour before further ones are held for the office (0: all held).
  REGISTRATION_TEXTS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(100),
  FAMILY_MESSAGES_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(300),
  // Days a run's trail of positions is kept before the server's job deletes it.
  POSITION_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Months without a fee row or a ride after which a family is erased (domain/data-rights/retention.ts).
  INACTIVE_FAMILY_MONTHS: z.coerce.number().int().min(6).max(240).default(24),
  // The run map's raster tiles ({z}/{x}/{y}, optionally {s}) and their credit; the CSP allows this origin's images.
  MAP_TILE_URL: z
    .string()
    .optional()
    .transform((value) => value?.trim() || DEFAULT_MAP_SETTINGS.tileUrl)
    .refine((value) => tileOrigin(value) !== null, 'MAP_TILE_URL must be an http(s) address with {z}, {x} and {y}'),
  MAP_ATTRIBUTION: z
    .string()
    .optional()
    .transform((value) => value?.trim() || DEFAULT_MAP_SETTINGS.attribution),
  // Online payments through Tap: off unless TAP_SECRET_KEY is set (tapConfig).
  TAP_SECRET_KEY: optionalString,
  TAP_API_URL: z
    .string()
    .optional()
    .transform((value) => value?.trim() || 'https://api.tap.company/v2'),
  PUBLIC_URL: optionalString,
  // The bearer secret a Traccar server forwards positions with (forward.header); unset: forwarding off.
  TRACCAR_FORWARD_SECRET: optionalString.pipe(z.string().min(16, 'TRACCAR_FORWARD_SECRET must be at least 16 characters').optional()),
  // Where the buses drive, as south,west,north,east in degrees: a phone's fix outside it is dropped as implausible.
  SERVICE_AREA: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return DEFAULT_MAP_SETTINGS.serviceArea;
      const area = serviceAreaOf(value);
      if (!area)
        ctx.addIssue({
          code: 'custom',
          message: 'SERVICE_AREA must be south,west,north,east in degrees, south below north and west below east (25.5,50.2,26.5,50.9)',
        });
      return area ?? DEFAULT_MAP_SETTINGS.serviceArea;
    }),
});

/** 'south,west,north,east' as a box, or null when it is not four numbers of a real box. */
function serviceAreaOf(value: string): ServiceArea | null {
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [south, west, north, east] = parts as [number, number, number, number];
  if (south < -90 || north > 90 || west < -180 || east > 180 || south >= north || west >= east) return null;
  return { south, west, north, east };
}

/** The name of every variable the server reads (env.test.ts checks that .env.example and the README name the same). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  cookieSecure: boolean;
  /** The proxies in front of the server whose X-Forwarded-For entries are believed. */
  trustProxy: TrustProxy;
  admin: { email: string; password: string } | undefined;
  demoData: boolean;
  /**
   * Developer shortcuts (the credentials behind /force-admin-login): only when asked for by
   * `pnpm dev`, never in production, and not merely because NODE_ENV was left unset.
   */
  devShortcuts: boolean;
  /** The built web app to serve; absent in development, where Vite serves it. */
  webDist: string | undefined;
  logLevel: string;
  /** Origins besides the app's own that may send state-changing requests (a web app on another host). */
  allowedOrigins: string[];
  /** API requests per client address and minute in each process; 0 = no cap. */
  requestsPerMinute: number;
  /** Registrations, forgotten-password requests, pay-link requests and unknown tracker identifiers per client address and hour, across processes; 0 = no limit. */
  addressLimits: { registration: number; password_reset: number; pay_link: number; unknown_tracker: number };
  /**
   * Whether the server caches the sessions it has read (KEEP_SESSIONS), told of changes by the
   * database's notices (session-cache.ts). Off for a DATABASE_URL through a transaction-mode
   * pooler (PgBouncer), where LISTEN is accepted but notices never come.
   */
  sessionCache: boolean;
  /** Delivery of the outbox: the transport and the worker of this process (undefined: no worker here). */
  outbox: OutboxConfig;
  /** The WhatsApp webhook's app secret (signatures) and verify token (the subscription handshake); unset, it refuses every call. */
  whatsappWebhook: { appSecret: string | undefined; verifyToken: string | undefined };
  /** Days a run's trail of positions is kept (POSITION_RETENTION_DAYS). */
  positionRetentionDays: number;
  /** Months without a fee row or a ride after which a family is erased (INACTIVE_FAMILY_MONTHS). */
  inactiveFamilyMonths: number;
  /** The run map's tiles and their credit (MAP_TILE_URL, MAP_ATTRIBUTION), and where the buses drive (SERVICE_AREA). */
  map: MapSettings;
  /** Online payments through Tap (TAP_SECRET_KEY, TAP_API_URL, PUBLIC_URL); undefined: off. */
  tap: TapSettings | undefined;
  /** The address parents reach the app at (PUBLIC_URL), if given. */
  publicUrl: string | undefined;
  /** The bearer secret of Traccar's position forwarding (TRACCAR_FORWARD_SECRET); undefined: off. */
  traccarForwardSecret: string | undefined;
}

/** Reads the environment once. In production a missing SESSION_SECRET stops the start. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = envSchema.parse(source);
  const production = env.NODE_ENV === 'production';
  // Relative to where the command was typed: `pnpm db:migrate` runs inside apps/api, but pnpm keeps
  // the caller's folder in INIT_CWD, so every command finds the same ./.data.
  const dataDir = resolve(source.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  if (production && !env.SESSION_SECRET) {
    throw new Error('SESSION_SECRET is required when NODE_ENV=production (at least 32 random characters).');
  }
  // The configured admin's password follows the admin rules (12 characters, not a common one), in
  // every environment: refused here, with the variable's name, rather than by the account creation.
  const adminPasswordProblem = env.ADMIN_PASSWORD === undefined ? undefined : passwordProblem(env.ADMIN_PASSWORD, 'admin');
  if (adminPasswordProblem) throw new Error(`ADMIN_PASSWORD is refused: ${adminPasswordProblem}`);
  const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? keptSessionSecret(dataDir),
    cookieSecure: env.COOKIE_SECURE ?? production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    // Demo data is never loaded in production, whatever DEMO_DATA says.
    demoData: !production && (env.DEMO_DATA ?? false),
    devShortcuts: !production && (env.DEV_SHORTCUTS ?? false),
    webDist: env.WEB_DIST ?? (existsSync(join(defaultWebDist, 'index.html')) ? defaultWebDist : undefined),
    logLevel: env.LOG_LEVEL,
    allowedOrigins: env.ALLOWED_ORIGINS,
    requestsPerMinute: env.RATE_LIMIT_PER_MINUTE,
    addressLimits: {
      registration: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
      password_reset: env.PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
      pay_link: env.PAY_LINK_REQUESTS_PER_ADDRESS_PER_HOUR,
      unknown_tracker: env.UNKNOWN_TRACKERS_PER_ADDRESS_PER_HOUR,
    },
    sessionCache: env.KEEP_SESSIONS ?? true,
    outbox: outboxConfig(env, production),
    whatsappWebhook: { appSecret: env.WHATSAPP_APP_SECRET, verifyToken: env.WHATSAPP_VERIFY_TOKEN },
    positionRetentionDays: env.POSITION_RETENTION_DAYS,
    inactiveFamilyMonths: env.INACTIVE_FAMILY_MONTHS,
    map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_ATTRIBUTION, serviceArea: env.SERVICE_AREA },
    tap: tapConfig(env),
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    traccarForwardSecret: env.TRACCAR_FORWARD_SECRET,
  };
}

/**
 * Tap's settings, or undefined (online payments off) without TAP_SECRET_KEY. The return and webhook
 * addresses are built on PUBLIC_URL, so it is required with a key. Test keys may use plain http
 * (local stand-ins); live keys move real money, so both addresses must be https.
 */
function tapConfig(env: z.output<typeof envSchema>): TapSettings | undefined {
  if (!env.TAP_SECRET_KEY) return undefined;
  if (!/^sk_(test|live)_/.test(env.TAP_SECRET_KEY)) throw new Error('TAP_SECRET_KEY must be a Tap secret key (sk_test_… or sk_live_…).');
  if (!env.PUBLIC_URL)
    throw new Error('TAP_SECRET_KEY needs PUBLIC_URL, the address parents reach the app at (Tap sends them back there and posts its webhook there).');
  const urlProblem = (name: string, value: string) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return `${name} must be an http(s) address`;
    }
    if (url.protocol !== 'https:' && (url.protocol !== 'http:' || !isTestKey(env.TAP_SECRET_KEY!)))
      return `${name} must be an https address with a live Tap key (plain http only with a test key)`;
    return null;
  };
  const problem = urlProblem('TAP_API_URL', env.TAP_API_URL) ?? urlProblem('PUBLIC_URL', env.PUBLIC_URL);
  if (problem) throw new Error(problem);
  return { secretKey: env.TAP_SECRET_KEY, apiUrl: env.TAP_API_URL.replace(/\/+$/, ''), publicUrl: env.PUBLIC_URL.replace(/\/+$/, '') };
}

/** The transport named by NOTIFY_TRANSPORT with what it needs; a missing piece stops the start. */
function outboxConfig(env: z.output<typeof envSchema>, production: boolean): OutboxConfig {
  if (production && !env.NOTIFY_TRANSPORT) {
    throw new Error(
      'NOTIFY_TRANSPORT is required when NODE_ENV=production: webhook (an SMS/WhatsApp gateway) or whatsapp (the WhatsApp Cloud API) to reach parents and drivers, or log on purpose (messages then only reach the server log and are marked sent).',
    );
  }
  const lease = leaseProblem(env.OUTBOX_LEASE_MS, env.NOTIFY_TIMEOUT_MS);
  if (lease) throw new Error(lease);
  const registrationTextsPerHour = env.REGISTRATION_TEXTS_PER_HOUR;
  const familyMessagesPerHour = env.FAMILY_MESSAGES_PER_HOUR;
  const timeoutMs = env.NOTIFY_TIMEOUT_MS;
  const worker = {
    enabled: env.OUTBOX_WORKER ?? true,
    intervalMs: env.OUTBOX_INTERVAL_MS,
    maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    batchSize: env.OUTBOX_BATCH_SIZE,
  };
  if (env.NOTIFY_TRANSPORT === 'webhook') {
    if (!env.NOTIFY_WEBHOOK_URL) throw new Error('NOTIFY_TRANSPORT=webhook needs NOTIFY_WEBHOOK_URL.');
    if (production && !env.NOTIFY_WEBHOOK_SECRET) throw new Error('NOTIFY_TRANSPORT=webhook needs NOTIFY_WEBHOOK_SECRET in production.');
    return {
      worker,
      registrationTextsPerHour,
      familyMessagesPerHour,
      transport: { kind: 'webhook', url: env.NOTIFY_WEBHOOK_URL, secret: env.NOTIFY_WEBHOOK_SECRET ?? '', timeoutMs },
    };
  }
  if (env.NOTIFY_TRANSPORT === 'whatsapp') {
    if (!env.WHATSAPP_TOKEN || !env.WHATSAPP_PHONE_NUMBER_ID) throw new Error('NOTIFY_TRANSPORT=whatsapp needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID.');
    return {
      worker,
      registrationTextsPerHour,
      familyMessagesPerHour,
      transport: {
        kind: 'whatsapp',
        apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ''),
        token: env.WHATSAPP_TOKEN,
        phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
        templateNames: whatsappTemplateNames(env.WHATSAPP_TEMPLATES),
        languageCodes: { en: env.WHATSAPP_LANGUAGE_EN, ar: env.WHATSAPP_LANGUAGE_AR },
        timeoutMs,
      },
    };
  }
  // In production the log must not collect parents' and drivers' phone numbers.
  return { worker, registrationTextsPerHour, familyMessagesPerHour, transport: { kind: 'log', maskPhones: production } };
}

/** "registration_received=bus_registration,driver_assigned=bus_driver": the approved template of each key (default: the key itself). */
function whatsappTemplateNames(list: string | undefined): Partial<Record<NotificationTemplateKey, string>> {
  const names: Partial<Record<NotificationTemplateKey, string>> = {};
  for (const pair of (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [key = '', name = ''] = pair.split('=').map((part) => part.trim());
    if (!(NOTIFICATION_TEMPLATE_KEYS as readonly string[]).includes(key) || !name) {
      throw new Error(`WHATSAPP_TEMPLATES: "${pair}" is not key=template_name with a key of ${NOTIFICATION_TEMPLATE_KEYS.join(', ')}.`);
    }
    names[key as NotificationTemplateKey] = name;
  }
  return names;
}

/** Outside production a generated secret is kept in DATA_DIR, so sessions survive restarts. */
function keptSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
