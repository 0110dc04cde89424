import { z } from 'zod';
import { parseInternalKey } from './internal-auth';

export class ConfigError extends Error {
  constructor(
    readonly component: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${component}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Reads and validates configuration from environment variables. A missing or bad value
 * throws a ConfigError naming every offending variable; `main.ts` turns it into a clear
 * message and a non-zero exit.
 */
export function loadConfig<S extends z.ZodObject<any>>(
  component: string,
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  // An empty variable counts as unset (compose files write `VAR: ${VAR:-}` for optional ones).
  const r = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (r.success) return r.data;
  const problems = r.error.issues.map((i) => {
    const name = i.path.join('.');
    const value = env[name];
    return `${name}: ${i.message}${value === undefined ? ' (not set)' : ''}`;
  });
  throw new ConfigError(component, problems);
}

/** The documented demo password (README.md); refused in production. */
export const DEFAULT_DEMO_PASSWORD = 'luxeswipe-demo';

const port = z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535);
const url = (protocols: string[]) =>
  z.string({ error: 'is required' }).refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL with one of ${protocols.join(', ')}`,
  );

/** One URL or several, comma-separated (the instances of one service). */
const urls = (protocols: string[]) =>
  z.string({ error: 'is required' }).refine(
    (v) => {
      const list = v.split(',').map((u) => u.trim());
      return (
        list.length > 0 &&
        list.every((u) => {
          try {
            return protocols.includes(new URL(u).protocol);
          } catch {
            return false;
          }
        })
      );
    },
    `must be a URL with one of ${protocols.join(', ')}, or several separated by commas`,
  );

export const env = {
  port,
  url,
  urls,
  secret: z.string({ error: 'is required' }).min(32, 'must be at least 32 characters'),
  bool: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1'),
  /** A prefix of Kafka topic or group names (`staging.`): only characters Kafka names allow; none by default. */
  kafkaPrefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, dash, underscore only')
    .default(''),
  /** An Ed25519 key for internal tokens: PEM (newlines may be written \\n) or the base64 of its DER. */
  internalKey: (kind: 'private' | 'public') =>
    z.string({ error: 'is required' }).refine((v) => {
      try {
        parseInternalKey(kind, v);
        return true;
      } catch {
        return false;
      }
    }, `must be an Ed25519 ${kind} key (PEM, or the base64 of its DER); make one with: npm run keys:internal`),
};

/** Variables every service process reads (docs/configuration.md, generated from this schema). */
export const serviceEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port,
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    // The in-process bus exists only inside the embedded launcher (`npm start`), where every service
    // shares one process; a service process of its own would have a private bus and lose every event.
    EVENT_TRANSPORT: z
      .literal('kafka', {
        error: 'must be kafka (the in-process bus works only inside the embedded launcher, npm start)',
      })
      .default('kafka'),
    KAFKA_BROKERS: z.string().optional(),
    KAFKA_REPLICATION_FACTOR: z.coerce.number().int().min(1).max(10).default(1),
    KAFKA_MIN_INSYNC_REPLICAS: z.coerce.number().int().min(1).max(10).default(1),
    /** Partitions of the topics a service creates if missing (the topic job's setting): at most this many instances of a consumer group read at once. */
    KAFKA_TOPIC_PARTITIONS: z.coerce.number().int().min(1).max(1000).default(3),
    KAFKA_GROUP_PREFIX: env.kafkaPrefix,
    /** Prefix of every topic (`staging.`), so environments sharing a broker never consume each other's events. */
    KAFKA_TOPIC_PREFIX: env.kafkaPrefix,
    REDIS_URL: z.string().optional(),
    S3_ENDPOINT: z.string().optional(),
    S3_ACCESS_KEY: z.string().optional(),
    S3_SECRET_KEY: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    /** Where browsers reach the storage, when it differs from S3_ENDPOINT (presigned URLs are signed for it). */
    S3_PUBLIC_ENDPOINT: z.string().optional(),
    /** The gateway's Ed25519 public key (PEM, or base64 of its DER): checks internal tokens. */
    INTERNAL_AUTH_PUBLIC_KEY: env.internalKey('public'),
    /** While the key pair is rotated: the previous public key, still accepted (docs/runbook.md#runbook-internal-keys). */
    INTERNAL_AUTH_PUBLIC_KEY_PREVIOUS: env.internalKey('public').optional(),
    /** Refused: only the gateway holds the private key. */
    INTERNAL_AUTH_PRIVATE_KEY: z.string().optional(),
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(200),
    CONSUMER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
    CONSUMER_BACKOFF_MS: z.coerce.number().int().min(1).default(200),
    CONSUMER_MAX_BACKOFF_MS: z.coerce.number().int().min(1).default(30_000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    OUTBOX_BATCH_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(256 * 1024),
    OUTBOX_RETENTION_HOURS: z.coerce.number().min(0).default(24),
    INBOX_RETENTION_HOURS: z.coerce
      .number()
      .min(1)
      .default(8 * 24),
    SEED_DEMO_DATA: env.bool.default(false),
    DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').default(DEFAULT_DEMO_PASSWORD),
    /** Fault injection for the outbox tests only; refused in production. */
    OUTBOX_RELAY_FAULT: z.enum(['crash-after-publish'], { error: 'must be crash-after-publish or unset' }).optional(),
    /** Prometheus metrics on GET /metrics of the service's own port (an operator endpoint). */
    METRICS_ENABLED: env.bool.default(true),
    /** On SIGTERM: how long the service keeps serving while readiness says 503 and answers say "draining", before it stops listening. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /** On SIGTERM: the longest the whole graceful stop may take before the process exits anyway (code 1). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  })
  .superRefine(
    (v, ctx) => {
      if (v.EVENT_TRANSPORT === 'kafka' && !v.KAFKA_BROKERS)
        ctx.addIssue({ code: 'custom', path: ['KAFKA_BROKERS'], message: 'is required when EVENT_TRANSPORT=kafka' });
      if (v.REDIS_URL && !/^(redis|rediss):\/\//.test(v.REDIS_URL) && v.REDIS_URL !== 'memory')
        ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'must be a redis:// URL or "memory"' });
      if (v.INTERNAL_AUTH_PRIVATE_KEY)
        ctx.addIssue({
          code: 'custom',
          path: ['INTERNAL_AUTH_PRIVATE_KEY'],
          message:
            'must not be given to a service (only the gateway signs internal calls; a service gets INTERNAL_AUTH_PUBLIC_KEY)',
        });
      if (v.KAFKA_MIN_INSYNC_REPLICAS > v.KAFKA_REPLICATION_FACTOR)
        ctx.addIssue({
          code: 'custom',
          path: ['KAFKA_MIN_INSYNC_REPLICAS'],
          message: 'must not exceed KAFKA_REPLICATION_FACTOR',
        });
      if (v.S3_ENDPOINT && (!v.S3_ACCESS_KEY || !v.S3_SECRET_KEY))
        ctx.addIssue({
          code: 'custom',
          path: ['S3_ACCESS_KEY'],
          message: 'S3_ACCESS_KEY and S3_SECRET_KEY are required with S3_ENDPOINT',
        });
      if (v.NODE_ENV === 'production') productionRules(v, ctx);
      // Run even when other fields are bad, so every offending variable is named at once.
    },
    { when: () => true },
  );

/** What a production process must not run with (demo accounts, in-memory stand-ins, test faults). */
export function productionRules(
  v: { REDIS_URL?: string; SEED_DEMO_DATA?: boolean; DEMO_PASSWORD?: string; OUTBOX_RELAY_FAULT?: string },
  ctx: z.RefinementCtx,
): void {
  if (v.REDIS_URL === 'memory')
    ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'must be a real Redis in production, not "memory"' });
  if (v.SEED_DEMO_DATA)
    ctx.addIssue({ code: 'custom', path: ['SEED_DEMO_DATA'], message: 'must be false in production (demo accounts)' });
  if (v.SEED_DEMO_DATA && v.DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD)
    ctx.addIssue({
      code: 'custom',
      path: ['DEMO_PASSWORD'],
      message: 'must not be the documented default in production',
    });
  if (v.OUTBOX_RELAY_FAULT)
    ctx.addIssue({
      code: 'custom',
      path: ['OUTBOX_RELAY_FAULT'],
      message: 'is a test fault and is refused in production',
    });
}
export type ServiceEnv = z.output<typeof serviceEnvSchema>;
