import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUTH_ERRORS,
  buildPath,
  isMemberRateLimit,
  NEXT_CURSOR_HEADER,
  SERVER_ERRORS,
  type RouteDef,
} from '@luxe/contracts';
import {
  Actor,
  ANONYMOUS,
  AppError,
  InternalHttpClient,
  parseOrThrow,
  type Session,
  SessionStore,
} from '@luxe/platform';
import type { AuthRateLimiter } from '../auth/rate-limit';
import type { AdminTokens } from '../admin/admin-tokens';
import type { PublicReadCache } from '../cache/public-read-cache';

/** Everything a route's handler needs: the caller, the validated input, and the way to its service. */
export interface GatewayContext<R extends RouteDef = RouteDef> {
  route: R;
  actor: Actor;
  req: FastifyRequest;
  reply: FastifyReply;
  /** The validated body (raw input is forwarded; the service validates again). */
  body: unknown;
  /** The request body as received, for routes that keep it raw (signed webhooks). */
  rawBody?: string;
  /**
   * Calls the owning service with the request's params and query, and the request's body, or
   * `serviceBody` when the gateway composes what the service receives; its JSON text or null.
   */
  forward(serviceBody?: unknown): Promise<string | null>;
  /** The same call, parsed. */
  forwardJson<T>(serviceBody?: unknown): Promise<T>;
  /** Calls another contract route on its own service, as the same caller (composition). */
  call<T>(route: RouteDef, input: { params?: Record<string, string>; body?: unknown }): Promise<T>;
}

/** A gateway-owned handler (cookie on login and logout): returns the body to send, or null for none. */
export type GatewayHandler = (ctx: GatewayContext) => Promise<unknown>;

export interface PipelineDeps {
  services: InternalHttpClient;
  sessions: SessionStore;
  limiter: AuthRateLimiter;
  cookieName: string;
  adminTokens: AdminTokens;
  /** The cache of public reads the contract marks cacheable (none: every read is forwarded). */
  cache?: PublicReadCache;
}

/**
 * The session cookie as an actor; no cookie or an unknown one is anonymous. Answered at once (no
 * promise) when the session is kept in this gateway's memory, as it is for a member's every
 * request but the first in a while: a promise per step here is measurable at thousands a second.
 */
export function resolveActor(req: FastifyRequest, deps: PipelineDeps): Actor | Promise<Actor> {
  const token = (req.cookies as Record<string, string | undefined> | undefined)?.[deps.cookieName];
  if (!token) return { ...ANONYMOUS, ip: req.ip };
  const kept = deps.sessions.kept(token);
  return kept !== undefined ? actorOf(kept, req) : storedActor(token, req, deps);
}

async function storedActor(token: string, req: FastifyRequest, deps: PipelineDeps): Promise<Actor> {
  let s: Awaited<ReturnType<SessionStore['get']>> = null;
  try {
    s = await deps.sessions.get(token);
  } catch {
    // The session store (Redis) is down: say so, rather than treating the caller as anonymous.
    throw AppError.of(SERVER_ERRORS.UNAVAILABLE);
  }
  return actorOf(s, req);
}

function actorOf(s: (Session & { id: string }) | null, req: FastifyRequest): Actor {
  return s
    ? { role: 'member', userId: s.userId, userType: s.userType, sessionId: s.id, ip: req.ip }
    : { ...ANONYMOUS, ip: req.ip };
}

/** An admin route's caller: the admin its bearer token names (a member's session is never enough). */
export async function resolveAdmin(req: FastifyRequest, deps: PipelineDeps): Promise<Actor> {
  const { adminId } = await deps.adminTokens.verify(req.headers.authorization);
  return { role: 'admin', userId: adminId, ip: req.ip };
}

/** Refuses a caller the route's access does not admit (the service checks ownership again). */
export function checkAccess(route: RouteDef, actor: Actor): void {
  if (route.access === 'public') return;
  if (route.access === 'admin') {
    if (actor.role !== 'admin') throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
    return;
  }
  if (actor.role === 'anonymous' || !actor.userId) throw AppError.of(AUTH_ERRORS.UNAUTHENTICATED);
  if (route.access === 'venue-owner' && actor.userType !== 'venue') throw AppError.of(AUTH_ERRORS.FORBIDDEN);
}

