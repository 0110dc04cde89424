import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { currentCorrelationId, runWithCorrelation } from '../correlation';
import { Actor, generateInternalKeyPair, InternalTokenSigner } from '../internal-auth';
import { waitFor } from '../testing';
import { extractContext, initTracing, inSpan, shutdownTracing, SpanKind } from '../tracing';
import { InternalHttpClient } from './internal-client';

// The gateway's internal calls with tracing on: the undici instrumentation makes each a client
// span (the caller's child) whose traceparent the service gets, once; the checks of the service's
// instances that a call starts are no part of its trace.
const exporter = new InMemorySpanExporter();
const actor: Actor = { role: 'member', userId: 'u-1', userType: 'guest' };
const seen: IncomingMessage['headers'][] = [];
const checks: (string | undefined)[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  expect(initTracing({ serviceName: 'unit', exporter, simple: true })).toBe(true);
  server = createServer((req, res) => {
    if (req.url === '/health/live') checks.push(req.headers.traceparent as string | undefined);
    else seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await shutdownTracing();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('InternalHttpClient with tracing on', () => {
  it('makes the call a client span of the caller’s, sends its traceparent once, and keeps the instance checks it started out of the trace', async () => {
    const client = new InternalHttpClient(
      { identity: url },
      new InternalTokenSigner(generateInternalKeyPair().privateKey),
      5000,
      { watchEveryMs: 20 },
    );
    try {
      // The first call to the service makes its instance, and so starts its checks.
      await runWithCorrelation('corr-9', () =>
        inSpan('GET /api/x', SpanKind.SERVER, extractContext({}), {}, () =>
          client.request('identity', 'GET', '/x', { actor }),
        ),
      );
      await waitFor('the instance checked twice', async () => checks.length >= 2, 5000, 10);
      const spans = exporter.getFinishedSpans();
      const caller = spans.find((s) => s.name === 'GET /api/x')!;
      const call = spans.find((s) => s.kind === SpanKind.CLIENT && s.attributes['url.path'] === '/x')!;
      expect(call.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
      expect(seen).toHaveLength(1);
      // One value (a second traceparent would make the header "a, b", which no service can read).
      expect(seen[0].traceparent).toBe(`00-${call.spanContext().traceId}-${call.spanContext().spanId}-01`);
      expect(seen[0]['x-correlation-id']).toBe('corr-9');
      // The checks: no span, no traceparent; and not run as the call's (no correlation id either).
      expect(spans.filter((s) => s.attributes['url.path'] === '/health/live').map((s) => s.name)).toEqual([]);
      expect(checks.every((t) => t === undefined)).toBe(true);
      expect(currentCorrelationId()).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
