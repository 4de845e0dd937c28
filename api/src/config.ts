import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable Cusp reads, parsed once at start-up. A bad value stops the process
 * with a message naming the variable (see `loadConfig`). The README's configuration table lists
 * the same variables; keep them in step.
 */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const csv = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((s) =>
      (s ?? '')
        .split(',')
        .map((x) => x.trim().toLowerCase())
        .filter(Boolean),
    ),
);

const proxyAddress = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);

/** TRUST_PROXY as Fastify's `trustProxy`: false, a hop count, or the proxies' addresses. */
function trustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 32) return hops;
  } else {
    const list = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (list.length > 0 && list.every((x) => proxyAddress.safeParse(x).success)) return list;
  }
  ctx.addIssue({
    code: 'custom',
    message:
      'must be false, true (one hop), a hop count up to 32, or a comma list of proxy addresses / CIDRs',
  });
  return z.NEVER;
}

export const configSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(['development', 'production', 'test']).default('production'),
    ),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().min(1).default('0.0.0.0')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().min(1).default('./data')),
    PUBLIC_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    EVENT_STORE: z.preprocess(emptyToUndefined, z.enum(['postgres', 'esdb']).default('postgres')),
    ESDB_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(esdb|kurrentdb)(\+discover)?:\/\//, 'must be an esdb:// URL')
        .optional(),
    ),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ),
    /**
     * Legacy: the KEK of installs before the keyring. Read once to move its keys and secrets into
     * the keyring; then the operator removes it.
     */
    CUSP_KEK: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64 (44 characters)')
        .optional(),
    ),
    /** Where the epoch keys and secrets live; keep it off the database's disk and backups. */
    KEYRING_DIR: optionalString,
    /** Deleting a subject re-wraps the keys of its bucket: live keys ÷ buckets per deletion. */
    KEYRING_BUCKETS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(65536).default(256),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Cusp <no-reply@cusp.local>')),
    BOT_CHECK: z.preprocess(emptyToUndefined, z.enum(['altcha', 'turnstile']).default('altcha')),
    TURNSTILE_SECRET: optionalString,
    TURNSTILE_SITE_KEY: optionalString,
    TURNSTILE_VERIFY_URL: z.preprocess(
      emptyToUndefined,
      z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
    ),
    ADMIN_EMAILS: csv,
    PROJECTIONS: z.preprocess(emptyToUndefined, z.enum(['inline', 'off']).default('inline')),
    PUBLIC_UPLOAD_MAX_BYTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .positive()
        .default(50 * 1024 * 1024),
    ),
    UPLOAD_MAX_BYTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .positive()
        .default(500 * 1024 * 1024),
    ),
    /**
     * Doctors' comments (comments, requests for changes, feedback) one public link takes per
     * hour, from every address together; beyond: 429 `rate_limited` with Retry-After.
     */
    /**
     * Attempts of one mail before the outbox gives it up (`dead`; a link mail then shows "Not
     * delivered" on the owner's dashboard). 150 with the backoff (2 s doubling to 10 minutes) is
     * about a day.
     */
    MAIL_MAX_ATTEMPTS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(10_000).default(150),
    ),
    COMMENTS_PER_LINK_PER_HOUR: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).max(100_000).default(60),
    ),
    /**
     * A multipart upload body that, while the server reads it, delivers less than
     * UPLOAD_MIN_BYTES_PER_SECOND over any window this long (stopped, never closed, trickling)
     * is ended with 408 `body_timeout`, and what it had stored is removed.
     */
    UPLOAD_BODY_WINDOW_MS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(100)
        .max(10 * 60_000)
        .default(20_000),
    ),
    UPLOAD_MIN_BYTES_PER_SECOND: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).default(1024),
    ),
    /**
     * The load guard answers 503 `overloaded` once the event loop lags this long (0 = off): a
     * request that would wait behind a stalled loop is better refused with Retry-After.
     */
    LOAD_GUARD_MAX_DELAY_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(60_000).default(2_000),
    ),
    /** Blobs no event references are removed once older than this. */
    BLOB_SWEEP_GRACE_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(0)
        .default(60 * 60),
    ),
    /** Where project files go: `fs` (`$DATA_DIR/blobs`) or `s3` (the S3_* variables below). */
    BLOB_STORE: z.preprocess(emptyToUndefined, z.enum(['fs', 's3']).default('fs')),
    /** An S3-compatible service's URL; unset: AWS S3 itself in S3_REGION. */
    S3_ENDPOINT: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    ),
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name: 3–63 characters of a-z, 0-9, "." and "-"',
        )
        .optional(),
    ),
    S3_REGION: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as eu-central-1')
        .default('us-east-1'),
    ),
    /** Both or neither; neither: the AWS SDK's default chain (AWS_* variables, instance role). */
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Unset: path-style (`host/bucket/key`) when S3_ENDPOINT is set, virtual-hosted otherwise. */
    S3_FORCE_PATH_STYLE: z.preprocess(
      emptyToUndefined,
      z
        .enum(['true', 'false'])
        .optional()
        .transform((v) => (v === undefined ? undefined : v === 'true')),
    ),
    /**
     * Test only (`tests/int/api/crash.test.ts`): the process SIGKILLs itself at this point of a project
     * create. Refused with NODE_ENV=production.
     */
    FAULT_AT: z.preprocess(
      emptyToUndefined,
      z.enum(['after-blob-fsync', 'after-append']).optional(),
    ),
    VIEW_PREBUILD: z.preprocess(
      emptyToUndefined,
      z
        .enum(['true', 'false'])
        .default('true')
        .transform((v) => v === 'true'),
    ),
    /**
     * Which proxies' `X-Forwarded-For` entries to believe: `false`, `true` (one hop), a hop count,
     * or a comma list of proxy addresses / CIDRs. The client is read from the right of the
     * header, never from the left-most entry a client may have written itself.
     */
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default('false').transform(trustProxy)),
  })
  .superRefine((c, ctx) => {
    if (c.EVENT_STORE === 'esdb' && !c.ESDB_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['ESDB_URL'],
        message: 'required when EVENT_STORE=esdb',
      });
    }
    if (c.FAULT_AT && c.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['FAULT_AT'],
        message: 'is a test hook; not allowed with NODE_ENV=production',
      });
    }
    if (c.BLOB_STORE === 's3' && !c.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when BLOB_STORE=s3' });
    }
    if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (c.BOT_CHECK === 'turnstile' && !c.TURNSTILE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURNSTILE_SECRET'],
        message: 'required when BOT_CHECK=turnstile',
      });
    }
  });

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends RawConfig {
  /** Absolute data directory. */
  dataDir: string;
  /** Absolute keyring directory (KEYRING_DIR, default `<dataDir>/keyring`). */
  keyringDir: string;
  /** Base URL for links in mails and answers; never derived from a request's Host header. */
  publicBaseUrl: string;
}

export class ConfigError extends Error {}

/**
 * A setting that parsed but is wrong where it points (a bucket that does not exist, refused
 * credentials), found while the adapters start: the same one-line form as a parse error.
 */
export function invalidSetting(variable: string, message: string): ConfigError {
  return new ConfigError(`Invalid configuration: ${variable}: ${message}`);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const shownHost = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  return {
    ...c,
    dataDir: resolve(c.DATA_DIR),
    keyringDir: resolve(c.KEYRING_DIR ?? join(c.DATA_DIR, 'keyring')),
    publicBaseUrl: (c.PUBLIC_BASE_URL ?? `http://${shownHost}:${c.PORT}`).replace(/\/+$/, ''),
  };
}