/** The per-route steps, in order: actor, access, rate limit, validation, then the handler or a forward. */
export function routeHandler(route: RouteDef, deps: PipelineDeps, own?: GatewayHandler) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const found = route.access === 'admin' ? resolveAdmin(req, deps) : resolveActor(req, deps);
    const actor = found instanceof Promise ? await found : found;
    checkAccess(route, actor);
    if (route.rateLimit === 'register') await deps.limiter.consumeRegister(actor.ip ?? 'unknown');
    if (route.rateLimit === 'login') await deps.limiter.consumeLoginAttempt(actor.ip ?? 'unknown');
    if (isMemberRateLimit(route.rateLimit) && actor.userId)
      await deps.limiter.consumeMember(route.rateLimit, actor.userId);
    if (route.params) parseOrThrow(route.params, req.params ?? {});
    if (route.query) parseOrThrow(route.query, req.query ?? {});
    const rawBody = route.rawBody && typeof req.body === 'string' ? req.body : undefined;
    const body = route.body && !route.rawBody ? parseOrThrow(route.body, req.body ?? {}) : undefined;
    // A class counted per venue as well (door check-ins): the venue the valid body names.
    const venueId = (body as { venueId?: unknown } | undefined)?.venueId;
    if (isMemberRateLimit(route.rateLimit) && typeof venueId === 'string')
      await deps.limiter.consumeVenue(route.rateLimit, venueId);
    if (route.rateLimit === 'password-reset')
      await deps.limiter.consumePasswordReset(actor.ip ?? 'unknown', String((body as { email?: unknown }).email));
    const path = buildPath(route.path, req.params as Record<string, string>);
    reply.code(route.status);
    // A change (not a read) that succeeded: this gateway's cached reads of that service go.
    const changed = route.method !== 'GET' && deps.cache ? () => deps.cache?.changed(route.service) : undefined;
    if (own) {
      const out = await own(new Context(route, actor, req, reply, body, rawBody, path, deps.services));
      changed?.();
      if (route.status === 204 || out === null || out === undefined) return reply.send();
      return reply.send(out);
    }
    const { text, headers } = await forwardOf(route, actor, req, path, deps.services);
    changed?.();
    if (route.status === 204 || text === null) return reply.send();
    const contentType = route.contentType ?? 'application/json; charset=utf-8';
    // A paged list's next cursor is the one header of the service's answer the caller gets (and the cache keeps).
    const next = route.paged ? headers[NEXT_CURSOR_HEADER] : undefined;
    const kept = typeof next === 'string' ? { [NEXT_CURSOR_HEADER]: next } : undefined;
    if (kept) void reply.headers(kept);
    if (route.cache) deps.cache?.fill(req, route.status, text, contentType, kept);
    return reply.header('content-type', contentType).send(text);
  };
}

/** The call to the route's own service, with the request's params, query and body (or `serviceBody`). */
function forwardOf(
  route: RouteDef,
  actor: Actor,
  req: FastifyRequest,
  path: string,
  services: InternalHttpClient,
  serviceBody?: unknown,
) {
  return services.requestAnswer(route.service, route.method, path, {
    actor,
    body: serviceBody !== undefined ? serviceBody : route.body && !route.rawBody ? req.body : undefined,
    query: route.query ? (req.query as Record<string, string>) : undefined,
  });
}

/** A gateway handler's context: a class, so a request pays for no closures it does not call. */
class Context implements GatewayContext {
  constructor(
    readonly route: RouteDef,
    readonly actor: Actor,
    readonly req: FastifyRequest,
    readonly reply: FastifyReply,
    readonly body: unknown,
    readonly rawBody: string | undefined,
    private readonly path: string,
    private readonly services: InternalHttpClient,
  ) {}

  async forward(serviceBody?: unknown): Promise<string | null> {
    return (await forwardOf(this.route, this.actor, this.req, this.path, this.services, serviceBody)).text;
  }

  async forwardJson<T>(serviceBody?: unknown): Promise<T> {
    const t = await this.forward(serviceBody);
    return (t ? JSON.parse(t) : null) as T;
  }

  call<T>(other: RouteDef, input: { params?: Record<string, string>; body?: unknown }): Promise<T> {
    return this.services.request<T>(other.service, other.method, buildPath(other.path, input.params), {
      actor: this.actor,
      body: input.body,
    });
  }
}
