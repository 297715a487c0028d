import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(value)));

/** Every setting the server reads, parsed once (the list with comments is .env.example). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional().transform((value) => value || undefined),
  DATA_DIR: z.string().default('./.data'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  COOKIE_SECURE: flag,
  TRUST_PROXY: flag,
  ADMIN_EMAIL: z.string().optional().transform((value) => value || undefined),
  ADMIN_PASSWORD: z.string().optional().transform((value) => value || undefined),
  DEMO_DATA: flag,
  DEV_SHORTCUTS: flag,
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface AppConfig {
  production: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  cookieSecure: boolean;
  trustProxy: boolean;
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
  const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');
  return {
    production,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? keptSessionSecret(dataDir),
    cookieSecure: env.COOKIE_SECURE ?? production,
    trustProxy: env.TRUST_PROXY ?? false,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    // Demo data is never loaded in production, whatever DEMO_DATA says.
    demoData: !production && (env.DEMO_DATA ?? false),
    devShortcuts: !production && (env.DEV_SHORTCUTS ?? false),
    webDist: env.WEB_DIST ?? (existsSync(join(defaultWebDist, 'index.html')) ? defaultWebDist : undefined),
    logLevel: env.LOG_LEVEL,
  };
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
