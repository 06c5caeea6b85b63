/**
 * Gateway configuration, parsed once from the environment at start-up (fails fast with a clear list).
 * JWT_SECRET is required with an external CouchDB (several gateways must share it); on the embedded
 * default a random secret is generated once and kept in the data dir.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_MAP_MAX_ZOOM,
  isTileUrl,
  MAP_ZOOM_RANGE,
  type MapTileSource,
} from '@couchdb/model/map-facts';
import { REPORTS_PER_ADDRESS_PER_HOUR } from '@couchdb/model/trust-facts';

/**
 * The memory the app's hashed files may take in the gateway (middleware/app-files.ts hashedFiles):
 * the whole app is about 2.6 MB as built, 0.8 MB in Brotli and 0.9 MB in gzip.
 */
export const DEFAULT_APP_FILES_MEMORY_MB = 16;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('data'),
  COUCHDB_URL: z.url().optional(),
  COUCHDB_USER: z.string().optional(),
  COUCHDB_PASSWORD: z.string().optional(),
  DB_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_-]*$/, 'DB_PREFIX: lowercase letters, digits, _ and - only')
    .default(''),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  APP_NAME: z.string().default('澄江房产'),
  PUBLIC_ORIGIN: z
    .url({
      protocol: /^https?$/,
      error: 'PUBLIC_ORIGIN: an http(s) origin such as https://fang.example.cn',
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  SEED_DEMO: z.enum(['auto', 'off']).default('auto'),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  APP_FILES_MEMORY_MB: z.coerce.number().min(0).max(1024).default(DEFAULT_APP_FILES_MEMORY_MB),
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(
      (url) => url === '' || isTileUrl(url),
      'MAP_TILE_URL: an http(s) or /path URL template with {z}, {x} and {y}',
    )
    .default(''),
  MAP_TILE_ATTRIBUTION: z.string().trim().default(''),
  MAP_TILE_MAX_ZOOM: z.coerce
    .number()
    .int()
    .min(MAP_ZOOM_RANGE.min)
    .max(MAP_ZOOM_RANGE.max)
    .default(DEFAULT_MAP_MAX_ZOOM),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  couchUrl: string | undefined;
  couchUser: string | undefined;
  couchPassword: string | undefined;
  dbPrefix: string;
  jwtSecret: string;
  appName: string;
  /**
   * The site's address as visitors reach it (PUBLIC_ORIGIN, e.g. https://fang.example.cn): the
   * absolute URLs of the sitemap, robots.txt, canonical links and previews. Unset, each request's
   * own host is used.
   */
  publicOrigin?: string | undefined;
  logLevel: string;
  trustProxy: boolean | number | string;
  /** Seed demo data on first start (embedded store only). */
  seedDemo: boolean;
  /** Limits on password checks and registrations (attempts, then growing delays). */
  rateLimits: RateLimits;
  /** Bearer token for GET /metrics; unset, the endpoint refuses everyone. */
  metricsToken?: string | undefined;
  /** The memory the app's hashed files may take once read (0: read from disk for each request). */
  appFilesMemoryBytes: number;
  /** How long a resumable upload may take (tests shorten it); RESUMABLE_UPLOAD_EXPIRY_MS unset. */
  resumableUploadExpiryMs?: number | undefined;
  /** URLs per sitemap file before it is split (tests lower it); SITEMAP_URLS_MAX unset. */
  sitemapUrlsMax?: number | undefined;
  /** The maps' tile source (MAP_TILE_URL and its companions); null draws maps without tiles. */
  mapTiles?: MapTileSource | null;
}

/**
 * Password checks (login, change password) are counted per account and address, per account from
 * anywhere, and per address across accounts; registrations per address. Each key lets its first
 * attempts through, then makes each further one wait twice as long (architecture §9: kept in the store,
 * so the limits hold across gateways).
 */
export interface RateLimits {
  /** One account from one address: a forgotten password, or one guesser. */
  passwordAttemptsPerAccountAddress: number;
  /** One account from all addresses: a guesser spread over many addresses. */
  passwordAttemptsPerAccount: number;
  /** One address across accounts: high, since a village may share one carrier address. */
  passwordAttemptsPerAddress: number;
  registrationsPerIp: number;
  /** Reports of listings one address files an hour (issue 19; the per-account cap is the model's). */
  reportsPerAddressPerHour: number;
  /** The first wait once the free attempts are used; it doubles up to maxDelaySeconds. */
  delaySeconds: number;
  maxDelaySeconds: number;
  /** A key forgets its attempts this long after its last wait ends. */
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  passwordAttemptsPerAccountAddress: 5,
  passwordAttemptsPerAccount: 20,
  passwordAttemptsPerAddress: 50,
  registrationsPerIp: 20,
  reportsPerAddressPerHour: REPORTS_PER_ADDRESS_PER_HOUR,
  delaySeconds: 60,
  maxDelaySeconds: 60 * 60,
  windowSeconds: 15 * 60,
};

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** Reads the environment; throws an Error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.COUCHDB_URL && !e.JWT_SECRET && e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration:\n  JWT_SECRET: required when COUCHDB_URL is set in production',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    couchUrl: e.COUCHDB_URL,
    couchUser: e.COUCHDB_USER,
    couchPassword: e.COUCHDB_PASSWORD,
    dbPrefix: e.DB_PREFIX,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    appName: e.APP_NAME,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    seedDemo: e.SEED_DEMO === 'auto' && !e.COUCHDB_URL,
    rateLimits: DEFAULT_RATE_LIMITS,
    metricsToken: e.METRICS_TOKEN,
    appFilesMemoryBytes: Math.round(e.APP_FILES_MEMORY_MB * 1024 * 1024),
    mapTiles: e.MAP_TILE_URL
      ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION, maxZoom: e.MAP_TILE_MAX_ZOOM }
      : null,
  };
}
