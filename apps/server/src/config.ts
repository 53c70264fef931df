import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PAID_PLAN_IDS, type PlanId } from '@glowreel/contracts';
import { z } from 'zod';
import { FREEZE_POINTS, type FreezePoint } from './jobs/freeze-points.ts';

// The only place that reads the environment: every other module receives a typed Config.
const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** Google's Veo 3.1 image-to-video model on the Gemini API (issue #20). */
export const DEFAULT_VEO_MODEL = 'veo-3.1-generate-preview';
export const DEFAULT_VEO_API_URL = 'https://generativelanguage.googleapis.com';

const ALL_PLAN_IDS = ['free', ...PAID_PLAN_IDS] as const satisfies readonly PlanId[];

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z.string().optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  REQUIRE_EMAIL_VERIFICATION: booleanFromString.default(true),
  CLINIC_TEAMS: booleanFromString.default(true),
  PASSWORD_RESET_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(5),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanFromString.default(false),
  WEB_DIST_DIR: z.string().optional(),
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  RENDER_WORKER_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  FFMPEG_PATH: z.string().min(1).optional(),
  FACE_DETECTION: booleanFromString.default(true),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  SIGNED_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(3600),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  WEBHOOK_ALLOW_LOOPBACK: booleanFromString.default(false),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_STARTER: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_ENTERPRISE: z.string().min(1).optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Glowreel <no-reply@glowreel.localhost>'),
  DEMO_REQUEST_TO: z.email().default('sales@glowreel.localhost'),
  DEMO_REQUEST_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(5),
  PUBLIC_STATS_MIN_COUNT: z.coerce.number().int().min(1).default(10),
  VIDEO_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 (leave it unset to keep videos while the account lives)')
    .max(36_500, 'must be at most 36500 (100 years)')
    .optional(),
  JOB_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  JOB_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  RUN_WORKERS: booleanFromString.default(true),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "-" or "_"')
    .default('glowreel'),
  TEST_FREEZE_AT: z.enum(FREEZE_POINTS).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().trim().min(1).max(40).optional(),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)')
    .regex(/^\S+$/, 'must not contain spaces (it is sent as a bearer token)')
    .optional(),
  METRICS_PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a port number')
    .min(1, 'must be a port number from 1 to 65535')
    .max(65535, 'must be a port number from 1 to 65535')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be an S3 bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    })
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromString.optional(),
  S3_PUBLIC_DOWNLOADS: z
    .enum(['stream', 'presigned'], { error: 'must be "stream" or "presigned"' })
    .optional(),
  // Issue #20: the optional generative engine, on only with a key.
  VEO_API_KEY: z.string().trim().min(1).optional(),
  VEO_MODEL: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,100}$/, 'must be a model id such as veo-3.1-generate-preview')
    .default(DEFAULT_VEO_MODEL),
  VEO_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default(DEFAULT_VEO_API_URL),
  VEO_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(360),
  VEO_CREDITS_PER_VIDEO: z.coerce.number().int().min(1).max(100).default(3),
  VEO_PLANS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((plan) => plan.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z.enum(ALL_PLAN_IDS, { error: 'each plan must be free, starter, pro or enterprise' }),
        )
        .min(1, 'name at least one plan'),
    )
    .optional(),
  /** Tests only: seconds between polls of a generation (the real API wants about ten). */
  VEO_POLL_SECONDS: z.coerce.number().min(0.01).max(60).default(10),
});

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_STARTER',
  'STRIPE_PRICE_PRO',
  'STRIPE_PRICE_ENTERPRISE',
] as const;

const GOOGLE_VARIABLES = ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const;
const OIDC_VARIABLES = [
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_NAME',
] as const;

// A bucket without its keys (or keys without a bucket) must stop the start, not fall back to disk.
const S3_REQUIRED_VARIABLES = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_OPTIONAL_VARIABLES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_DOWNLOADS',
] as const;

export type DatabaseConfig =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; connectionString: string; poolSize: number };

/** Stripe when every Stripe variable is set; otherwise the built-in demo billing. */
export type BillingConfig =
  | { kind: 'demo' }
  | {
      kind: 'stripe';
      secretKey: string;
      webhookSecret: string;
      prices: { starter: string; pro: string; enterprise: string };
      /** Another Stripe API address (a proxy, or a fake in tests); null is Stripe itself. */
      apiUrl: string | null;
    };

