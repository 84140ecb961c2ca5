import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/** Repository root (backend/src/common/config or backend/dist/common/config -> ../../../..). */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..', '..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'ожидается true или false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const url = z.url({ error: 'ожидается URL (http://... или https://...)' });

/**
 * Demo mode on the team's machines: the offline copy of the SDE beside the repository, when there
 * is one. Never in production, never under tests (they read the repository's SDE subset,
 * tools/sde-subset), and a clone without it downloads CCP's SDE like a real install.
 */
function demoLocalSdePath(): string | undefined {
  const candidate = resolve(REPO_ROOT, '..', 'shared', 'eve-data', 'sde-jsonl');
  return existsSync(candidate) ? candidate : undefined;
}

/** Discord's own webhook hosts (PING_WEBHOOK_HOSTS unset). */
export const DEFAULT_WEBHOOK_HOSTS = [
  'discord.com',
  'discordapp.com',
  'canary.discord.com',
  'ptb.discord.com',
  'canary.discordapp.com',
  'ptb.discordapp.com',
] as const;

/** Environment variables, validated at boot. Every variable is documented in README and .env.example. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number({ error: 'ожидается номер порта' }).int().min(0).max(65535).default(3000),
  PUBLIC_URL: url.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, { error: 'ожидается mongodb://...' })
    .optional(),
  MONGODB_DB: z.string().min(1).default('eve_toolkit'),
  DATA_DIR: z.string().min(1).default('.data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'ожидается redis://...' })
    .optional(),
  SESSION_SECRET: z.string().min(16, { error: 'не короче 16 символов' }).optional(),
  ESI_BASE_URL: url.default('https://esi.evetech.net'),
  ESI_USER_AGENT: z.string().min(1).default('eve-toolkit/0.1 (admin@eve-toolkit.local)'),
  ESI_COMPATIBILITY_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'ожидается дата YYYY-MM-DD' })
    .default('2025-09-30'),
  SSO_BASE_URL: url.default('https://login.eveonline.com'),
  SSO_CLIENT_ID: z.string().optional(),
  SSO_CLIENT_SECRET: z.string().optional(),
  SSO_CALLBACK_URL: url.optional(),
  /** Encrypts stored refresh tokens (AES-256-GCM); required in production. */
  TOKEN_ENCRYPTION_KEY: z.string().min(16, { error: 'не короче 16 символов' }).optional(),
  IMAGE_SERVER_URL: url.default('https://images.evetech.net'),
  SDE_PATH: z.string().min(1).optional(),
  SDE_INDUSTRY_PATH: z.string().min(1).optional(),
  SDE_URL: url.optional(),
  /** CCP's static-data address (latest.jsonl and the archives under tranquility/). */
  SDE_BASE_URL: url.default('https://developers.eveonline.com/static-data'),
  /** How often one instance asks CCP for a newer SDE build (hours; 0 = never, the admin's update still does). */
  SDE_CHECK_INTERVAL_HOURS: z.coerce
    .number({ error: 'ожидается число часов' })
    .min(0)
    .max(24 * 7)
    .default(6),
  SDE_AUTO_IMPORT: bool.default(true),
  /** Hours between runs of the scheduled character checks (every linked character; 0 = off). */
  CHARACTER_CHECK_INTERVAL_HOURS: z.coerce
    .number({ error: 'ожидается число часов' })
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Characters checked at once by a run (each check is about ten ESI calls). */
  CHARACTER_CHECK_CONCURRENCY: z.coerce.number({ error: 'ожидается целое число' }).int().min(1).max(8).default(2),
  FRONTEND_DIST: z
    .string()
    .min(1)
    .default(resolve(REPO_ROOT, 'frontend', 'dist')),
  SCHEDULER_ENABLED: bool.default(true),
  /** The public pages rendered on the server (the frontend build's dist/.ssr); off: the app's shell, rendered in the browser. */
  SERVER_RENDER: bool.default(true),
  /**
   * Proxies whose X-Forwarded-* headers are believed (Express "trust proxy": `loopback`, a list
   * of addresses/subnets, or a hop count). Off by default: the client is the socket's address.
   */
  TRUST_PROXY: z.string().min(1).optional(),
  /** Other origins (comma-separated) allowed to call the API and open sockets, e.g. a separately hosted SPA. */
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const o of list) {
        if (!/^https?:\/\/[^/\s]+$/.test(o))
          ctx.addIssue({ code: 'custom', message: `ожидается origin вида https://host[:port]: ${o}` });
      }
      return list;
    }),
  /** A request must arrive whole within this time (headers within half of it): slow or lying clients are cut off. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Addresses (comma-separated) exempt from the overall request budget, e.g. a load generator. */
  RATE_LIMIT_TRUSTED: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Multiplies every request budget (1 = as documented). */
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(10_000).default(1),
  /** Hosts (comma-separated, exact names) ping webhooks may post to; default Discord's own. */
  PING_WEBHOOK_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const list = (v ?? DEFAULT_WEBHOOK_HOSTS.join(','))
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      for (const h of list) {
        if (!/^[a-z0-9.:[\]-]+$/.test(h)) ctx.addIssue({ code: 'custom', message: `ожидается имя хоста: ${h}` });
      }
      return list;
    }),
  /** Let ping webhooks reach private, loopback and link-local addresses (tests, a LAN relay). */
  PING_WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Let ping webhooks use plain http:// (tests, a LAN relay); https only by default. */
  PING_WEBHOOK_ALLOW_HTTP: bool.default(false),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  nodeEnv: Env['NODE_ENV'];
  demo: boolean;
  host: string;
  port: number;
  publicUrl?: string;
  logLevel: Env['LOG_LEVEL'];
  mongodbUri?: string;
  mongodbDb: string;
  dataDir: string;
  redisUrl?: string;
  sessionSecret: string;
  esi: { baseUrl: string; userAgent: string; compatibilityDate: string };
  sso: { baseUrl: string; clientId?: string; clientSecret?: string; callbackUrl?: string };
  tokenEncryptionKey: string;
  imageServerUrl: string;
  sde: {
    path?: string;
    url?: string;
    /** CCP's static-data address (SDE_BASE_URL); used when neither path nor url is set. */
    baseUrl?: string;
    autoImport: boolean;
    industryPath?: string;
    /** The scheduled check for a newer CCP build; 0 = off. */
    checkIntervalMs?: number;
  };
  frontendDist: string;
  /** Public pages rendered on the server (backend/src/ssr) when the frontend build has its server entry. */
  serverRender: boolean;
  schedulerEnabled: boolean;
  /** The scheduled character checks (admin): hours between runs as ms (0 = off), characters at once. */
  characterChecks: { intervalMs: number; concurrency: number };
  version: string;
  /** Express "trust proxy" value; false = no proxy is trusted. */
  trustProxy: boolean | number | string;
  allowedOrigins: string[];
  httpRequestTimeoutMs: number;
  rateLimitTrusted: string[];
  rateLimitScale: number;
  /** Outgoing ping webhooks: where they may post and how delivery retries. */
  pingWebhooks: PingWebhookConfig;
  /** Where logs go (not from the environment): tests pass a stream to read what was logged. */
  logDestination?: { write(line: string): unknown };
}

