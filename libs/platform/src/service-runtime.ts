import 'reflect-metadata';
import { DynamicModule, Global, INestApplication, Module, Type } from '@nestjs/common';
import { APP_GUARD, ModulesContainer } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type Redis from 'ioredis';
import { DataSource, MigrationInterface } from 'typeorm';
import type { z } from 'zod';
import { allRoutes, allTopics } from '@luxe/contracts';
import { ConfigError, loadConfig, serviceEnvSchema, ServiceEnv } from './config';
import { createDataSource, flushCommitted, initDatabase } from './database';
import { HealthController } from './health';
import { createHttpApp, listeningUrl } from './http/app';
import { ContractGuard, contractProblems } from './http/contract';
import { Inbox } from './inbox';
import { INTERNAL_AUDIENCE, InternalAuthGuard, InternalTokenVerifier } from './internal-auth';
import { createLogger, Logger } from './logger';
import { Metrics } from './metrics';
import { Outbox, OutboxRelay, RelayOptions } from './outbox';
import { DirectPushes } from './realtime-push';
import { createRedis, REDIS } from './redis';
import { OBJECT_STORAGE, ObjectStorage } from './storage';
import { initTracing, otlpEndpointFromEnv, shutdownTracing } from './tracing';
import { DrainState, drainStep, exitOnStopSignals, runShutdown, ShutdownStep } from './shutdown';
import { RetryPolicy, TableDeadLetterSink, TopicDeadLetterSink } from './transport/consumer';
import { KafkaTransport } from './transport/kafka';
import { EVENT_RUNTIME, handledEventTypes, ServiceEventRuntime } from './transport/on-event';
import { EVENT_TRANSPORT, EventTransport, topicsForPatterns } from './transport/transport';

export const LOGGER = Symbol('LOGGER');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
/** A service's own settings (its `settings` schema, read from the environment): `@Inject(SERVICE_SETTINGS)`. */
export const SERVICE_SETTINGS = Symbol('SERVICE_SETTINGS');

export interface ServiceDefinition {
  name: string;
  module: Type<unknown>;
  migrations: (new () => MigrationInterface)[];
  entities?: any[];
  usesRedis?: boolean;
  usesStorage?: boolean;
  /** Runs after migrations, before listening (embedded demo data). */
  seed?: (app: INestApplication, opts: SeedOptions) => Promise<void>;
  /** Variables only this service reads (validated at start like the rest; docs/configuration.md documents them). */
  settings?: z.ZodObject<any>;
}

/** What demo seeding needs (from the validated configuration). */
export interface SeedOptions {
  demoPassword: string;
}

export interface ServiceInfra {
  host: string;
  port: number;
  databaseUrl: string;
  /** The gateway's Ed25519 public key: this service checks internal tokens with it (it cannot sign). */
  /** The gateway's public key; during a rotation, the new one then the previous one. */
  internalAuthPublicKey: string | string[];
  transport: EventTransport;
  logger: Logger;
  redis?: Redis;
  storage?: ObjectStorage;
  outboxPollMs?: number;
  retry?: RetryPolicy;
  relayFault?: 'crash-after-publish' | null;
  /** Seed demo data at start, with this password. */
  seed?: SeedOptions | false;
  /** Create Kafka topics at start (idempotent). */
  ensureTopics?: boolean;
  /** Prefix for consumer group ids, to keep a test stack's offsets apart from a dev stack's. */
  groupPrefix?: string;
  /** Prefix for topics, so environments sharing a broker never consume each other's events. */
  topicPrefix?: string;
  /** Outbox relay settings beyond the poll (attempts before parking, batch bytes, retention). */
  relay?: Pick<RelayOptions, 'maxAttempts' | 'batchBytes' | 'outboxRetentionMs' | 'inboxRetentionMs'>;
  /** Start the outbox relay with the service (default). The embedded launcher starts the relays itself once every service is subscribed. */
  startRelay?: boolean;
  /** Between two tries to reach an unreachable broker after start (default 5 s). */
  eventRetryMs?: number;
  /** The service's own settings, parsed by its `settings` schema. */
  settings?: unknown;
  /** Prometheus metrics on `GET /metrics` (default true). */
  metrics?: boolean;
  /**
   * On stop, how long the service keeps serving while it says it is draining (readiness 503,
   * `connection: close`, the draining header) before it stops listening: callers take it out of
   * rotation meanwhile (default 0: embedded and tests that stop at once).
   */
  drainMs?: number;
}

