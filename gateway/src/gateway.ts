import 'reflect-metadata';
import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import type Redis from 'ioredis';
import { allRoutes, NEXT_CURSOR_HEADER } from '@luxe/contracts';
import {
  type EventTransport,
  type ServiceUrls,
  type ShutdownStep,
  DrainState,
  drainStep,
  createHttpApp,
  Metrics,
  fastifyErrorHandler,
  InternalHttpClient,
  InternalTokenSigner,
  isMemoryRedis,
  listeningUrl,
  listenForMetrics,
  Logger,
  MeSnapshots,
  reachBrokerLater,
  REDIS,
  SessionStore,
  TrackedReads,
} from '@luxe/platform';
import { CookieOptions } from './auth/auth.handlers';
import { ownHandlers } from './routes/own-handlers';
import { AuthRateLimiter, RateLimits } from './auth/rate-limit';
import { serveApiDocs } from './docs/openapi';
import { GatewayHealthController, SERVICE_URLS } from './health/health.controller';
import { GatewayHandler, resolveActor, routeHandler } from './routes/pipeline';
import { AdminTokens, type AdminTokenOptions } from './admin/admin-tokens';
import { RealtimeHub, type RealtimeOptions } from './realtime/realtime.hub';
import { PublicReadCache, type PublicReadCacheOptions } from './cache/public-read-cache';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { apiSecurityHeaders, csrfHook, isApiPath, staticSecurityHeaders } from './web/security';
import { DATA_PRELOADS, ImageOrigin, listImageHints, serveWebClient } from './web/static';
import { PageRenderer } from './web/page-render';
import type { TrustProxy } from './web/trust-proxy';

export interface GatewayOptions {
  host: string;
  port: number;
  redis: Redis;
  logger: Logger;
  /** Ed25519 private key that signs internal calls (services hold the public key). */
  internalAuthPrivateKey: string;
  /** Each service's base URL, or the URLs of its instances (a list, or comma-separated). */
  serviceUrls: Record<string, ServiceUrls>;
  serviceTimeoutMs?: number;
  /** On stop, how long the gateway keeps serving with its readiness at 503 before it stops listening (default 0). */
  drainMs?: number;
  webDistDir?: string;
  cookieName?: string;
  cookieSecure?: boolean;
  /** Whose X-Forwarded-For gives the client's address (per-IP limits): none (default), a hop count, or proxy addresses/CIDRs. */
  trustProxy?: TrustProxy;
  rateLimits?: Partial<RateLimits>;
  /** Origin of the object storage browsers upload to (CSP connect-src and img-src). */
  storageOrigin?: string;
  /** Production behind TLS: the CSP asks browsers to upgrade insecure requests. */
  production?: boolean;
  /** Where `message-sent` events come from, for the real-time push (none: no push, the client refetches). */
  events?: { transport: EventTransport; topicPrefix?: string; groupPrefix?: string };
  /** Between two tries to reach an unreachable broker after start (default 5 s). */
  eventRetryMs?: number;
  /** The admin console's bearer tokens (secret shared by every gateway; unset: random per start). */
  adminTokens?: AdminTokenOptions;
  /**
   * The in-memory cache of the public reads the contract marks cacheable (default on; it needs
   * `events`, which invalidate it: without them nothing is cached). `false`: off.
   */
  publicCache?: PublicReadCacheOptions | false;
  /** The real-time sockets' ping and session re-check intervals. */
  realtime?: RealtimeOptions;
  /** Prometheus metrics (default true), served only on `metricsListener`. */
  metrics?: boolean;
  /**
   * Where `GET /metrics` is served: a listener of its own, never the gateway's public port (an
   * operator endpoint). None: no metrics are served (nor kept).
   */
  metricsListener?: { host: string; port: number };
}

export interface RunningGateway {
  app: NestFastifyApplication;
  url: string;
  /** The metrics listener's URL (`${metricsUrl}/metrics`), when there is one. */
  metricsUrl?: string;
  /** Drain (readiness 503, `connection: close`), WebSockets closed, HTTP closed after the requests in flight, service pools closed. */
  shutdownSteps(): ShutdownStep[];
  close(): Promise<void>;
}