/** Where stored files live: the data folder, or an S3-compatible bucket when S3_BUCKET is set. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Another S3-compatible service (MinIO, R2, …); null is AWS itself. */
      endpoint: string | null;
      forcePathStyle: boolean;
      credentials: { accessKeyId: string; secretAccessKey: string };
      /** Downloads flow through the server, or are redirected to a short-lived presigned URL. */
      publicDownloads: 'stream' | 'presigned';
    };

/** Sign-in with Google and with one OpenID Connect issuer; null where not configured. */
export interface SignInProvidersConfig {
  google: { clientId: string; clientSecret: string } | null;
  oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  storage: StorageConfig;
  /** Undefined means "generate one and keep it in the data folder". */
  authSecret: string | undefined;
  /** Fastify's trustProxy: false, true, or a list of proxy addresses/CIDRs. */
  trustProxy: boolean | string[];
  authRateLimitPerMinute: number;
  accounts: {
    /** API keys and plan purchases wait for a confirmed e-mail address (issue 17 §2). */
    requireEmailVerification: boolean;
    /** Reset links (and verification links) one e-mail address may be sent in any hour. */
    mailPerAddressPerHour: number;
    /**
     * Whether people may join other clinics (invitations, members, switching: issue #21). On
     * by default; off, every clinic keeps its one owner and the team routes are not served.
     */
    clinicTeams: boolean;
  };
  bodyLimitBytes: number;
  log: { level: string; pretty: boolean };
  webDistDir: string;
  render: {
    concurrency: number;
    ffmpegPath: string | null;
    faceDetection: boolean;
    /** How long a render worker waits for its next job before it exits and frees its memory. */
    workerIdleMs: number;
  };
  billing: BillingConfig;
  signInProviders: SignInProvidersConfig;
  /** smtpUrl null keeps mail in the outbox table (`npm run outbox`). */
  mail: { smtpUrl: string | null; from: string; demoRequestTo: string };
  demoRequestsPerHour: number;
  /** Landing figures stay hidden until each reaches this count (DESIGN.md D8). */
  publicStatsMinCount: number;
  /** Issue #18 §3: videos older than this many days are deleted daily; null keeps them. */
  videoRetentionDays: number | null;
  /** How long a render job stays this process's without a heartbeat, and how often it beats. */
  jobs: { leaseMs: number; heartbeatMs: number };
  /**
   * Scale mode (issue #19 §1): with a Redis URL, renders go through a BullMQ queue that any
   * number of processes work; runWorkers false makes `npm start` serve HTTP only.
   */
  queue: { redisUrl: string | null; prefix: string; runWorkers: boolean };
  /** Crash tests only: the step at which the process freezes so the test can SIGKILL it. */
  freezeAt: FreezePoint | null;
  /** GET /metrics (Prometheus) exists only with a token, which scrapers send as a bearer. */
  /**
   * A worker (no HTTP server) serves its own GET /metrics on `workerPort`, nothing else, so
   * the renders it counts reach a scrape.
   */
  metrics: { token: string | null; workerPort: number | null };
  /** The generative engine (issue #20); null without VEO_API_KEY: the engine does not exist. */
  veo: VeoConfig | null;
  publicApi: {
    /** Every rate limit's counters (sign-in, demo, API v1) shared by all servers; null: per process. */
    redisUrl: string | null;
    signedUrlTtlSeconds: number;
    webhookTimeoutMs: number;
    /** Tests only: lets webhooks reach http:// receivers on this machine. */
    webhookAllowLoopback: boolean;
  };
}