export interface RunningService {
  name: string;
  app: INestApplication;
  url: string;
  dataSource: DataSource;
  relay: OutboxRelay;
  /** The service's metrics (null when turned off). */
  metrics: Metrics | null;
  /** Draining once a stop began. */
  drain: DrainState;
  /**
   * The graceful stop, in order: drain (keep serving, say so, for `drainMs`); stop listening and
   * finish the requests in flight (Fastify's close: idle keep-alive sockets closed, busy ones
   * closed after their answer); disconnect the event consumers (kafkajs waits for the message in
   * hand and commits its offset); stop the outbox relay after its current batch; close the
   * database pool. The transport, Redis and tracing belong to whoever made them.
   */
  shutdownSteps(): ShutdownStep[];
  /** Runs the shutdown steps (once; later calls wait for the first). */
  close(): Promise<void>;
}

/** Boots one service: migrations, Nest app with the platform, consumers, outbox relay, HTTP. */
export async function startService(def: ServiceDefinition, infra: ServiceInfra): Promise<RunningService> {
  const logger = infra.logger;
  // Every handler is bound to its /api contract entry and every entry of this service has a handler.
  const problems = contractProblems(def.name, def.module, allRoutes);
  if (problems.length)
    throw new Error(`${def.name}: handlers and the /api contract disagree:\n  ${problems.join('\n  ')}`);
  const ds = createDataSource({ url: infra.databaseUrl, migrations: def.migrations, entities: def.entities });
  await initDatabase(ds, logger);
  if (infra.storage) await infra.storage.ensureBucket();
  // A broker that cannot be reached does not stop the service from starting
  // (docs/runbook.md#runbook-readiness): it serves what needs no broker, writes events to its
  // outbox, and reaches the broker in the background. Else every pod restarted during a Kafka outage would crash-loop, and the
  // outbox's "writes go on while the broker is down" would hold only for pods already running.
  // The in-process bus of the embedded mode cannot be unreachable: its errors stay fatal.
  const connectEvents = async () => {
    await infra.transport.connect();
    if (infra.ensureTopics) await infra.transport.ensureTopics(allTopics(infra.topicPrefix));
  };
  let eventsConnected = true;
  try {
    await connectEvents();
  } catch (err) {
    if (infra.transport.kind === 'inprocess') throw err;
    eventsConnected = false;
    logger.warn(
      { err },
      'the event broker cannot be reached: starting without it (events wait in the outbox; consumers start once it answers)',
    );
  }

  const outbox = new Outbox(def.name);
  const relay = new OutboxRelay(ds, infra.transport, logger, {
    ...infra.relay,
    pollMs: infra.outboxPollMs,
    fault: infra.relayFault,
    topicPrefix: infra.topicPrefix,
  });
  const metrics = infra.metrics === false ? null : new Metrics({ service: def.name });
  metrics?.addOutboxGauges(ds);
  const runtime = eventRuntime(def, infra, ds, metrics);
  const drain = new DrainState();
  @Global()
  @Module({})
  class PlatformModule {}
  const platform: DynamicModule = {
    module: PlatformModule,
    global: true,
    providers: [
      { provide: DataSource, useValue: ds },
      { provide: Outbox, useValue: outbox },
      { provide: OutboxRelay, useValue: relay },
      { provide: EVENT_TRANSPORT, useValue: infra.transport },
      { provide: LOGGER, useValue: logger },
      { provide: DrainState, useValue: drain },
      { provide: SERVICE_NAME, useValue: def.name },
      { provide: SERVICE_SETTINGS, useValue: infra.settings ?? def.settings?.parse({}) ?? {} },
      { provide: InternalTokenVerifier, useValue: new InternalTokenVerifier(infra.internalAuthPublicKey) },
      { provide: INTERNAL_AUDIENCE, useValue: def.name },
      { provide: EVENT_RUNTIME, useValue: runtime },
      ...(infra.redis
        ? [
            { provide: REDIS, useValue: infra.redis },
            { provide: DirectPushes, useValue: new DirectPushes(infra.redis, logger, infra.topicPrefix) },
          ]
        : []),
      ...(infra.storage
        ? [
            { provide: OBJECT_STORAGE, useValue: infra.storage },
            { provide: ObjectStorage, useValue: infra.storage },
          ]
        : []),
    ],
    exports: [
      DataSource,
      Outbox,
      OutboxRelay,
      EVENT_TRANSPORT,
      LOGGER,
      DrainState,
      SERVICE_NAME,
      SERVICE_SETTINGS,
      InternalTokenVerifier,
      INTERNAL_AUDIENCE,
      EVENT_RUNTIME,
      ...(infra.redis ? [REDIS, DirectPushes] : []),
      ...(infra.storage ? [OBJECT_STORAGE, ObjectStorage] : []),
    ],
  };
  @Module({
    // No TypeOrmModule.forRoot: its shutdown hook would destroy the DataSource inside app.close(),
    // under the relay's last publish. The platform module provides the DataSource (the token
    // TypeOrmModule.forFeature's repositories inject); the last shutdown step ends it.
    imports: [platform, def.module],
    controllers: [HealthController],
    providers: [
      { provide: APP_GUARD, useClass: InternalAuthGuard },
      { provide: APP_GUARD, useClass: ContractGuard },
    ],
  })
  class RootModule {}

  // The largest body any of its routes takes (the gateway enforces each route's own limit first).
  const bodyLimit = Math.max(
    100 * 1024,
    ...allRoutes.filter((r) => r.service === def.name).map((r) => r.bodyLimit ?? 0),
  );
  const app = await createHttpApp(RootModule, logger, { bodyLimit, metrics, drain });
  // No Nest shutdown hooks: the process's owner (runServiceFromEnv, the embedded launcher) handles
  // the stop signals once and calls close(); Nest's own hook would close the app concurrently and
  // then re-raise the signal, killing the process before consumers and relay have stopped.
  connectEventServer(app, def, infra, ds, runtime, metrics);
  await app.init();

  if (infra.seed && def.seed) await def.seed(app, infra.seed);

  // Subscribed before the relay runs, so in embedded mode no event is published to a service not yet listening.
  const startEvents = async () => {
    await app.startAllMicroservices();
    if (infra.startRelay !== false) relay.start();
  };
  if (eventsConnected) await startEvents();

  await app.listen(infra.port, infra.host);
  let closing: Promise<void> | null = null;
  const reconnecting = eventsConnected
    ? null
    : reachBrokerLater(
        logger,
        infra.eventRetryMs ?? 5000,
        () => closing !== null,
        async () => {
          await connectEvents();
          await startEvents();
        },
      );
  const url = listeningUrl(app, infra.host, infra.port);
  const shutdownSteps = (): ShutdownStep[] => [
    drainStep(drain, infra.drainMs),
    // A broker still being reached is given up first (its loop sees the stop and ends).
    { name: 'broker reconnection', run: async () => void (await reconnecting?.stop()) },
    // Nest closes the HTTP server first (waits for requests in flight), then the event consumers.
    { name: 'http and consumers', run: () => app.close() },
    // After the consumers: what they and the last requests committed is published before the pool closes.
    { name: 'outbox relay', run: () => relay.stop({ flush: true }) },
    { name: 'database', run: async () => void (ds.isInitialized && (await ds.destroy())) },
  ];
  return {
    name: def.name,
    app,
    url,
    dataSource: ds,
    relay,
    metrics,
    drain,
    shutdownSteps,
    close() {
      closing ??= (async () => {
        for (const step of shutdownSteps()) await step.run();
      })();
      return closing;
    },
  };
}

