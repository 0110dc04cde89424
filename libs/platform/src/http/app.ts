import { randomUUID } from 'node:crypto';
import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Context, Span } from '@opentelemetry/api';
import { CORRELATION_HEADER, runWithCorrelation, sanitizeCorrelationId } from '../correlation';
import { endHttpSpan, startHttpSpan, tracingOn, withContext } from '../tracing';
import { AllExceptionsFilter, errorBody, sendError } from '../errors';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { PinoNestLogger } from '../nest-logger';
import { DRAINING_HEADER, type DrainState } from '../shutdown';

export interface HttpAppOptions {
  /** Largest JSON body in bytes (100 KiB unless said). */
  bodyLimit?: number;
  /** Fastify's trustProxy: whose X-Forwarded-For to believe (false, a hop count, or addresses/CIDRs). */
  trustProxy?: boolean | number | string[];
  /** Level of the line logged for a successful request: the gateway logs each at info, services at debug. */
  accessLogLevel?: 'info' | 'debug';
  /** The app's Prometheus metrics: request durations by route pattern and `GET /metrics` (none: neither). */
  metrics?: Metrics | null;
  /** `GET /metrics` on the app's own port (default true); false: measured only, served elsewhere (`listenForMetrics`). */
  metricsOnAppPort?: boolean;
  /**
   * The process's drain state: while draining, every response says `connection: close` (no
   * keep-alive socket outlives the stop) and carries the draining header (the gateway stops
   * choosing this instance).
   */
  drain?: DrainState;
}

/**
 * The same HTTP wiring for the gateway, every service and their tests: Nest on Fastify, the
 * correlation id (taken from the caller or made) for logs and outgoing calls, one access-log line
 * per request, and one exception filter for every error (Fastify's own body errors included).
 */
/** What the hooks keep on a request. */
interface Traced {
  correlationId?: string;
  trace?: { span: Span; ctx: Context } | null;
}

export async function createHttpApp(
  module: Type<unknown>,
  logger: Logger,
  opts: HttpAppOptions = {},
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: opts.bodyLimit ?? 100 * 1024,
    trustProxy: opts.trustProxy ?? false,
    logger: false,
    return503OnClosing: true,
    keepAliveTimeout: 65_000,
    // Correlation ids are ours; Fastify's request id is not used.
    genReqId: () => '',
    // The router's own refusals (a path parameter over 100 characters, a malformed percent-encoding)
    // answer with the catalogue's errors like every other one, not Fastify's bodies (414 was undocumented).
    frameworkErrors: fastifyErrorHandler(logger),
    // No Nest middleware anywhere (guards, interceptors and Fastify hooks do that work): without
    // middie, no request runs its (empty) middleware chain.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: false,
    abortOnError: false,
    bodyParser: false,
  });
  app.useLogger(new PinoNestLogger(logger));
  const fastify = app.getHttpAdapter().getInstance();
  // JSON only: any other body is refused with 415 instead of reaching a handler as text.
  fastify.removeContentTypeParser('text/plain');
  // Declared, so every request object has them from its construction: set later by a hook, they
  // gave requests a second shape, and Fastify's own code on requests polymorphic property reads.
  fastify.decorateRequest('correlationId', '');
  fastify.decorateRequest('trace', null);
  fastify.addHook('onRequest', (req, reply, done) => {
    const cid = sanitizeCorrelationId(req.headers[CORRELATION_HEADER]) ?? randomUUID();
    void reply.header(CORRELATION_HEADER, cid);
    if (opts.drain?.draining) void reply.header('connection', 'close').header(DRAINING_HEADER, '1');
    const r = req as Traced;
    r.correlationId = cid;
    // A server span per request (its parent: the caller's traceparent), named by route pattern;
    // looked at only with tracing on (`routeOptions` builds an object of a dozen fields per read).
    if (tracingOn() && !req.url.startsWith('/health') && !req.url.startsWith('/metrics'))
      r.trace = startHttpSpan(req.method, req.routeOptions?.url ?? 'unmatched', req.headers);
    done();
  });
  // After the body is read (body-stream callbacks do not keep an async context), so the handler
  // and everything it awaits see the id and the span.
  fastify.addHook('preHandler', (req, _reply, done) => {
    const r = req as Traced;
    return r.trace
      ? withContext(r.trace.ctx, () => runWithCorrelation(r.correlationId, done))
      : runWithCorrelation(r.correlationId, done);
  });
  const accessLevel = opts.accessLogLevel ?? 'debug';
  fastify.addHook('onResponse', (req, reply, done) => {
    const span = (req as Traced).trace?.span;
    if (span) endHttpSpan(span, reply.statusCode);
    const status = reply.statusCode;
    const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : accessLevel;
    // The line is built only when its level is logged (the level can change at run time): at
    // thousands of reads a second, an object and a URL split per request for nothing add up.
    if (logger.isLevelEnabled(level) && !req.url.startsWith('/health') && !req.url.startsWith('/metrics')) {
      const line = {
        method: req.method,
        url: req.url.split('?')[0],
        status,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      };
      if (status >= 500) logger.error(line, 'request failed');
      else if (status >= 400) logger.warn(line, 'request refused');
      else logger[accessLevel](line, 'request');
    }
    done();
  });
  opts.metrics?.install(fastify, { endpoint: opts.metricsOnAppPort !== false });
  app.useGlobalFilters(new AllExceptionsFilter(logger));
  return app;
}

/**
 * The error handler for routes registered on Fastify directly (the gateway's contract routes):
 * a route takes the handler in force when it is added, before Nest sets its own at init.
 */
export function fastifyErrorHandler(logger: Logger) {
  return (err: unknown, _req: unknown, reply: unknown): void => {
    const { body, retryAfterSeconds } = errorBody(err);
    if (body.statusCode >= 500) logger.error({ err, code: body.code }, 'request failed');
    sendError(reply, body, retryAfterSeconds);
  };
}

/** The URL an app listens on (port 0 resolved). */
export function listeningUrl(app: NestFastifyApplication, host: string, port: number): string {
  const addr = app.getHttpServer().address();
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown}:${typeof addr === 'object' && addr ? addr.port : port}`;
}