export interface VeoConfig {
  /** Sent only in the x-goog-api-key header to VEO_API_URL; never logged nor returned. */
  apiKey: string;
  model: string;
  /** The Gemini API's base (tests point it at a loopback fake), without a trailing slash. */
  apiUrl: string;
  timeoutMs: number;
  creditsPerVideo: number;
  /** The plans whose clinics may use it (VEO_PLANS); every plan unless set. */
  plans: PlanId[];
  /** The first wait between two polls of a generation; later ones back off from it. */
  pollMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function loadConfig(
  environment: Record<string, string | undefined>,
  workingDirectory: string,
): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = issue.path.join('.');
        const received = environment[variable];
        const shown =
          variable.includes('SECRET') ||
          variable.includes('TOKEN') ||
          variable.endsWith('_KEY') ||
          received === undefined
            ? ''
            : ` (got "${received}")`;
        return `${variable}: ${issue.message}${shown}`;
      }),
    );
  }
  const values = parsed.data;
  // Half a Stripe setup would silently fall back to demo billing: refuse it instead.
  const missingStripe = STRIPE_VARIABLES.filter((name) => values[name] === undefined);
  if (missingStripe.length > 0 && missingStripe.length < STRIPE_VARIABLES.length) {
    throw new ConfigError(
      missingStripe.map(
        (name) => `${name}: is required when any STRIPE_* variable is set (Stripe billing)`,
      ),
    );
  }
  // Half a sign-in provider would hide its button without a word: refuse it instead.
  const missingSignIn = [
    ...missingFromGroup(values, GOOGLE_VARIABLES, 'Google sign-in'),
    ...missingFromGroup(values, OIDC_VARIABLES, 'OpenID Connect sign-in'),
  ];
  if (missingSignIn.length > 0) throw new ConfigError(missingSignIn);
  if (values.METRICS_PORT !== undefined && values.METRICS_TOKEN === undefined) {
    throw new ConfigError([
      'METRICS_TOKEN: is required when METRICS_PORT is set (the scraper sends it as a bearer token)',
    ]);
  }
  const s3Problems = s3ProblemsOf(values);
  if (s3Problems.length > 0) throw new ConfigError(s3Problems);
  if (values.WEBHOOK_ALLOW_LOOPBACK && values.NODE_ENV === 'production') {
    throw new ConfigError([
      'WEBHOOK_ALLOW_LOOPBACK: is a test setting and cannot be true when NODE_ENV is production',
    ]);
  }
  if (values.TEST_FREEZE_AT !== undefined && values.NODE_ENV === 'production') {
    throw new ConfigError([
      'TEST_FREEZE_AT: is a test setting and cannot be set when NODE_ENV is production',
    ]);
  }
  // A heartbeat slower than half the lease lets a live job's lease lapse under load.
  if (values.JOB_HEARTBEAT_MS * 2 > values.JOB_LEASE_MS) {
    throw new ConfigError([
      `JOB_HEARTBEAT_MS: must be at most half of JOB_LEASE_MS (${values.JOB_LEASE_MS}) (got "${values.JOB_HEARTBEAT_MS}")`,
    ]);
  }
  const dataDir = path.resolve(workingDirectory, values.DATA_DIR);
  const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    dataDir,
    database: values.DATABASE_URL
      ? {
          kind: 'postgres',
          connectionString: values.DATABASE_URL,
          poolSize: values.DATABASE_POOL_SIZE,
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    storage: storageConfigOf(values),
    authSecret: values.AUTH_SECRET,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    authRateLimitPerMinute: values.AUTH_RATE_LIMIT_PER_MINUTE,
    accounts: {
      requireEmailVerification: values.REQUIRE_EMAIL_VERIFICATION,
      mailPerAddressPerHour: values.PASSWORD_RESET_RATE_LIMIT_PER_HOUR,
      clinicTeams: values.CLINIC_TEAMS,
    },
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    log: { level: values.LOG_LEVEL, pretty: values.LOG_PRETTY },
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(workingDirectory, values.WEB_DIST_DIR)
      : path.join(repositoryRoot, 'apps/web/dist'),
    render: {
      concurrency: values.RENDER_CONCURRENCY ?? availableParallelism(),
      ffmpegPath: values.FFMPEG_PATH ?? null,
      faceDetection: values.FACE_DETECTION,
      workerIdleMs: values.RENDER_WORKER_IDLE_SECONDS * 1000,
    },
    publicApi: {
      redisUrl: values.REDIS_URL ?? null,
      signedUrlTtlSeconds: values.SIGNED_URL_TTL_SECONDS,
      webhookTimeoutMs: values.WEBHOOK_TIMEOUT_MS,
      webhookAllowLoopback: values.WEBHOOK_ALLOW_LOOPBACK,
    },
    billing: billingConfigOf(values),
    signInProviders: signInProvidersOf(values),
    mail: {
      smtpUrl: values.SMTP_URL ?? null,
      from: values.MAIL_FROM,
      demoRequestTo: values.DEMO_REQUEST_TO,
    },
    demoRequestsPerHour: values.DEMO_REQUEST_RATE_LIMIT_PER_HOUR,
    publicStatsMinCount: values.PUBLIC_STATS_MIN_COUNT,
    videoRetentionDays: values.VIDEO_RETENTION_DAYS ?? null,
    jobs: { leaseMs: values.JOB_LEASE_MS, heartbeatMs: values.JOB_HEARTBEAT_MS },
    queue: {
      redisUrl: values.REDIS_URL ?? null,
      prefix: values.QUEUE_PREFIX,
      runWorkers: values.RUN_WORKERS,
    },
    freezeAt: values.TEST_FREEZE_AT ?? null,
    metrics: { token: values.METRICS_TOKEN ?? null, workerPort: values.METRICS_PORT ?? null },
    veo: veoConfigOf(values),
  };
}