/** Registers every /api contract entry; the gateway's own handlers where an entry says so. */
export function registerContractRoutes(
  app: NestFastifyApplication,
  deps: Parameters<typeof routeHandler>[1],
  own: Record<string, GatewayHandler>,
  logger: Logger,
  realtime?: RealtimeHub,
): void {
  const fastify = app.getHttpAdapter().getInstance();
  const missing = allRoutes.filter((r) => r.gatewayHandler && !own[r.id]).map((r) => r.id);
  if (missing.length) throw new Error(`gateway: contract entries without their gateway handler: ${missing.join(', ')}`);
  const errorHandler = fastifyErrorHandler(logger);
  // A cached route answers its hits in its own onRequest hook, before anything else of the route.
  const register = (f: typeof fastify, route: (typeof allRoutes)[number]) =>
    f.route({
      method: route.method,
      url: route.path,
      errorHandler,
      bodyLimit: route.bodyLimit,
      ...(route.cache && deps.cache ? { onRequest: deps.cache.hook(route), onResponse: deps.cache.responded } : {}),
      handler: routeHandler(route, deps, route.gatewayHandler ? own[route.id] : undefined),
    });
  for (const route of allRoutes.filter((r) => !r.rawBody && !r.websocket)) register(fastify, route);
  // WebSockets: a member's session cookie, from a page of this site only (a cross-site page
  // could otherwise open a socket with the member's cookie).
  const sockets = allRoutes.filter((r) => r.websocket);
  if (sockets.length && realtime)
    void fastify.register(async (child) => {
      await child.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
      for (const route of sockets)
        child.route({
          method: 'GET',
          url: route.path,
          errorHandler,
          handler: routeHandler(route, deps, own[route.id]),
          wsHandler: async (socket: WebSocket, req: FastifyRequest) => {
            const origin = req.headers.origin;
            if (origin && new URL(origin).host !== req.headers.host) return socket.close(4403, 'cross-site');
            const actor = await Promise.resolve()
              .then(() => resolveActor(req, deps))
              .catch(() => null);
            if (!actor?.userId || !actor.sessionId) return socket.close(4401, 'not signed in');
            realtime.attach(actor.userId, actor.sessionId, socket);
          },
        } as never);
    });
  // Routes whose handler needs the body exactly as sent (a signature is computed over it) get
  // it as text, in a context of their own.
  const raw = allRoutes.filter((r) => r.rawBody);
  if (raw.length)
    void fastify.register(async (child) => {
      child.removeContentTypeParser('application/json');
      child.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => done(null, text));
      for (const route of raw) register(child as unknown as typeof fastify, route);
    });
}

