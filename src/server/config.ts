import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const PROXY_ADDRESS = /^(?:[0-9.]+|[0-9a-fA-F:]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/;

/** `false`, a hop count (`1` behind one nginx), or a comma-separated list of proxy addresses or CIDRs. */
const trustProxyFromEnv = z.string().transform((value, context): false | number | string[] => {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const list = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (list.length > 0 && list.every((part) => PROXY_ADDRESS.test(part))) return list;
  context.addIssue({ code: 'custom', message: 'must be false, a hop count or a comma-separated list of proxy addresses/CIDRs (not true)' });
  return z.NEVER;
});

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Behind a proxy only: otherwise anyone could choose their own IP with X-Forwarded-For. A hop count or the
  // proxies' addresses, never `true`: trusting every hop lets a client prepend any address it likes.
  TRUST_PROXY: trustProxyFromEnv.default(false),

  // Public endpoints, per client IP.
  RATE_LIMIT_UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(200),
  RATE_LIMIT_REGISTRATIONS_PER_HOUR: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_LOOKUPS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  // Admin list searches for a whole NIK or account number, per admin (each one audited as identity_search).
  IDENTITY_SEARCH_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),

  // Admin sign-in and sessions.
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  COOKIE_SECURE: booleanFromEnv.optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  // A reviewer's claim on a merchant lapses after this many minutes without a heartbeat from the review screen.
  CLAIM_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(20),
  RATE_LIMIT_LOGIN_FAILURES: z.coerce.number().int().positive().default(5),
  // Unset: required in production (identity documents sit behind the admin sign-in).
  REQUIRE_ADMIN_MFA: booleanFromEnv.optional(),
  // Live-update stream: a heartbeat (and a fresh check of the session) this often; shorter than any proxy's idle timeout.
  SSE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),

  // NIK, account numbers and TOTP secrets are encrypted with this key (32 bytes, base64). Unset on the
  // embedded database: a key file in DATA_DIR. Required with DATABASE_URL. While rotating, the keys that
  // wrote older rows go in DATA_ENCRYPTION_KEYS_OLD (comma-separated).
  DATA_ENCRYPTION_KEY: z.string().min(1).optional(),
  DATA_ENCRYPTION_KEYS_OLD: z.string().min(1).optional(),

  // Documents staged but not yet claimed by a registration, all clients together: past this, uploads get 503
  // (a flood of abandoned uploads must not fill the disk with identity documents).
  STAGED_UPLOADS_MAX_MB: z.coerce.number().int().min(1).default(2048),
  // The share of that cap one client IP may hold: a flood from one address fills only its own share.
  STAGED_UPLOADS_PER_IP_MB: z.coerce.number().int().min(1).default(200),

  // UU PDP: days after its last change that a rejected / a deleted registration keeps its personal data.
  RETENTION_REJECTED_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  RETENTION_DELETED_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // A registration left waiting (processing, or data_tidak_lengkap with no fix sent) this long is abandoned.
  RETENTION_ABANDONED_DAYS: z.coerce.number().int().min(30).max(3650).default(365),

  // Document bytes: local disk under DATA_DIR/files, or an S3-compatible bucket shared by every instance.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // MinIO, s3rver and most self-hosted servers want path-style URLs (endpoint/bucket/key).
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),

  // Several instances: the per-IP limits and the login limiter count in this Redis (docs/deployment.md).
  // Unset: in PostgreSQL with DATABASE_URL, in the process on the embedded database. The prefix keeps
  // deployments (or test runs) sharing one Redis apart.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('aipos:'),

  // GET /metrics (Prometheus): on the app's port only with this bearer token, and/or on a listener of its
  // own on 127.0.0.1:METRICS_PORT. Neither set: no metrics endpoint at all.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),

  // Outgoing e-mail to applicants (decision 0018). Without SMTP_URL messages are recorded, not sent.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  // smtp:// must upgrade with STARTTLS (the bodies hold names and one-time fix links); true only for a
  // relay on this machine or a test server without TLS.
  SMTP_INSECURE: booleanFromEnv.default(false),
  MAIL_FROM: z.string().min(3).default('AIPOS <no-reply@aipos.co.id>'),
  // The public origin (https://merchant.example.co.id): links in e-mails (unset: http://localhost:PORT),
  // sitemap.xml and robots.txt (unset: the request's own origin).
  PUBLIC_BASE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) origin')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  // The mail worker: how often it looks for due messages, the first retry delay (doubling on each failure
  // up to the maximum), and how long a message is retried before it is marked failed.
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(5000),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(900_000),
  MAIL_GIVE_UP_HOURS: z.coerce.number().positive().max(720).default(24),
  // Receipts anyone can cause by typing an address (registration, fix, order): more to one address in an
  // hour are recorded as skipped, so the portal is no mail cannon aimed at a stranger.
  MAIL_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(3),
  // The webhook worker (docs/webhooks.md): how often it looks for due deliveries, the first retry delay
  // (doubling on each failure), how long a delivery is retried before it is marked failed, and how long
  // one attempt may take before it counts as failed.
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
  WEBHOOK_GIVE_UP_HOURS: z.coerce.number().positive().max(720).default(72),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Endpoint URLs at localhost, private networks or link-local are refused (SSRF) unless this says the
  // receiver sits there on purpose (and for the tests' local receivers).
  WEBHOOK_ALLOW_PRIVATE: booleanFromEnv.default(false),
  // The machine checks' job queue (docs/decisions/0036): 'off' leaves jobs queued for another instance or
  // a test to run; the poll, the lease a claimed job holds (a crashed worker's job runs again after it),
  // the first retry delay (doubling up to the maximum) and the attempts before a job is marked failed.
  CHECKS_WORKER: z.enum(['on', 'off']).default('on'),
  CHECKS_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  CHECKS_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  CHECKS_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  CHECKS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(600_000),
  CHECKS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  // The nice value of the checks' process (every thread of it, sharp's and the OCR's included): above 0
  // the server's threads come first when both want a core, and the checks take what is left (Linux; 0
  // leaves it even).
  CHECKS_NICE: z.coerce.number().int().min(0).max(19).default(19),
  // The event-loop utilisation (0-1) above which the checks send no new task to their process, up to 10 s
  // at a time (busy-gate.ts); 1 never holds them.
  CHECKS_YIELD_ABOVE: z.coerce.number().min(0).max(1).default(0.8),

  // The shop (docs/decisions/0030). Transfers go to this account: `BANK|number|holder`.
  PAYMENT_BANK_ACCOUNT: z
    .string()
    .regex(/^[^|]{2,40}\|[0-9 -]{5,30}\|[^|]{3,100}$/, 'must be BANK|account number|account holder')
    .default('BCA|1234567890|PT AIPOS Indonesia'),
  // An unpaid order expires (and releases its units) this long after it was made.
  ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(5).max(10_080).default(1440),
  // How often an instance looks for unpaid orders past their deadline (at most every 30 s).
  ORDER_EXPIRY_INTERVAL_MS: z.coerce.number().int().min(10).max(30_000).default(30_000),
  RATE_LIMIT_ORDERS_PER_HOUR: z.coerce.number().int().positive().default(30),
  // Midtrans Snap: unset, the checkout offers bank transfer only.
  MIDTRANS_SERVER_KEY: z.string().min(8).optional(),
  MIDTRANS_BASE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) origin')
    .transform((url) => url.replace(/\/+$/, ''))
    .default('https://app.sandbox.midtrans.com'),
});
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Parses the environment once at boot; an empty string counts as unset. */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    // The variable and the rule, never the value: a wrong DATABASE_URL or SMTP_URL holds a password.
    throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const config = result.data;
  if ((config.ADMIN_EMAIL === undefined) !== (config.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (config.STORAGE_DRIVER === 's3') {
    // S3_ENDPOINT stays optional: without it the SDK talks to AWS itself.
    const missing = S3_REQUIRED.find((name) => config[name] === undefined);
    if (missing) throw new ConfigError(`Invalid configuration: ${missing} is required when STORAGE_DRIVER=s3`);
  }
  return config;
}

const LOOPBACK_HOST = /^(?:127(?:\.\d{1,3}){3}|::1|localhost)$/i;

/**
 * Secure cookies (and the __Host- prefix) by default in production, and whenever the server listens
 * beyond loopback: a session cookie must not cross a network in clear unless COOKIE_SECURE=false says so.
 */
export function cookieSecure(config: Config): boolean {
  return config.COOKIE_SECURE ?? (config.NODE_ENV === 'production' || !LOOPBACK_HOST.test(config.HOST));
}

/** The origin of links in e-mails, without a trailing slash. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** Admins must have a second factor: explicitly, or by default in production. */
export function adminMfaRequired(config: Config): boolean {
  return config.REQUIRE_ADMIN_MFA ?? config.NODE_ENV === 'production';
}

export type BankAccountConfig = { bank: string; nomor: string; atas_nama: string };

/** PAYMENT_BANK_ACCOUNT split into the three parts the payment instructions show. */
export function paymentBankAccount(config: Pick<Config, 'PAYMENT_BANK_ACCOUNT'>): BankAccountConfig {
  const [bank = '', nomor = '', atasNama = ''] = config.PAYMENT_BANK_ACCOUNT.split('|').map((part) => part.trim());
  return { bank, nomor, atas_nama: atasNama };
}
