import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { runWithCorrelation } from './correlation';
import { logContext } from './logger';
import {
  currentTraceParent,
  endHttpSpan,
  extractContext,
  initTracing,
  injectTraceHeaders,
  inSpan,
  otlpEndpointFromEnv,
  shutdownTracing,
  SpanKind,
  startHttpSpan,
  withContext,
} from './tracing';

const exporter = new InMemorySpanExporter();
beforeAll(() => expect(initTracing({ serviceName: 'unit', exporter, simple: true })).toBe(true));
afterAll(() => shutdownTracing());

describe('tracing', () => {
  it('continues the caller’s trace from its traceparent, and hands it on to outgoing calls and events', async () => {
    const caller = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const { span, ctx } = startHttpSpan('GET', '/api/venues/:id', { traceparent: caller })!;
    const outgoing = withContext(ctx, () => injectTraceHeaders({}));
    const stored = withContext(ctx, () => currentTraceParent());
    endHttpSpan(span, 503);
    const [server] = exporter.getFinishedSpans();
    expect(server.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(server.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(server.attributes).toMatchObject({ 'http.route': '/api/venues/:id', 'http.response.status_code': 503 });
    expect(server.status.code).toBe(2); // ERROR for a 5xx
    expect(outgoing.traceparent).toBe(`00-4bf92f3577b34da6a3ce929d0e0e4736-${server.spanContext().spanId}-01`);
    expect(stored).toBe(outgoing.traceparent);

    // A consumer's span from the Kafka header (a Buffer there) is the child of the span that wrote the event.
    exporter.reset();
    const ids = await inSpan(
      'consume x',
      SpanKind.CONSUMER,
      extractContext({ traceparent: Buffer.from(stored!) }),
      { a: 1 },
      async () => runWithCorrelation('corr-1', () => logContext()),
    );
    const [consumer] = exporter.getFinishedSpans();
    expect(consumer.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
    expect(ids).toEqual({
      correlationId: 'corr-1',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: consumer.spanContext().spanId,
    });
  });

  it('records a failure in the span and rethrows it; without an active span nothing is carried', async () => {
    exporter.reset();
    await expect(
      inSpan('consume bad', SpanKind.CONSUMER, extractContext({}), {}, async () => Promise.reject(new Error('boom'))),
    ).rejects.toThrow('boom');
    const [failed] = exporter.getFinishedSpans();
    expect(failed.status.code).toBe(2);
    expect(failed.parentSpanContext).toBeUndefined();
    expect(currentTraceParent()).toBeNull();
    expect(logContext()).toEqual({});
  });

  it('takes its OTLP endpoint from the standard variables', () => {
    expect(otlpEndpointFromEnv({})).toBeUndefined();
    expect(otlpEndpointFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      otlpEndpointFromEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://t:4318/x',
      }),
    ).toBe('http://t:4318/x');
    expect(
      otlpEndpointFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
  });
});

describe('tracing off', () => {
  it('starts no span for a request (and the request carries no trace)', async () => {
    await shutdownTracing();
    expect(
      startHttpSpan('GET', '/api/venues', { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }),
    ).toBeUndefined();
    expect(injectTraceHeaders({})).toEqual({});
  });
});

describe('maskSqlLiterals', () => {
  it('writes every quoted value as ?, quotes and backslashes inside included, and leaves the statement', async () => {
    const { maskSqlLiterals } = await import('./tracing');
    const { quoteLiteral } = await import('./database');
    const sql = `EXECUTE luxe_inbox_gate_3(${quoteLiteral('7b0c0f3e-5a4e-4d1e-9c3a-1f2e3d4c5b6a')}, 5, true); INSERT INTO cards (name, note) VALUES (${quoteLiteral("O'Brien")}, ${quoteLiteral("a \\ b, it's")})`;
    expect(maskSqlLiterals(sql)).toBe(
      `EXECUTE luxe_inbox_gate_3('?', 5, true); INSERT INTO cards (name, note) VALUES ('?',  '?')`,
    );
    expect(maskSqlLiterals('SELECT 1 FROM t WHERE a = $1')).toBe('SELECT 1 FROM t WHERE a = $1');
  });
});
