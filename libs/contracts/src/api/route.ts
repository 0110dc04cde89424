import { z, type ZodType } from 'zod';
import type { ErrorDef } from '../errors/define';
import { isEventType, type EventType } from '../events';

export const SERVICE_NAMES = [
  'identity',
  'venues',
  'bookings',
  'social',
  'messaging',
  'payments',
  'admin',
  'notifications',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
import type { HttpMethod } from './path';

export { buildPath, routeRefs, type HttpMethod, type RouteRef, type RouteRefs } from './path';

/**
 * Who may call a route. The gateway refuses the others before forwarding; the service checks
 * ownership again (a member may only act on his own data).
 * - public: anyone; member: a signed-in user; venue-owner: a signed-in user of type venue;
 *   admin: an admin bearer token.
 */
export type Access = 'public' | 'member' | 'venue-owner' | 'admin';

/**
 * Per-member limits (one member holding slot after slot; writes a member can
 * repeat without end). Each class is counted per signed-in member over its own window, before the
 * route's service is called (a refused or invalid request counts too); past it the gateway answers
 * 429 with Retry-After. A class with `perVenue` is counted as well per the venue its request's body
 * names (`venueId`), whoever asks. The gateway's environment can scale them all
 * (RATE_LIMIT_MEMBER_SCALE, docs/configuration.md). Why each number: docs/runbook.md#runbook-member-limits.
 */
export interface MemberRateLimit {
  readonly points: number;
  readonly seconds: number;
  readonly perVenue?: { readonly points: number; readonly seconds: number };
}
export const MEMBER_RATE_LIMITS = {
  /** Holds of a slot for card payment: the live-hold cap (MAX_LIVE_HOLDS) bounds what is held, this how often. */
  'member-holds': { points: 20, seconds: 600 },
  /** Reports of a member or a message: each lands in the admins' queue. */
  'member-reports': { points: 10, seconds: 3600 },
  /** Friends a host adds (each gets an invite link and may get a picture). */
  'member-friends': { points: 50, seconds: 3600 },
  /** Invites a host sends to guests. */
  'member-invites': { points: 30, seconds: 3600 },
  /** Chat messages sent. */
  'member-messages': { points: 60, seconds: 60 },
  /** Presigned upload URLs (each may stage up to 10 MB until it is claimed or expires). */
  'member-uploads': { points: 100, seconds: 3600 },
  /** Verification emails a member asks for again (one is sent at sign-up without asking). */
  'member-verification-emails': { points: 3, seconds: 3600 },
  /** Door check-ins, a wrong code included: per owner, and per venue so a door code cannot be guessed. */
  'member-check-ins': { points: 1200, seconds: 600, perVenue: { points: 600, seconds: 600 } },
} as const satisfies Record<string, MemberRateLimit>;
export type MemberRateLimitClass = keyof typeof MEMBER_RATE_LIMITS;
export function isMemberRateLimit(c: RateLimitClass): c is MemberRateLimitClass {
  return Object.hasOwn(MEMBER_RATE_LIMITS, c);
}

/** Rate-limit classes the gateway applies (configured by environment, docs/configuration.md). */
export type RateLimitClass = 'register' | 'login' | 'password-reset' | MemberRateLimitClass | 'none';

/**
 * A public GET whose 200 answers the gateway may keep in memory (per gateway, bounded, with a
 * short time-to-live as a safety net) and serve again until one of the named events arrives.
 */
export interface RouteCache {
  /** Event types (keys of `eventDefs`) after which every cached answer of this route is dropped. */
  readonly invalidatedBy: readonly EventType[];
  /**
   * Whose answers are cached and served: `anonymous` (default) callers only, or `anyone` when the
   * answer never depends on the caller (the service ignores who asks), so signed-in callers share it.
   */
  readonly sharedWith: 'anonymous' | 'anyone';
}

/**
 * One documented `/api` route. The gateway registers it, the owning service binds its handler
 * to it, the web client calls it and the OpenAPI document describes it, all from this entry.
 */
export interface RouteDef<
  P extends ZodType | undefined = ZodType | undefined,
  Q extends ZodType | undefined = ZodType | undefined,
  B extends ZodType | undefined = ZodType | undefined,
  R extends ZodType = ZodType,
  S extends ZodType = R,
  SB extends ZodType | undefined = B,
> {
  /** Stable id, `<group>.<name>` (the OpenAPI operationId). */
  readonly id: string;
  readonly method: HttpMethod;
  /** Public path with `:name` parameters, e.g. `/api/users/:id/profile`. Services serve the same path. */
  readonly path: string;
  readonly service: ServiceName;
  readonly access: Access;
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  /**
   * What the owning service receives when the gateway composes the call (its own handler builds
   * it, e.g. from another service's answer or from the raw request). Defaults to `body`.
   */
  readonly serviceBody?: SB;
  /** Largest request body in bytes, when a route needs more than the default 100 KiB. */
  readonly bodyLimit?: number;
  /** The gateway keeps the request body as raw text for its own handler (signed webhooks). */
  readonly rawBody?: boolean;
  /** A WebSocket the gateway serves itself (the upgrade request is this GET). */
  readonly websocket?: boolean;
  /** What the caller receives (`z.null()` for an empty answer). */
  readonly response: R;
  /**
   * The answer's media type when it is not JSON (e.g. `text/calendar; charset=utf-8`): the
   * service's handler returns the text (`response` a string schema), which the service and the
   * gateway send as is with this content type. Absent: JSON.
   */
  readonly contentType?: string;
  /**
   * What the service answers when the gateway owns part of the behaviour (login: the service
   * returns a session token that the gateway turns into a cookie). Defaults to `response`.
   */
  readonly serviceResponse: S;
  /** Success status (200 unless said). */
  readonly status: number;
  readonly rateLimit: RateLimitClass;
  /** Errors this route documents beyond the common ones (validation, upstream). */
  readonly errors: readonly ErrorDef[];
  /** True when the gateway has its own handler for this route (cookie, WebSocket). */
  readonly gatewayHandler: boolean;
  /** The gateway's cache of this public read (absent: never cached). */
  readonly cache?: RouteCache;
  /**
   * A keyset-paged list (docs/architecture.md#paged-lists): `?limit=&cursor=` in its query, the
   * page's items as the body and the next page's cursor in the `X-Next-Cursor` header, which the
   * gateway passes on (and keeps with a cached answer).
   */
  readonly paged: boolean;
}

type Opt<T> = T extends ZodType ? T : undefined;

/** Declares a route with defaults filled in and its types kept exact. */
export function defineRoute<
  P extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  B extends ZodType | undefined = undefined,
  R extends ZodType = ZodType,
  S extends ZodType = R,
  SB extends ZodType | undefined = B,
>(def: {
  id: string;
  method: HttpMethod;
  path: string;
  service: ServiceName;
  access: Access;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  serviceBody?: SB;
  bodyLimit?: number;
  rawBody?: boolean;
  websocket?: boolean;
  response: R;
  contentType?: string;
  serviceResponse?: S;
  status?: number;
  rateLimit?: RateLimitClass;
  errors?: readonly ErrorDef[];
  gatewayHandler?: boolean;
  cache?: { invalidatedBy: readonly EventType[]; sharedWith?: 'anonymous' | 'anyone' };
  paged?: boolean;
}): RouteDef<Opt<P>, Opt<Q>, Opt<B>, R, S, Opt<SB>> {
  const names = [...def.path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((m) => m[1]);
  const declared = def.params instanceof z.ZodObject ? Object.keys(def.params.shape) : [];
  if (names.join(',') !== declared.join(','))
    throw new Error(`route ${def.id}: path parameters [${names}] and params schema [${declared}] differ`);
  if (def.contentType !== undefined && !(def.response instanceof z.ZodString))
    throw new Error(`route ${def.id}: a ${def.contentType} answer is text (its response schema must be a string)`);
  const rate =
    def.rateLimit && isMemberRateLimit(def.rateLimit)
      ? (MEMBER_RATE_LIMITS[def.rateLimit] as MemberRateLimit)
      : undefined;
  if (rate?.perVenue && !(def.body instanceof z.ZodObject && 'venueId' in def.body.shape))
    throw new Error(`route ${def.id}: a limit counted per venue needs the venueId in its body`);
  if (def.paged) {
    const query = def.query instanceof z.ZodObject ? Object.keys(def.query.shape) : [];
    if (
      def.method !== 'GET' ||
      !(def.response instanceof z.ZodArray) ||
      !query.includes('limit') ||
      !query.includes('cursor')
    )
      throw new Error(`route ${def.id}: a paged route is a GET of an array with ?limit=&cursor= (pageQueryFields)`);
  }
  if (def.cache) {
    if (def.method !== 'GET' || def.access !== 'public' || def.gatewayHandler || def.websocket || def.rawBody)
      throw new Error(`route ${def.id}: only a public GET the gateway forwards can be cached`);
    if (def.cache.invalidatedBy.length === 0)
      throw new Error(`route ${def.id}: a cached route names the events that invalidate it`);
    const unknown = def.cache.invalidatedBy.filter((t) => !isEventType(t));
    if (unknown.length) throw new Error(`route ${def.id}: unknown event types ${unknown.join(', ')}`);
  }
  return Object.freeze({
    ...def,
    ...(def.cache
      ? {
          cache: Object.freeze({
            invalidatedBy: Object.freeze([...def.cache.invalidatedBy]),
            sharedWith: def.cache.sharedWith ?? 'anonymous',
          }),
        }
      : {}),
    serviceResponse: (def.serviceResponse ?? def.response) as S,
    serviceBody: def.serviceBody ?? def.body,
    status: def.status ?? 200,
    rateLimit: def.rateLimit ?? 'none',
    errors: def.errors ?? [],
    gatewayHandler: def.gatewayHandler ?? false,
    paged: def.paged ?? false,
  }) as unknown as RouteDef<Opt<P>, Opt<Q>, Opt<B>, R, S, Opt<SB>>;
}

type Defined<T> = Exclude<T, undefined>;
type In<T> = [Defined<T>] extends [never] ? undefined : Defined<T> extends ZodType ? z.input<Defined<T>> : undefined;
type Out<T> = [Defined<T>] extends [never] ? undefined : Defined<T> extends ZodType ? z.output<Defined<T>> : undefined;

/** Input types as a caller writes them (before defaults and transforms). */
export type RouteParamsInput<R extends RouteDef> = In<R['params']>;
export type RouteQueryInput<R extends RouteDef> = In<R['query']>;
export type RouteBodyInput<R extends RouteDef> = In<R['body']>;
/** Parsed, validated input as a handler receives it. */
export type RouteParams<R extends RouteDef> = Out<R['params']>;
export type RouteQuery<R extends RouteDef> = Out<R['query']>;
export type RouteBody<R extends RouteDef> = Out<R['body']>;
export type RouteResponse<R extends RouteDef> = z.output<R['response']>;
export type ServiceResponse<R extends RouteDef> = z.output<R['serviceResponse']>;

/** The body the owning service receives (the gateway's composition when the route has one). */
export type RouteServiceBody<R extends RouteDef> = Out<R['serviceBody']>;

/** What a service handler receives: the parsed params, query and body of its route. */
export interface RouteInput<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteServiceBody<R>;
}
