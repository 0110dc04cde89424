import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Instrumentation } from '@opentelemetry/instrumentation';

/**
 * OpenTelemetry traces that follow one request from the gateway through a service, into Kafka and
 * out of the consumer, with one trace id:
 * - every HTTP request of the gateway and of a service is a server span; its parent is the
 *   caller's `traceparent` header;
 * - what a span does is its children, from the official instrumentations (`enableInstrumentations`):
 *   its SQL (pg), its Redis commands (ioredis), its outgoing HTTP calls (undici: the gateway's
 *   internal calls, which carry the client span's `traceparent`; http: S3, Stripe);
 * - an event keeps the `traceparent` of the span that wrote its outbox row; the relay's producer
 *   span (`publish <type>`) is that span's child and sends its own `traceparent` as a Kafka
 *   header, and the consumer's span is the producer span's child;
 * - log lines carry `traceId` and `spanId` beside the correlation id.
 * Without `initTracing` (or with tracing disabled) the API is a no-op: nothing is recorded, and
 * headers carry nothing.
 */
export const TRACEPARENT_HEADER = 'traceparent';
const TRACER = 'luxeswipe';

export interface TracingOptions {
  /** `service.name` of the process's spans (the embedded process: `luxeswipe`). */
  serviceName: string;
  /** Where spans go; default: OTLP over HTTP to `endpoint`. */
  exporter?: SpanExporter;
  /** OTLP/HTTP traces endpoint (`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, or `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`). */
  endpoint?: string;
  /** Export each span at once (tests) instead of in batches. */
  simple?: boolean;
}

let provider: NodeTracerProvider | null = null;
let instrumentations: Instrumentation[] | null = null;

/**
 * Turns on the instrumentations (once): client spans for a span's SQL, Redis commands and
 * outgoing HTTP calls. Each is the child of the active span, and none is made without one
 * (a relay's poll, a health check, the gateway's watch of its services make no traces of their
 * own). The spans go to the provider `initTracing` registers, whenever it does.
 *
 * pg, ioredis and http are patched when they are first required: a process's entry imports
 * `@luxe/platform/instrument` before anything else, which calls this when tracing is on; undici's
 * spans come from its diagnostics channels and need no such order. Loaded only here, so a process
 * without tracing never loads them.
 */
/**
 * `sql` with every quoted value written as `'?'` (quotes doubled inside, and the `E'…'` form, as
 * `quoteLiteral` writes them): what a trace may keep of a statement sent with its values in its
 * text. Numbers stay (ids and values of ours are quoted; an integer is a count or a sequence).
 */
export function maskSqlLiterals(sql: string): string {
  return sql.replace(/(?:\bE)?'(?:[^']|'')*'/g, "'?'");
}

export function enableInstrumentations(): void {
  if (instrumentations) return;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  /* eslint-enable @typescript-eslint/no-require-imports */
  // Each enables itself when constructed.
  instrumentations = [
    // The statement with its placeholders, never its values: the paths that write values into
    // the text (one round trip: `withLiterals`, `executeSql`) have them masked.
    new PgInstrumentation({
      requireParentSpan: true,
      requestHook: (span, { query }) => span.setAttribute('db.statement', maskSqlLiterals(query.text)),
    }),
    // The command's name only: keys carry session ids (`sess:<id>`) and account names.
    new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (cmd) => cmd }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
    // Outgoing only: incoming requests have their server span by route pattern (startHttpSpan).
    new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
  ];
}

/**
 * Starts tracing for this process once (later calls keep the first set-up). Returns whether it is on.
 * The SDK is required here, not imported: a process without tracing (the default; `npm start`)
 * never loads it, about 70 ms of its start (the API above is the no-op it uses instead).
 */
export function initTracing(o: TracingOptions): boolean {
  if (provider) return true;
  /* eslint-disable @typescript-eslint/no-require-imports */
  const exporter =
    o.exporter ??
    (o.endpoint
      ? new (
          require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http')
        ).OTLPTraceExporter({ url: o.endpoint })
      : null);
  if (!exporter) return false;
  const { BatchSpanProcessor, SimpleSpanProcessor } =
    require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');
  const { NodeTracerProvider } =
    require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { AsyncLocalStorageContextManager } =
    require('@opentelemetry/context-async-hooks') as typeof import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator } = require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  /* eslint-enable @typescript-eslint/no-require-imports */
  enableInstrumentations();
  const processor: SpanProcessor = o.simple ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': o.serviceName }),
    spanProcessors: [processor],
  });
  provider.register({
    contextManager: new AsyncLocalStorageContextManager(),
    propagator: new W3CTraceContextPropagator(),
  });
  return true;
}

