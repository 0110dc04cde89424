import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { topicFor } from '@luxe/contracts';
import { ApiClient, validRegistration, waitFor } from './support/client';
import { startOwnStack, type OwnStack } from './support/own-stack';

// One trace across the processes of a distributed stack of this file's own (ports
// LUXE_TEST_BASE_PORT+20..+27), as an operator sees it: every process exports its spans by
// OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT, the documented variable) to a collector this test runs
// on 127.0.0.1, which keeps them in memory. A sign-up must be one trace: the gateway's server
// span → its internal call (undici client span) → identity's server span → identity's SQL (pg)
// and the relay's producer span of `identity.user-registered` → messaging's consumer span → its
// SQL; the gateway's Redis commands (ioredis) are children of its server span, and identity's
// of its own.
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');

/** A span as the collector received it (OTLP/JSON: hex ids; kind 2 server, 3 client, 4 producer, 5 consumer). */
interface Received {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
const value = (v: AnyValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
const attrs = (list: { key: string; value: AnyValue }[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, value(a.value)]));

/** The smallest OTLP/HTTP traces receiver: POST /v1/traces (JSON, the exporter's encoding), every span kept. */
function collector(spans: Received[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const raw = Buffer.concat(chunks);
        const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8'));
        for (const rs of body.resourceSpans ?? []) {
          const service = String(attrs(rs.resource?.attributes)['service.name']);
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? [])
              spans.push({
                service,
                scope: ss.scope?.name ?? '',
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId || undefined,
                name: s.name,
                kind: s.kind,
                attributes: attrs(s.attributes),
              });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const spans: Received[] = [];
let receiver: Server;
let own: OwnStack;

beforeAll(async () => {
  receiver = await collector(spans);
  const base = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) + 20;
  own = await startOwnStack({
    dbPrefix: `luxe_test${id}_ot`,
    resetDatabases: true,
    basePort: base,
    gatewayPort: base,
    groupPrefix: `test${id}ot.`,
    readyTimeoutMs: Number(process.env.LUXE_STACK_READY_MS ?? 90_000),
    logDir: `${process.cwd()}/.data/test-logs/tracing`,
    extraEnv: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      // The count per address lives in the Redis every stack on this machine shares (as the global set-up's).
      RATE_LIMIT_REGISTER_PER_IP: '100000',
      CONSUMER_BACKOFF_MS: '50',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      // Batches every 200 ms rather than 5 s: the test waits less.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  });
}, 240_000);

afterAll(async () => {
  await own?.stop();
  await new Promise((r) => receiver?.close(r));
});

describe('tracing across processes (OTLP)', () => {
  it('follows a sign-up from the gateway through identity, its SQL, the outbox relay and Kafka into messaging’s consumer and its SQL, with one trace id', async () => {
    const api = new ApiClient(own.gatewayUrls[0]!);
    const r = await api.call(
      'POST',
      '/api/auth/register',
      validRegistration({ userType: 'guest', firstName: 'Tracy' }),
    );
    expect(r.status).toBe(201);

    // The gateway's server span of this request (a root: the test sends no traceparent).
    const gateway = await waitFor('the gateway exported its span of the sign-up', async () =>
      spans.find(
        (s) =>
          s.service === 'gateway' &&
          s.kind === SERVER &&
          s.name === 'POST /api/auth/register' &&
          s.attributes['http.response.status_code'] === 201,
      ),
    );
    expect(gateway.parentSpanId).toBeUndefined();
    const trace = () => spans.filter((s) => s.traceId === gateway.traceId);
    const childrenOf = (parent: Received, where: (s: Received) => boolean) =>
      trace().filter((s) => s.parentSpanId === parent.spanId && where(s));
    const pgChild = (parent: Received) =>
      childrenOf(
        parent,
        (s) => s.service === parent.service && s.scope.endsWith('instrumentation-pg') && s.kind === CLIENT,
      );
    const show = () =>
      trace()
        .map((s) => `${s.service} ${s.kind} ${s.name} ${s.spanId}<${s.parentSpanId ?? '-'}`)
        .join(' | ');

    // The last link: messaging's consumer span and its SQL arrived (each process exports on its own).
    const consumer = await waitFor(
      'messaging consumed the sign-up in the same trace, with its SQL',
      async () => {
        const c = trace().find(
          (s) => s.service === 'messaging' && s.kind === CONSUMER && s.name === 'consume identity.user-registered',
        );
        return c && pgChild(c).length > 0 ? c : undefined;
      },
      60_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}; the trace: ${show()}`);
    });

    // The gateway's internal call: an undici client span, the child of its server span ...
    const [call] = childrenOf(
      gateway,
      (s) =>
        s.service === 'gateway' &&
        s.kind === CLIENT &&
        s.scope.endsWith('instrumentation-undici') &&
        s.attributes['url.path'] === '/api/auth/register',
    );
    expect(call).toBeDefined();
    // ... as are its Redis commands (the sign-up rate limit), by command name only (keys carry session ids).
    const redis = childrenOf(gateway, (s) => s.scope.endsWith('instrumentation-ioredis'));
    expect(redis.length).toBeGreaterThan(0);
    for (const s of redis)
      expect(String(s.attributes['db.statement'] ?? s.attributes['db.query.text'])).toMatch(/^[a-z]+$/i);

    // Identity's server span is the client span's child (the traceparent the call carried).
    // Each process exports its spans on its own schedule: messaging's may arrive before identity's.
    const identity = await waitFor(
      "identity's server span under the gateway's call, with its SQL and its publish",
      async () => {
        const [s] = childrenOf(call, (c) => c.service === 'identity' && c.kind === SERVER);
        return s && pgChild(s).length > 0 && childrenOf(s, (c) => c.kind === PRODUCER).length > 0 ? s : undefined;
      },
      60_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}; the trace: ${show()}`);
    });
    expect(identity.name).toBe('POST /api/auth/register');
    // Its SQL: the member's row, by statement (placeholders, no values).
    const identitySql = pgChild(identity).map((s) =>
      String(s.attributes['db.statement'] ?? s.attributes['db.query.text']),
    );
    expect(identitySql.some((q) => /INSERT INTO "?users"?/i.test(q))).toBe(true);
    expect(identitySql.some((q) => /INSERT INTO outbox_events/i.test(q))).toBe(true);
    expect(identitySql.join(' ')).not.toContain('Tracy');
    expect(childrenOf(identity, (s) => s.scope.endsWith('instrumentation-ioredis')).length).toBeGreaterThan(0);

    // The relay's producer span is the child of the span that wrote the outbox row ...
    const [publish] = childrenOf(
      identity,
      (s) => s.service === 'identity' && s.kind === PRODUCER && s.name === 'publish identity.user-registered',
    );
    expect(publish).toBeDefined();
    expect(publish.attributes['messaging.destination.name']).toBe(topicFor('identity.user-registered', `test${id}ot.`));
    // ... and the consumer's, in messaging, is the producer span's child (the Kafka header).
    expect(consumer.parentSpanId).toBe(publish.spanId);
    expect(pgChild(consumer).length).toBeGreaterThan(0);
    // Its SQL goes with its values written in (the inbox's one round trip, the member's card):
    // the trace keeps the statements, their quoted values masked.
    const consumerSql = pgChild(consumer).map((s) =>
      String(s.attributes['db.statement'] ?? s.attributes['db.query.text']),
    );
    expect(consumerSql.join(' ')).toMatch(/EXECUTE luxe_inbox_\w+\('\?'/);
    expect(consumerSql.join(' ')).not.toContain('Tracy');

    // The checks of a service's instances that the gateway's first call to it started (every
    // 500 ms) are no part of that call's trace; and no relay poll or health check made a trace of
    // its own (a client span is made only under another span).
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      trace()
        .filter((s) => String(s.attributes['url.path']).startsWith('/health'))
        .map((s) => s.name),
    ).toEqual([]);
    expect(spans.filter((s) => s.kind === CLIENT && !s.parentSpanId).map((s) => `${s.service} ${s.name}`)).toEqual([]);
  }, 120_000);
});
