import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import type { DataSource } from 'typeorm';
import type { Logger } from './logger';
import { OutboxRelay } from './outbox';
import { initTracing, shutdownTracing, SpanKind } from './tracing';
import type { EventTransport, OutgoingMessage } from './transport/transport';

// The relay with tracing on: each row written in a trace is sent in a producer span, the child
// of the span that wrote it, and its message carries that producer span's traceparent (the
// consumer's span is then the producer span's child).
const exporter = new InMemorySpanExporter();
beforeAll(() => expect(initTracing({ serviceName: 'unit', exporter, simple: true })).toBe(true));
afterAll(() => shutdownTracing());

const WRITER = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const row = (id: string, trace_parent: string | null) => ({
  id,
  stream: 'platform.test',
  key: 'k',
  type: 'platform.test-event',
  envelope: { n: 1 },
  correlation_id: null,
  trace_parent,
  attempts: 0,
  bytes: 10,
});

/** A database with these rows due (once), and a transport that records or refuses what it is sent. */
function relayOf(rows: ReturnType<typeof row>[], publish: (m: OutgoingMessage[]) => Promise<void>) {
  let due = rows;
  const conn = {
    query: async (sql: string) => {
      if (!sql.startsWith('BEGIN;')) return [];
      const batch = due;
      due = [];
      // BEGIN, the lock, the due rows' PREPARE the first time on this connection, its EXECUTE.
      const prepared = sql.includes('PREPARE luxe_relay_due') ? [{ rows: [] }] : [];
      return [{ rows: [] }, { rows: [{ locked: true }] }, ...prepared, { rows: batch }];
    },
  };
  const qr = { connect: async () => conn, release: async () => undefined, query: async () => [] };
  const ds = { createQueryRunner: () => qr, query: async () => [[], 0], options: {} } as unknown as DataSource;
  const transport = { publish: jest.fn(publish), ping: async () => undefined } as unknown as EventTransport;
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() } as unknown as Logger;
  return new OutboxRelay(ds, transport, logger, { listen: false, pollMs: 60_000, topicPrefix: 't.' });
}

describe('OutboxRelay with tracing on', () => {
  it('sends a row written in a trace in a producer span, the writer’s child, whose traceparent the message carries; a row written outside any trace carries none', async () => {
    exporter.reset();
    const sent: OutgoingMessage[] = [];
    expect(await relayOf([row('a', WRITER), row('b', null)], async (m) => void sent.push(...m)).publishBatch()).toBe(2);
    const spans = exporter.getFinishedSpans();
    expect(spans).toHaveLength(1);
    const [publish] = spans;
    expect([publish.name, publish.kind, publish.status.code]).toEqual([
      'publish platform.test-event',
      SpanKind.PRODUCER,
      0,
    ]);
    expect(publish.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(publish.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(publish.attributes).toMatchObject({
      'messaging.system': 'kafka',
      'messaging.destination.name': 't.platform.test.v1',
      'messaging.message.id': 'a',
    });
    expect(sent.map((m) => m.headers?.traceparent)).toEqual([
      `00-4bf92f3577b34da6a3ce929d0e0e4736-${publish.spanContext().spanId}-01`,
      undefined,
    ]);
  });

  it('ends the producer span of a row the broker refused as failed', async () => {
    exporter.reset();
    expect(
      await relayOf([row('a', WRITER)], async () => Promise.reject(new Error('MESSAGE_TOO_LARGE'))).publishBatch(),
    ).toBe(0);
    const [publish] = exporter.getFinishedSpans();
    expect([publish.name, publish.status.code]).toEqual(['publish platform.test-event', 2]);
  });
});

describe('OutboxRelay with tracing off', () => {
  it('makes no span, and the message carries the traceparent the row kept', async () => {
    await shutdownTracing();
    exporter.reset();
    const sent: OutgoingMessage[] = [];
    await relayOf([row('a', WRITER)], async (m) => void sent.push(...m)).publishBatch();
    expect(exporter.getFinishedSpans()).toEqual([]);
    expect(sent[0].headers?.traceparent).toBe(WRITER);
  });
});