/** Flushes and stops tracing (at shutdown; tests). */
export async function shutdownTracing(): Promise<void> {
  const p = provider;
  provider = null;
  for (const i of instrumentations ?? []) i.disable();
  instrumentations = null;
  if (!p) return;
  await p.shutdown().catch(() => undefined);
  trace.disable();
  context.disable();
  propagation.disable();
}

/** The OTLP endpoint from the standard environment variables, if any. */
export function otlpEndpointFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) return `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/$/, '')}/v1/traces`;
  return undefined;
}

const tracer = () => trace.getTracer(TRACER);

/** The context a carrier (HTTP or Kafka headers) names as parent, or the active one. */
export function extractContext(headers: Record<string, unknown>): Context {
  const carrier: Record<string, string> = {};
  const v = headers[TRACEPARENT_HEADER];
  if (typeof v === 'string') carrier[TRACEPARENT_HEADER] = v;
  else if (Buffer.isBuffer(v)) carrier[TRACEPARENT_HEADER] = v.toString('utf8');
  return propagation.extract(context.active(), carrier);
}

/** Adds `traceparent` for the active span to outgoing headers (nothing when no span is active). */
export function injectTraceHeaders(
  headers: Record<string, string>,
  ctx: Context = context.active(),
): Record<string, string> {
  propagation.inject(ctx, headers);
  return headers;
}

/** The active span's `traceparent`, to keep with an outbox row; null without one. */
export function currentTraceParent(): string | null {
  return injectTraceHeaders({})[TRACEPARENT_HEADER] ?? null;
}

/** Trace and span ids of the active span, for log lines. */
export function currentTraceIds(): { traceId: string; spanId: string } | undefined {
  const span = trace.getActiveSpan();
  const sc = span?.spanContext();
  return sc && trace.isSpanContextValid(sc) ? { traceId: sc.traceId, spanId: sc.spanId } : undefined;
}

/**
 * Starts a server span for an HTTP request (its parent from the request's headers); end it with
 * `endHttpSpan`. None while tracing is off: the API would only build no-op objects, per request.
 */
/** True while spans are recorded (an OTLP endpoint was given): callers skip the work a span alone needs. */
export function tracingOn(): boolean {
  return provider !== null;
}

export function startHttpSpan(
  method: string,
  route: string,
  headers: Record<string, unknown>,
): { span: Span; ctx: Context } | undefined {
  if (!provider) return undefined;
  const parent = extractContext(headers);
  const span = tracer().startSpan(
    `${method} ${route}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'http.route': route } },
    parent,
  );
  return { span, ctx: trace.setSpan(parent, span) };
}

export function endHttpSpan(span: Span, statusCode: number): void {
  span.setAttribute('http.response.status_code', statusCode);
  if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/**
 * The producer span of an event the relay sends (the child of the span that wrote its outbox
 * row, `traceparent` of the row) and the `traceparent` the message carries: the span's own. None
 * while tracing is off, or for a row written outside any span. End it with `endSpan`.
 */
export function startProducerSpan(
  name: string,
  rowTraceParent: string | null,
  attributes: Record<string, string | number>,
): { span: Span; traceparent: string } | undefined {
  if (!provider || !rowTraceParent) return undefined;
  const parent = extractContext({ [TRACEPARENT_HEADER]: rowTraceParent });
  const span = tracer().startSpan(name, { kind: SpanKind.PRODUCER, attributes }, parent);
  const traceparent = injectTraceHeaders({}, trace.setSpan(parent, span))[TRACEPARENT_HEADER];
  return traceparent ? { span, traceparent } : undefined;
}

/**
 * A span begun in `parent` and the context it is active in (`withContext`): for work that ends
 * later than it began, and not in one callback (a batch of consumed events, each its own span).
 * End it with `endSpan`; a span never ended is never exported.
 */
export function startSpan(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Record<string, string | number>,
): { span: Span; context: Context } {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  return { span, context: trace.setSpan(parent, span) };
}

/** Ends a span, failed (status ERROR) when `failed`. */
export function endSpan(span: Span, failed = false): void {
  if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Runs fn in a span (a consumer's handling of an event). */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  parent: Context,
  attributes: Record<string, string | number>,
  fn: () => Promise<T>,
): Promise<T> {
  const span = tracer().startSpan(name, { kind, attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), fn);
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

/** Runs fn with ctx as the active context (Fastify hooks call `done` inside it). */
export function withContext<T>(ctx: Context, fn: () => T): T {
  return context.with(ctx, fn);
}

export { SpanKind };