export async function startGateway(o: GatewayOptions): Promise<RunningGateway> {
  // Every signed-in request reads its session (and `/api/auth/me` the member's snapshot): kept in
  // memory until Redis says the key changed (TrackedReads), one round trip less per request.
  const tracked = TrackedReads.of(o.redis, {
    onUnavailable: (err) => o.logger.warn({ err }, 'sessions: Redis refused tracking; every read goes to Redis'),
  });
  const sessions = new SessionStore(o.redis, undefined, undefined, tracked);
  const cookie: CookieOptions = {
    name: o.cookieName ?? 'luxe_session',
    secure: o.cookieSecure ?? false,
    maxAgeMs: sessions.ttlSeconds * 1000,
  };
  const limiter = new AuthRateLimiter(
    isMemoryRedis(o.redis) ? null : o.redis,
    o.rateLimits,
    o.events?.topicPrefix ?? '',
  );
  const services = new InternalHttpClient(
    o.serviceUrls,
    new InternalTokenSigner(o.internalAuthPrivateKey),
    o.serviceTimeoutMs ?? 5000,
    {
      logger: o.logger,
      // Each instance checked twice a second: one that starts draining leaves the rotation within
      // 0.5 s, well inside a service's drain (SHUTDOWN_DRAIN_MS, 2 s by default).
      watchEveryMs: 500,
    },
  );
  const drain = new DrainState();

  @Module({
    controllers: [GatewayHealthController],
    providers: [
      { provide: REDIS, useValue: o.redis },
      { provide: SERVICE_URLS, useValue: o.serviceUrls },
      { provide: DrainState, useValue: drain },
    ],
  })
  class GatewayModule {}

  const metrics = o.metrics === false || !o.metricsListener ? null : new Metrics({ service: 'gateway' });
  metrics?.addTrackedReads(tracked.counts);
  const app = await createHttpApp(GatewayModule, o.logger, {
    trustProxy: o.trustProxy,
    accessLogLevel: 'info',
    metrics,
    metricsOnAppPort: false,
    drain,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const pageHeaders = staticSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          'https:',
          'http://127.0.0.1:*',
          'http://localhost:*',
          ...(o.storageOrigin ? [o.storageOrigin] : []),
        ],
        // Photos are PUT straight to object storage with a presigned URL.
        'connect-src': [
          "'self'",
          'http://127.0.0.1:*',
          'http://localhost:*',
          'https://api.stripe.com',
          'https://m.stripe.network',
          ...(o.storageOrigin ? [o.storageOrigin] : []),
        ],
        // The card form is Stripe's (Stripe.js and its frames), as Stripe documents for a CSP.
        'script-src': ["'self'", 'https://js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        // Only behind TLS: over plain HTTP on a LAN address it would break every asset.
        'upgrade-insecure-requests': o.production ? [] : null,
      },
    },
  });
  const apiHeaders = apiSecurityHeaders();
  fastify.addHook('onRequest', (req, reply, done) => {
    void reply.headers(isApiPath(req.url) ? apiHeaders : pageHeaders);
    done();
  });
  await app.register(fastifyCookie as any);
  fastify.addHook('onRequest', csrfHook);
  const realtime = new RealtimeHub(o.logger, o.redis, sessions, {
    ...o.realtime,
    channelPrefix: o.events?.topicPrefix,
  });
  await realtime.start();
  const cache =
    o.events && o.publicCache !== false ? new PublicReadCache(allRoutes, cookie.name, o.publicCache || {}) : undefined;
  // The pushes and the cache's invalidations come from the broker. One that cannot be reached does
  // not stop the gateway from starting (a pod restarted during a Kafka outage would crash-loop):
  // until it answers, sockets get no pushes (clients refetch on reconnect) and cached public
  // answers live out their TTL.
  const followEvents = async (events: NonNullable<GatewayOptions['events']>) => {
    await events.transport.connect();
    await realtime.follow(events.transport, events);
    if (cache) await cache.follow(events.transport, o.logger, o.redis, events);
  };
  let brokerLater: { stop(): Promise<void> } | null = null;
  if (o.events) {
    const events = o.events;
    try {
      await followEvents(events);
    } catch (err) {
      if (events.transport.kind === 'inprocess') throw err;
      o.logger.warn(
        { err },
        'the event broker cannot be reached: starting without pushes and cache invalidations until it answers',
      );
      brokerLater = reachBrokerLater(
        o.logger,
        o.eventRetryMs ?? 5000,
        () => false,
        () => followEvents(events),
      );
    }
  }
  const adminTokens = new AdminTokens(o.adminTokens);
  const imageOrigin = new ImageOrigin(o.storageOrigin);
  registerContractRoutes(
    app,
    { services, sessions, limiter, cookieName: cookie.name, adminTokens, cache },
    ownHandlers(limiter, cookie, new MeSnapshots(o.redis, undefined, tracked), adminTokens, imageOrigin),
    o.logger,
    realtime,
  );
  await serveApiDocs(fastify);
  // /events' first venue image (the page's largest paint) is hinted with the page, learnt from the cache's answers of its list.
  const images = cache ? listImageHints() : undefined;
  if (images) cache?.onStore(images.learn);
  // /events drawn with its first cards (page-render.ts), from the same read its visitors make: asked of
  // this gateway itself (its public read cache, else the venues service), as an anonymous visitor.
  const renderer = o.webDistDir
    ? new PageRenderer({
        dir: o.webDistDir,
        reads: DATA_PRELOADS,
        logger: o.logger,
        read: async (url, correlationId) => {
          const r = await fastify.inject({
            method: 'GET',
            url,
            headers: { accept: 'application/json', ...(correlationId ? { 'x-correlation-id': correlationId } : {}) },
          });
          if (r.statusCode !== 200) return undefined;
          const cursor = r.headers[NEXT_CURSOR_HEADER];
          return { body: r.body, nextCursor: typeof cursor === 'string' ? cursor : null };
        },
      })
    : undefined;
  await serveWebClient(fastify, o.webDistDir, {
    imageHints: images?.hints,
    imageOrigin,
    sessionCookie: cookie.name,
    renderer: renderer?.available ? renderer : undefined,
  });
  // No Nest shutdown hooks: main.ts (or the embedded launcher) handles the stop signals once.
  await app.listen(o.port, o.host);
  if (renderer?.available) void renderer.load();
  const metricsListener =
    metrics && o.metricsListener
      ? await listenForMetrics(metrics, o.metricsListener.host, o.metricsListener.port)
      : undefined;
  const shutdownSteps = (): ShutdownStep[] => [
    drainStep(drain, o.drainMs),
    // Open sockets are told "going away" (the web client reconnects, to another gateway).
    { name: 'broker reconnection', run: async () => void (await brokerLater?.stop()) },
    { name: 'websockets', run: () => realtime.close() },
    { name: 'public read cache', run: async () => cache?.close() },
    { name: 'http', run: () => app.close() },
    { name: 'metrics listener', run: async () => metricsListener?.close() },
    { name: 'service connections', run: () => services.close() },
    { name: 'session reads', run: () => tracked.stop() },
  ];
  let closing: Promise<void> | null = null;
  return {
    app,
    url: listeningUrl(app, o.host, o.port),
    metricsUrl: metricsListener?.url,
    shutdownSteps,
    close: () => {
      closing ??= (async () => {
        for (const step of shutdownSteps()) await step.run();
      })();
      return closing;
    },
  };
}
