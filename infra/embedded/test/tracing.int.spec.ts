import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Kafka, logLevel } from 'kafkajs';
import { allTopics } from '@luxe/contracts';
import { startGateway, type RunningGateway } from '@luxe/gateway';
import { identityService } from '@luxe/identity';
import { messagingService } from '@luxe/messaging';
import {
  createLogger,
  createRedis,
  databaseUrl,
  ensureDatabase,
  generateInternalKeyPair,
  initTracing,
  KafkaTransport,
  ObjectStorage,
  shutdownTracing,
  SpanKind,
  startService,
  waitFor,
  type RunningService,
} from '@luxe/platform';

// One trace from the browser's request to the consumer of the event it caused, on the real
// broker: the gateway's span for POST /api/auth/register, its internal call (an undici client
// span), identity's span for that call (its parent the client span, through the traceparent
// header), the relay's producer span (its parent identity's, through the outbox row) and
// messaging's span consuming `identity.user-registered` (its parent the producer span, through
// the Kafka header). The gateway and both services run in this process, so one in-memory
// exporter sees every span. (gateway/test/tracing.api.spec.ts follows a trace across processes,
// with their SQL.)
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const ID = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
const PREFIX = `tr${randomUUID().slice(0, 8)}.`;
const exporter = new InMemorySpanExporter();
const logger = createLogger('tracing-int', process.env.TEST_LOG_LEVEL ?? 'silent');
const running: RunningService[] = [];
let transport: KafkaTransport;
let gateway: RunningGateway;

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  expect(initTracing({ serviceName: 'tracing-int', exporter, simple: true })).toBe(true);
  transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'tracing-int', logger });
  await transport.connect();
  const keys = generateInternalKeyPair();
  // The gateway and identity share it (sessions, the members' own views), as in the embedded mode.
  const redis = createRedis('memory');
  for (const def of [identityService, messagingService]) {
    const db = `luxe_test${ID}_trace_${def.name}`;
    await ensureDatabase(adminUrl, db);
    running.push(
      await startService(def, {
        host: '127.0.0.1',
        port: 0,
        databaseUrl: databaseUrl(adminUrl, db),
        internalAuthPublicKey: keys.publicKey,
        transport,
        logger,
        redis: def.usesRedis ? redis : undefined,
        storage: def.usesStorage
          ? new ObjectStorage({
              endpoint: process.env.S3_ENDPOINT!,
              accessKey: process.env.S3_ACCESS_KEY!,
              secretKey: process.env.S3_SECRET_KEY!,
              region: process.env.S3_REGION ?? 'us-east-1',
              bucket: `luxe-test${ID}-trace-${def.name}`,
            })
          : undefined,
        seed: false,
        outboxPollMs: 100,
        ensureTopics: true,
        groupPrefix: PREFIX,
        topicPrefix: PREFIX,
      }),
    );
  }
  const urls = Object.fromEntries(running.map((s) => [s.name, s.url]));
  gateway = await startGateway({
    host: '127.0.0.1',
    port: 0,
    redis,
    logger,
    internalAuthPrivateKey: keys.privateKey,
    // Only identity is called here; the others are never reached.
    serviceUrls: {
      venues: 'http://127.0.0.1:9',
      bookings: 'http://127.0.0.1:9',
      social: 'http://127.0.0.1:9',
      payments: 'http://127.0.0.1:9',
      admin: 'http://127.0.0.1:9',
      ...urls,
    },
    rateLimits: {},
  });
}, 180_000);

afterAll(async () => {
  await gateway?.close().catch(() => undefined);
  for (const s of running.reverse()) await s.close().catch(() => undefined);
  await transport?.disconnect().catch(() => undefined);
  await shutdownTracing();
  const admin = new Kafka({
    brokers: brokers.split(','),
    clientId: 'tracing-int-cleanup',
    logLevel: logLevel.NOTHING,
  }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: allTopics(PREFIX) }).catch(() => undefined);
  await admin.disconnect();
});

const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

describe('tracing', () => {
  it('follows a sign-up from the gateway through identity and Kafka into messaging with one trace id', async () => {
    const email = `trace.${randomUUID()}@example.com`;
    const res = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        email,
        password: 'correct-horse',
        firstName: 'Tracy',
        lastName: 'Span',
        city: 'Miami, FL',
        state: 'Florida',
        userType: 'guest',
      }),
    });
    expect(res.status).toBe(201);
    const userId = ((await res.json()) as { id: string }).id;

    const consumed = await waitFor(
      'messaging consumed the sign-up in a span',
      async () =>
        exporter
          .getFinishedSpans()
          .find(
            (s) =>
              s.name === 'consume identity.user-registered' &&
              String(s.attributes['messaging.destination.name']).startsWith(PREFIX) &&
              String(s.attributes['messaging.consumer.group.name']).startsWith('messaging.'),
          ),
      60_000,
    ).catch((e: Error) => {
      throw new Error(
        `${e.message}; spans seen: ${exporter
          .getFinishedSpans()
          .map((s) => `${s.name} ${JSON.stringify(s.attributes)}`)
          .join(' | ')}`,
      );
    });
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === consumed.spanContext().traceId);
    const gatewaySpan = spans.find((s) => s.name === 'POST /api/auth/register' && s.parentSpanContext === undefined);
    expect(gatewaySpan).toBeDefined();
    expect(gatewaySpan!.attributes['http.response.status_code']).toBe(201);
    // The internal call is a client span, the gateway span's child; identity's server span is
    // the call's child. (Services serve the same path, so it has the same name.)
    const call = spans.find(
      (s) =>
        s.kind === SpanKind.CLIENT &&
        parentOf(s) === gatewaySpan!.spanContext().spanId &&
        s.attributes['url.path'] === '/api/auth/register',
    );
    expect(call).toBeDefined();
    const identitySpan = spans.find((s) => s.kind === SpanKind.SERVER && parentOf(s) === call!.spanContext().spanId);
    expect(identitySpan).toBeDefined();
    expect(identitySpan!.name).toBe('POST /api/auth/register');
    // The relay's producer span continues identity's (the span that wrote the outbox row), and
    // the consumer's span the producer span's.
    // In-process, the consumer can finish before the relay's publish call returns (and its span
    // ends): the publish span is waited for, not read once.
    const publish = await waitFor(
      "the relay's publish span",
      async () =>
        exporter
          .getFinishedSpans()
          .find(
            (s) =>
              s.kind === SpanKind.PRODUCER &&
              s.name === 'publish identity.user-registered' &&
              parentOf(s) === identitySpan!.spanContext().spanId,
          ),
      10_000,
    ).catch(() => undefined);
    expect(publish).toBeDefined();
    expect(parentOf(consumed)).toBe(publish!.spanContext().spanId);
    // And the effect happened: messaging knows the member.
    await waitFor(
      'messaging has the member',
      async () =>
        (await running[1].dataSource.query('SELECT 1 FROM user_cards WHERE user_id = $1', [userId])).length === 1,
      30_000,
    );
    // A second request is a trace of its own.
    await fetch(`${gateway.url}/api/auth/me`, { headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const me = await waitFor('the second request is traced', async () =>
      exporter.getFinishedSpans().find((s) => s.name === 'GET /api/auth/me'),
    );
    expect(me.spanContext().traceId).not.toBe(gatewaySpan!.spanContext().traceId);
  }, 120_000);
});