/**
 * Tries `connect` every `everyMs` until it succeeds or the process stops (`stopped()`, or `stop()`).
 * Each try makes new clients (the transport's connect and Nest's listen start afresh), so a
 * half-made connection of a failed try is never reused. A service and the gateway both start
 * without a reachable broker this way.
 */
export function reachBrokerLater(
  logger: Logger,
  everyMs: number,
  stopped: () => boolean,
  connect: () => Promise<void>,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let wake: (() => void) | null = null;
  let ended = false;
  const done = (async () => {
    for (let attempt = 1; !ended && !stopped(); attempt++) {
      await new Promise<void>((r) => {
        wake = r;
        timer = setTimeout(r, everyMs);
      });
      if (ended || stopped()) return;
      try {
        await connect();
        logger.info({ attempt }, 'the event broker answers: consumers and outbox relay started');
        return;
      } catch (err) {
        logger.warn({ err, attempt }, 'the event broker still cannot be reached');
      }
    }
  })();
  return {
    async stop() {
      ended = true;
      if (timer) clearTimeout(timer);
      wake?.();
      await done;
    },
  };
}

/** The consumer group of a service's event handlers: `<prefix><service>.events`. */
export function eventGroupId(service: string, groupPrefix = ''): string {
  return `${groupPrefix}${service}.events`;
}

