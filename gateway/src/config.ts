import { z } from 'zod';
import { SERVICE_NAMES, type ServiceName } from '@luxe/contracts';
import { env, productionRules } from '@luxe/platform';
import { trustProxySetting } from './web/trust-proxy';

/** The services the gateway forwards to: the contract's (each route names its service). */
export const SERVICES = SERVICE_NAMES;

const serviceUrls = Object.fromEntries(
  SERVICES.map((s) => [`SERVICE_URL_${s.toUpperCase()}`, env.urls(['http:', 'https:'])]),
) as Record<`SERVICE_URL_${Uppercase<ServiceName>}`, ReturnType<typeof env.urls>>;

/** Gateway environment (docs/configuration.md, generated from this schema). */
export const gatewayEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HOST: z.string().default('127.0.0.1'),
    PORT: env.port.default(3000),
    REDIS_URL: z
      .string({ error: 'is required (a redis:// URL, or "memory")' })
      .refine((v) => v === 'memory' || /^rediss?:\/\//.test(v), 'must be a redis:// URL or "memory"'),
    /** Ed25519 private key that signs internal calls (PEM, or base64 of its DER); only the gateway has it. */
    INTERNAL_AUTH_PRIVATE_KEY: env.internalKey('private'),
    WEB_DIST_DIR: z.string().optional(),
    /** The origin browsers upload photos to and load them from (object storage), allowed by the CSP. */
    STORAGE_PUBLIC_ORIGIN: z.string().optional(),
    SESSION_COOKIE_NAME: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .default('luxe_session'),
    COOKIE_SECURE: env.bool.optional(),
    /** Whose X-Forwarded-For to believe: false, a hop count, or the proxies' addresses/CIDRs (never `true`: docs/configuration.md). */
    TRUST_PROXY: trustProxySetting,
    /** Kafka, for the real-time push of new messages (unset: no push; the web client refetches). */
    KAFKA_BROKERS: z.string().optional(),
    KAFKA_TOPIC_PREFIX: env.kafkaPrefix,
    KAFKA_GROUP_PREFIX: env.kafkaPrefix,
    /** Signs the admin console's bearer tokens (HS256, at least 32 characters); every gateway of a deployment shares it. Unset: random per start. */
    ADMIN_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** While ADMIN_TOKEN_SECRET is rotated: the previous secret, whose tokens stay valid until they expire. */
    ADMIN_TOKEN_SECRET_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Lifetime of an admin token. */
    ADMIN_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
    /** Prometheus metrics, served on GET /metrics of METRICS_PORT only (never the public PORT). */
    METRICS_ENABLED: env.bool.default(true),
    /** The gateway's internal metrics listener (unset: no metrics served); on METRICS_HOST, loopback unless said. */
    METRICS_PORT: env.port.optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** How long the gateway may serve a cached public read without any event (a safety net; 0: no cache). */
    PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
    /** Most public reads the gateway keeps in memory. */
    PUBLIC_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(1000),
    /** How often the gateway pings each WebSocket, so an idle one outlives a proxy's read timeout (an Ingress's is often 60 s). */
    REALTIME_PING_MS: z.coerce.number().int().min(100).max(60_000).default(25_000),
    /** How often each WebSocket's session is checked again (an expired session's sockets close within this); at most a minute. */
    REALTIME_SESSION_CHECK_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
    SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
    /** On SIGTERM: how long the gateway keeps serving while its readiness says 503, before it stops listening. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    /** On SIGTERM: the longest the whole graceful stop may take before the process exits anyway (code 1). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
    RATE_LIMIT_REGISTER_PER_IP: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_LOGIN_PER_IP: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    RATE_LIMIT_LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    RATE_LIMIT_RESET_PER_IP: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_RESET_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
    RATE_LIMIT_MEMBER_SCALE: z.coerce.number().positive().max(1000).default(1),
    ...serviceUrls,
  })
  .superRefine(
    (v, ctx) => {
      if (v.NODE_ENV === 'production') productionRules(v, ctx);
      // Several gateways behind a balancer must verify each other's admin tokens.
      // The scrape must never share the public port.
      if (v.METRICS_PORT && v.METRICS_PORT === v.PORT)
        ctx.addIssue({
          code: 'custom',
          path: ['METRICS_PORT'],
          message: 'must differ from PORT (the metrics listener is internal)',
        });
      if (v.NODE_ENV === 'production' && !v.ADMIN_TOKEN_SECRET)
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_TOKEN_SECRET'],
          message: 'is required in production (at least 32 characters)',
        });
    },
    { when: () => true },
  );
export type GatewayEnv = z.output<typeof gatewayEnvSchema>;