export interface PingWebhookConfig {
  /** Exact host names a webhook URL may have (PING_WEBHOOK_HOSTS). */
  hosts: string[];
  /** Private, loopback, link-local addresses allowed (PING_WEBHOOK_ALLOW_PRIVATE; tests). */
  allowPrivate: boolean;
  /** http:// allowed besides https:// (PING_WEBHOOK_ALLOW_HTTP; tests). */
  allowHttp: boolean;
  /** How often each instance looks for due deliveries (a new ping is sent at once). */
  pollMs: number;
  /** First retry delay without Retry-After; doubles per attempt. */
  backoffBaseMs: number;
  /** Attempts before a delivery is given up. */
  maxAttempts: number;
  /** One POST's time limit. */
  timeoutMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Неверная конфигурация:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readVersion(): string {
  try {
    return (JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** `TRUST_PROXY`: unset/false -> false, true -> true, a number -> hop count, else Express's address list. */
function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (v === undefined || /^(false|0|no|off)$/i.test(v)) return false;
  if (/^(true|yes|on)$/i.test(v)) return true;
  if (/^[1-9][0-9]?$/.test(v)) return Number(v);
  return v;
}

/** Parses the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const demo = e.APP_MODE === 'demo';
  if (!demo && !e.SESSION_SECRET) {
    throw new ConfigError(['SESSION_SECRET: обязателен в режиме APP_MODE=production']);
  }
  if (!demo && !e.TOKEN_ENCRYPTION_KEY) {
    throw new ConfigError(['TOKEN_ENCRYPTION_KEY: обязателен в режиме APP_MODE=production']);
  }
  return {
    nodeEnv: e.NODE_ENV,
    demo,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    mongodbUri: e.MONGODB_URI,
    mongodbDb: e.MONGODB_DB,
    dataDir: resolve(process.cwd(), e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    sessionSecret: e.SESSION_SECRET ?? 'demo-only-session-secret-change-me',
    esi: { baseUrl: e.ESI_BASE_URL.replace(/\/$/, ''), userAgent: e.ESI_USER_AGENT, compatibilityDate: e.ESI_COMPATIBILITY_DATE },
    sso: {
      baseUrl: e.SSO_BASE_URL.replace(/\/$/, ''),
      clientId: e.SSO_CLIENT_ID,
      clientSecret: e.SSO_CLIENT_SECRET,
      callbackUrl: e.SSO_CALLBACK_URL,
    },
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY ?? 'demo-only-token-key-change-me',
    imageServerUrl: e.IMAGE_SERVER_URL.replace(/\/$/, ''),
    sde: {
      path: e.SDE_PATH
        ? resolve(process.cwd(), e.SDE_PATH)
        : e.SDE_URL || !demo || e.NODE_ENV === 'test'
          ? undefined
          : demoLocalSdePath(),
      url: e.SDE_URL,
      baseUrl: e.SDE_BASE_URL.replace(/\/$/, ''),
      checkIntervalMs: Math.round(e.SDE_CHECK_INTERVAL_HOURS * 3_600_000),
      autoImport: e.SDE_AUTO_IMPORT,
      // Unset: the rig tables shipped in backend/data/sde-industry (SHIPPED_RIG_TABLES_DIR).
      industryPath: e.SDE_INDUSTRY_PATH ? resolve(process.cwd(), e.SDE_INDUSTRY_PATH) : undefined,
    },
    frontendDist: resolve(process.cwd(), e.FRONTEND_DIST),
    serverRender: e.SERVER_RENDER,
    schedulerEnabled: e.SCHEDULER_ENABLED,
    characterChecks: {
      intervalMs: Math.round(e.CHARACTER_CHECK_INTERVAL_HOURS * 3_600_000),
      concurrency: e.CHARACTER_CHECK_CONCURRENCY,
    },
    version: readVersion(),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    allowedOrigins: e.ALLOWED_ORIGINS,
    httpRequestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
    rateLimitTrusted: e.RATE_LIMIT_TRUSTED,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    pingWebhooks: {
      hosts: e.PING_WEBHOOK_HOSTS,
      allowPrivate: e.PING_WEBHOOK_ALLOW_PRIVATE,
      allowHttp: e.PING_WEBHOOK_ALLOW_HTTP,
      pollMs: 5_000,
      backoffBaseMs: 2_000,
      maxAttempts: 6,
      timeoutMs: 10_000,
    },
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