/**
 * The runtime every `@OnEvent` method runs in (inbox, retry, dead letter). Dead letters go to the
 * `.dlt` topic on Kafka, and to the service's own `dead_letter_events` table on the in-process bus,
 * whose topics do not outlive the process.
 */
function eventRuntime(
  def: ServiceDefinition,
  infra: ServiceInfra,
  ds: DataSource,
  metrics: Metrics | null,
): ServiceEventRuntime {
  return new ServiceEventRuntime(def.name, {
    inbox: new Inbox(ds),
    transport: infra.transport,
    logger: infra.logger,
    retry: infra.retry ?? { maxAttempts: 4, backoffMs: 200 },
    deadLetters:
      infra.transport.kind === 'inprocess' ? new TableDeadLetterSink(ds) : new TopicDeadLetterSink(infra.transport),
    metrics: metrics ?? undefined,
  });
}

/**
 * Connects the service's event transport to the Nest app as a microservice, so Nest finds the
 * `@OnEvent` handlers of its controllers; `app.startAllMicroservices()` then subscribes them.
 * A service without handlers gets no consumer.
 */
function connectEventServer(
  app: INestApplication,
  def: ServiceDefinition,
  infra: ServiceInfra,
  ds: DataSource,
  runtime: ServiceEventRuntime,
  metrics: Metrics | null,
): void {
  const types = eventTypesHandled(app);
  if (types.length === 0) return;
  const groupId = eventGroupId(def.name, infra.groupPrefix);
  // Inbox transactions commit as the server is configured; the offsets that cover them wait for a flush.
  const strategy = infra.transport.createEventServer({
    groupId,
    topicPrefix: infra.topicPrefix,
    onUnroutable: (msg) => runtime.deadLetterUnroutable(msg),
    beforeCommit: () => flushCommitted(ds),
  });
  app.connectMicroservice<MicroserviceOptions>({ strategy });
  const transport = infra.transport;
  if (metrics && transport.consumerLag)
    metrics.addConsumerLag(groupId, topicsForPatterns(types, infra.topicPrefix), (g, t) =>
      transport.consumerLag!(g, t),
    );
  infra.logger.info({ group: groupId, types }, 'event handlers connected');
}

/** Every event type handled by a controller of the app (`@OnEvent`). */
function eventTypesHandled(app: INestApplication): string[] {
  const types = new Set<string>();
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values())
      if (wrapper.metatype) handledEventTypes(wrapper.metatype as Type<unknown>).forEach((t) => types.add(t));
  }
  return [...types];
}

/** Exits with a clear message when configuration is missing or bad. */
export function loadConfigOrExit<T>(load: () => T): T {
  try {
    return load();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(78);
    }
    throw e;
  }
}