function veoConfigOf(values: ParsedEnvironment): VeoConfig | null {
  if (!values.VEO_API_KEY) return null;
  return {
    apiKey: values.VEO_API_KEY,
    model: values.VEO_MODEL,
    apiUrl: values.VEO_API_URL.replace(/\/$/, ''),
    timeoutMs: values.VEO_TIMEOUT_SECONDS * 1000,
    creditsPerVideo: values.VEO_CREDITS_PER_VIDEO,
    plans: values.VEO_PLANS ?? [...ALL_PLAN_IDS],
    pollMs: values.VEO_POLL_SECONDS * 1000,
  };
}

type ParsedEnvironment = z.infer<typeof environmentSchema>;

/** The variables of a group left unset while others of it are set, each as a problem line. */
function missingFromGroup(
  values: ParsedEnvironment,
  group: readonly (keyof ParsedEnvironment)[],
  feature: string,
): string[] {
  const missing = group.filter((name) => values[name] === undefined);
  if (missing.length === 0 || missing.length === group.length) return [];
  const others = group.filter((name) => !missing.includes(name)).join(', ');
  return missing.map((name) => `${name}: is required when ${others} is set (${feature})`);
}

/** Half an S3 configuration, each missing variable as a problem line. */
function s3ProblemsOf(values: ParsedEnvironment): string[] {
  const missing = missingFromGroup(values, S3_REQUIRED_VARIABLES, 'S3 storage');
  if (missing.length > 0 || values.S3_BUCKET !== undefined) return missing;
  const strays = S3_OPTIONAL_VARIABLES.filter((name) => values[name] !== undefined);
  return strays.length > 0
    ? [`S3_BUCKET: is required when ${strays.join(', ')} is set (S3 storage)`]
    : [];
}

function storageConfigOf(values: ParsedEnvironment): StorageConfig {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId } = values;
  const { S3_SECRET_ACCESS_KEY: secretAccessKey } = values;
  if (!bucket || !accessKeyId || !secretAccessKey) return { kind: 'local' };
  return {
    kind: 's3',
    bucket,
    // Most S3-compatible services accept any region name; AWS's default one is the safe pick.
    region: values.S3_REGION ?? 'us-east-1',
    endpoint: values.S3_ENDPOINT?.replace(/\/$/, '') ?? null,
    forcePathStyle: values.S3_FORCE_PATH_STYLE ?? false,
    credentials: { accessKeyId, secretAccessKey },
    publicDownloads: values.S3_PUBLIC_DOWNLOADS ?? 'stream',
  };
}

function signInProvidersOf(values: ParsedEnvironment): SignInProvidersConfig {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, OIDC_ISSUER, OIDC_CLIENT_ID } = values;
  const { OIDC_CLIENT_SECRET, OIDC_NAME } = values;
  return {
    google:
      GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET
        ? { clientId: GOOGLE_CLIENT_ID, clientSecret: GOOGLE_CLIENT_SECRET }
        : null,
    oidc:
      OIDC_ISSUER && OIDC_CLIENT_ID && OIDC_CLIENT_SECRET && OIDC_NAME
        ? {
            issuer: OIDC_ISSUER.replace(/\/$/, ''),
            clientId: OIDC_CLIENT_ID,
            clientSecret: OIDC_CLIENT_SECRET,
            name: OIDC_NAME,
          }
        : null,
  };
}

function billingConfigOf(values: z.infer<typeof environmentSchema>): BillingConfig {
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_STARTER: starter,
    STRIPE_PRICE_PRO: pro,
    STRIPE_PRICE_ENTERPRISE: enterprise,
  } = values;
  if (!secretKey || !webhookSecret || !starter || !pro || !enterprise) return { kind: 'demo' };
  return {
    kind: 'stripe',
    secretKey,
    webhookSecret,
    prices: { starter, pro, enterprise },
    apiUrl: values.STRIPE_API_URL ?? null,
  };
}
