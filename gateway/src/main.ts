// First: with tracing on, pg, ioredis and http are instrumented before anything requires them.
import '@luxe/platform/instrument';
import { join } from 'node:path';
import {
  createLogger,
  createRedis,
  exitOnStopSignals,
  initTracing,
  KafkaTransport,
  loadConfig,
  loadConfigOrExit,
  otlpEndpointFromEnv,
  runShutdown,
  shutdownTracing,
} from '@luxe/platform';
import { gatewayEnvSchema, SERVICES } from './config';
import { startGateway } from './gateway';

async function main() {
  const cfg = loadConfigOrExit(() => loadConfig('gateway', gatewayEnvSchema));
  const logger = createLogger('gateway', cfg.LOG_LEVEL);
  const otlp = otlpEndpointFromEnv();
  if (initTracing({ serviceName: 'gateway', endpoint: otlp }))
    logger.info({ endpoint: otlp }, 'traces exported by OTLP');
  const transport = cfg.KAFKA_BROKERS
    ? new KafkaTransport({
        brokers: cfg.KAFKA_BROKERS.split(',').map((b) => b.trim()),
        clientId: 'luxe-gateway',
        logger,
      })
    : null;
  // Connected by startGateway, which starts without it when the broker cannot be reached.
  const redis = createRedis(cfg.REDIS_URL);
  const gw = await startGateway({
    events: transport
      ? { transport, topicPrefix: cfg.KAFKA_TOPIC_PREFIX, groupPrefix: cfg.KAFKA_GROUP_PREFIX }
      : undefined,
    host: cfg.HOST,
    port: cfg.PORT,
    redis,
    logger,
    internalAuthPrivateKey: cfg.INTERNAL_AUTH_PRIVATE_KEY,
    serviceUrls: Object.fromEntries(
      SERVICES.map((s) => [s, cfg[`SERVICE_URL_${s.toUpperCase()}` as keyof typeof cfg] as string]),
    ),
    serviceTimeoutMs: cfg.SERVICE_TIMEOUT_MS,
    drainMs: cfg.SHUTDOWN_DRAIN_MS,
    webDistDir: cfg.WEB_DIST_DIR ?? join(__dirname, '..', '..', 'web', 'dist'),
    cookieName: cfg.SESSION_COOKIE_NAME,
    cookieSecure: cfg.COOKIE_SECURE ?? cfg.NODE_ENV === 'production',
    production: cfg.NODE_ENV === 'production',
    storageOrigin: cfg.STORAGE_PUBLIC_ORIGIN,
    trustProxy: cfg.TRUST_PROXY,
    metrics: cfg.METRICS_ENABLED,
    metricsListener: cfg.METRICS_PORT !== undefined ? { host: cfg.METRICS_HOST, port: cfg.METRICS_PORT } : undefined,
    realtime: { pingMs: cfg.REALTIME_PING_MS, sessionCheckMs: cfg.REALTIME_SESSION_CHECK_MS },
    publicCache:
      cfg.PUBLIC_CACHE_TTL_MS > 0
        ? { ttlMs: cfg.PUBLIC_CACHE_TTL_MS, maxEntries: cfg.PUBLIC_CACHE_MAX_ENTRIES }
        : false,
    adminTokens: {
      secret: cfg.ADMIN_TOKEN_SECRET,
      previousSecret: cfg.ADMIN_TOKEN_SECRET_PREVIOUS,
      ttlSeconds: cfg.ADMIN_TOKEN_TTL_SECONDS,
    },
    rateLimits: {
      registerPerIp: cfg.RATE_LIMIT_REGISTER_PER_IP,
      loginPerIp: cfg.RATE_LIMIT_LOGIN_PER_IP,
      loginFailuresPerAccount: cfg.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT,
      loginSlowdownAfter: cfg.RATE_LIMIT_LOGIN_SLOWDOWN_AFTER,
      loginMaxDelaySeconds: cfg.RATE_LIMIT_LOGIN_MAX_DELAY_SECONDS,
      windowSeconds: cfg.RATE_LIMIT_WINDOW_SECONDS,
      resetPerIp: cfg.RATE_LIMIT_RESET_PER_IP,
      resetPerAddress: cfg.RATE_LIMIT_RESET_PER_ADDRESS,
      memberScale: cfg.RATE_LIMIT_MEMBER_SCALE,
    },
  });
  logger.info({ url: gw.url, metrics: gw.metricsUrl }, 'gateway listening');
  exitOnStopSignals(
    () =>
      runShutdown(
        [
          ...gw.shutdownSteps(),
          ...(transport ? [{ name: 'event transport', run: () => transport.disconnect() }] : []),
          { name: 'redis', run: () => redis.quit() },
          { name: 'tracing', run: () => shutdownTracing() },
        ],
        logger,
        cfg.SHUTDOWN_TIMEOUT_MS,
      ),
    logger,
  );
}

void main().catch((err) => {
  process.stderr.write(`gateway failed to start: ${err?.stack ?? err}\n`);
  process.exit(1);
});