/** `main.ts` of every service: configuration from the environment, real infrastructure. */
export async function runServiceFromEnv(
  def: ServiceDefinition,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService> {
  const cfg: ServiceEnv = loadConfigOrExit(() => {
    const c = loadConfig(def.name, serviceEnvSchema, env);
    const problems: string[] = [];
    if (def.usesRedis && !c.REDIS_URL) problems.push('REDIS_URL: is required (a redis:// URL, or "memory")');
    if (def.usesStorage && !c.S3_ENDPOINT)
      problems.push('S3_ENDPOINT: is required (with S3_ACCESS_KEY and S3_SECRET_KEY)');
    if (def.settings) {
      try {
        loadConfig(def.name, def.settings, env);
      } catch (e) {
        if (e instanceof ConfigError) problems.push(...e.problems);
        else throw e;
      }
    }
    if (problems.length) throw new ConfigError(def.name, problems);
    return c;
  });
  const settings = def.settings ? loadConfig(def.name, def.settings, env) : undefined;
  const logger = createLogger(def.name, cfg.LOG_LEVEL);
  const otlp = otlpEndpointFromEnv(env);
  if (initTracing({ serviceName: def.name, endpoint: otlp }))
    logger.info({ endpoint: otlp }, 'traces exported by OTLP');
  const transport: EventTransport = new KafkaTransport({
    brokers: cfg.KAFKA_BROKERS!.split(',').map((b) => b.trim()),
    clientId: `luxe-${def.name}`,
    logger,
    replicationFactor: cfg.KAFKA_REPLICATION_FACTOR,
    minInsyncReplicas: cfg.KAFKA_MIN_INSYNC_REPLICAS,
    partitions: cfg.KAFKA_TOPIC_PARTITIONS,
  });
  const fault = cfg.OUTBOX_RELAY_FAULT === 'crash-after-publish' ? 'crash-after-publish' : null;
  const redis = def.usesRedis ? createRedis(cfg.REDIS_URL!) : undefined;
  const svc = await startService(def, {
    host: cfg.HOST,
    port: cfg.PORT,
    databaseUrl: cfg.DATABASE_URL,
    internalAuthPublicKey: [
      cfg.INTERNAL_AUTH_PUBLIC_KEY,
      ...(cfg.INTERNAL_AUTH_PUBLIC_KEY_PREVIOUS ? [cfg.INTERNAL_AUTH_PUBLIC_KEY_PREVIOUS] : []),
    ],
    transport,
    logger,
    redis,
    storage: def.usesStorage
      ? new ObjectStorage({
          endpoint: cfg.S3_ENDPOINT!,
          publicEndpoint: cfg.S3_PUBLIC_ENDPOINT,
          accessKey: cfg.S3_ACCESS_KEY!,
          secretKey: cfg.S3_SECRET_KEY!,
          region: cfg.S3_REGION,
          bucket: cfg.S3_BUCKET ?? `luxe-${def.name}`,
        })
      : undefined,
    outboxPollMs: cfg.OUTBOX_POLL_MS,
    retry: {
      maxAttempts: cfg.CONSUMER_MAX_ATTEMPTS,
      backoffMs: cfg.CONSUMER_BACKOFF_MS,
      maxBackoffMs: cfg.CONSUMER_MAX_BACKOFF_MS,
    },
    relayFault: fault,
    seed: cfg.SEED_DEMO_DATA ? { demoPassword: cfg.DEMO_PASSWORD } : false,
    settings,
    ensureTopics: true,
    groupPrefix: cfg.KAFKA_GROUP_PREFIX,
    topicPrefix: cfg.KAFKA_TOPIC_PREFIX,
    relay: {
      maxAttempts: cfg.OUTBOX_MAX_ATTEMPTS,
      batchBytes: cfg.OUTBOX_BATCH_BYTES,
      outboxRetentionMs: cfg.OUTBOX_RETENTION_HOURS * 3600_000,
      inboxRetentionMs: cfg.INBOX_RETENTION_HOURS * 3600_000,
    },
    metrics: cfg.METRICS_ENABLED,
    drainMs: cfg.SHUTDOWN_DRAIN_MS,
  });
  logger.info({ url: svc.url }, `${def.name} listening`);
  exitOnStopSignals(
    () =>
      runShutdown(
        [
          ...svc.shutdownSteps(),
          ...(redis ? [{ name: 'redis', run: () => redis.quit() }] : []),
          { name: 'event transport', run: () => transport.disconnect() },
          { name: 'tracing', run: () => shutdownTracing() },
        ],
        logger,
        cfg.SHUTDOWN_TIMEOUT_MS,
      ),
    logger,
  );
  return svc;
}
