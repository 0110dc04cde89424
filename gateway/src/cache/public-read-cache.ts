import type Redis from 'ioredis';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isEventType, topicFor, type EventType, type RouteDef } from '@luxe/contracts';
import { EVENT_TYPE_HEADER, type EventTransport, type Logger, publish, subscribe } from '@luxe/platform';

export interface PublicReadCacheOptions {
  /** Most answers kept (the least recently used go first). */
  maxEntries?: number;
  /** Most bytes of answers kept. */
  maxBytes?: number;
  /** How long an answer may be served without any event (a safety net: events are the invalidation). */
  ttlMs?: number;
  /**
   * A second invalidation this long after each event: the service's own cache may still answer
   * the old list for a moment after the event (it refreshes right after its commit, the event
   * may be faster), and a read in that moment would otherwise be kept until the TTL.
   */
  settleMs?: number;
  now?: () => number;
}

/** An answer as it is served again: its body, media type and the headers kept with it (a page's next cursor). */
interface Answer {
  body: string;
  contentType: string;
  headers?: Readonly<Record<string, string>>;
}

interface Entry extends Answer {
  routeId: string;
  bytes: number;
  expiresAt: number;
  /** Every header of a hit (media type, `x-cache`, those kept), made once when the answer is kept. */
  hitHeaders: Readonly<Record<string, string>>;
}

/** What the miss of a request remembers until its answer comes back. */
interface PendingFill {
  route: RouteDef;
  key: string;
  generation: number;
  flight: Flight;
}

/** One forward for a key while it is missing: the same reads meanwhile wait for its answer. */
interface Flight {
  generation: number;
  answer: Promise<Answer | undefined>;
  settle(answer?: Answer): void;
}

/** The headers an answer is served again with. */
function hitHeaders(a: Answer): Record<string, string> {
  return { ...a.headers, 'content-type': a.contentType, 'x-cache': 'hit' };
}

/**
 * The gateway's in-memory cache of public reads: only GET routes the contract marks `cache`,
 * keyed by path and query, only their 200 answers, only for anonymous callers unless the route's
 * answer is the same for anyone. Bounded (entries and bytes, least recently used out first) with
 * a short TTL as a safety net; the events each route names drop its answers (every gateway follows
 * them in a consumer group of its own). Without an event transport nothing is cached.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly routesByEvent = new Map<EventType, Set<string>>();
  private readonly routesByService = new Map<string, Set<string>>();
  private readonly pending = new WeakMap<FastifyRequest, PendingFill>();
  private readonly flights = new Map<string, Flight>();
  private readonly settleTimers = new Map<EventType, NodeJS.Timeout>();
  private bytes = 0;
  /** Told of every answer kept, by the URL it is kept under (the web client's image hints learn from them). */
  private readonly storeListeners: ((url: string, body: string) => void)[] = [];
  /** Bumped by every invalidation: an answer fetched across one is not kept (it may predate the change). */
  private generation = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly ttlMs: number;
  private readonly settleMs: number;
  private readonly now: () => number;

  constructor(
    routes: readonly RouteDef[],
    private readonly cookieName: string,
    opts: PublicReadCacheOptions = {},
  ) {
    this.maxEntries = opts.maxEntries ?? 1000;
    this.maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.settleMs = opts.settleMs ?? 1000;
    this.now = opts.now ?? Date.now;
    for (const r of routes) {
      if (r.cache)
        this.routesByService.set(r.service, (this.routesByService.get(r.service) ?? new Set<string>()).add(r.id));
      for (const t of r.cache?.invalidatedBy ?? []) {
        const set = this.routesByEvent.get(t) ?? new Set<string>();
        set.add(r.id);
        this.routesByEvent.set(t, set);
      }
    }
  }

  /** The event types some cached route is invalidated by. */
  get eventTypes(): EventType[] {
    return [...this.routesByEvent.keys()];
  }

  get size(): number {
    return this.entries.size;
  }

  /** True when this request may be served from, and fill, the cache of its route. */
  cacheable(route: RouteDef, req: Pick<FastifyRequest, 'method' | 'cookies' | 'headers'>): boolean {
    if (!route.cache || route.method !== 'GET' || req.method !== 'GET') return false;
    if (route.cache.sharedWith === 'anyone') return true;
    // Anonymous only: no session cookie at all (an unknown one is anonymous too, but not worth a lookup here).
    return (
      (req.cookies as Record<string, string | undefined> | undefined)?.[this.cookieName] === undefined &&
      req.headers.authorization === undefined
    );
  }

  static key(route: RouteDef, url: string): string {
    return `${route.id} ${url}`;
  }

  /**
   * The part of a request's URL its answer depends on: path and query, or the path alone when the
   * route takes no query (the gateway forwards none; `?anything` must not fill the cache anew).
   */
  static requestKey(route: RouteDef, url: string): string {
    if (route.query) return url;
    const q = url.indexOf('?');
    return q === -1 ? url : url.slice(0, q);
  }

  get(route: RouteDef, url: string): Entry | undefined {
    const key = PublicReadCache.key(route, url);
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt <= this.now()) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  /** Keeps a 200 answer, unless an invalidation happened since `generation` (the answer may predate it). */
  set(
    route: RouteDef,
    url: string,
    status: number,
    body: string,
    contentType: string,
    generation = this.generation,
    headers?: Readonly<Record<string, string>>,
  ): boolean {
    if (!route.cache || status !== 200 || generation !== this.generation) return false;
    const bytes = Buffer.byteLength(body);
    if (bytes > this.maxBytes) return false;
    const key = PublicReadCache.key(route, url);
    this.delete(key);
    this.entries.set(key, {
      routeId: route.id,
      body,
      contentType,
      headers,
      bytes,
      expiresAt: this.now() + this.ttlMs,
      hitHeaders: hitHeaders({ body, contentType, headers }),
    });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
    for (const listener of this.storeListeners) listener(url, body);
    return true;
  }

  /** Calls `listener` with the URL and body of every answer kept from now on. */
  onStore(listener: (url: string, body: string) => void): void {
    this.storeListeners.push(listener);
  }

  /** Drops the answers of every route this event type invalidates; the number dropped. */
  invalidate(type: string): number {
    return isEventType(type) ? this.drop(this.routesByEvent.get(type)) : 0;
  }

  /**
   * A change this gateway forwarded to a service succeeded: its cached routes are dropped at once,
   * so whoever reads through this gateway next sees it (other gateways learn it by the event).
   */
  changed(service: string): number {
    return this.drop(this.routesByService.get(service));
  }

  private drop(routes: Set<string> | undefined): number {
    if (!routes) return 0;
    this.generation++;
    let dropped = 0;
    for (const [key, e] of this.entries)
      if (routes.has(e.routeId)) {
        this.delete(key);
        dropped++;
      }
    return dropped;
  }

  /** An event arrived: invalidate now, and once more when the services' own caches have settled. */
  onEvent(type: string): void {
    if (!isEventType(type) || !this.routesByEvent.has(type)) return;
    this.invalidate(type);
    if (this.settleMs <= 0 || this.settleTimers.has(type)) return;
    const t = setTimeout(() => {
      this.settleTimers.delete(type);
      this.invalidate(type);
    }, this.settleMs);
    t.unref();
    this.settleTimers.set(type, t);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  async close(): Promise<void> {
    for (const t of this.settleTimers.values()) clearTimeout(t);
    this.settleTimers.clear();
    this.clear();
    await this.subscription?.close();
    this.subscription = null;
  }
  private subscription: { close(): Promise<void> } | null = null;

  private delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }

  /**
   * The route-level onRequest hook: a hit is answered here, before the session, validation or
   * any forward. The first miss of a key forwards (`fill` keeps its answer); the same reads that
   * arrive meanwhile wait for that answer instead of all going to the service at once (when an
   * answer expires under load), and forward themselves only if it was not a 200.
   */
  hook(route: RouteDef) {
    return (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      if (!this.cacheable(route, req)) return done();
      const key = PublicReadCache.requestKey(route, req.url);
      const hit = this.get(route, key);
      // The hot path: one call for the headers made when the answer was kept.
      if (hit) return void reply.code(200).headers(hit.hitHeaders).send(hit.body);
      const flightKey = PublicReadCache.key(route, key);
      const current = this.flights.get(flightKey);
      if (current && current.generation === this.generation) {
        void current.answer.then((a) => {
          if (a) return void this.serve(reply, a);
          void reply.header('x-cache', 'miss');
          done();
        });
        return;
      }
      let settle!: Flight['settle'];
      const answer = new Promise<Answer | undefined>((r) => (settle = r));
      const flight: Flight = {
        generation: this.generation,
        answer,
        settle: (a) => {
          if (this.flights.get(flightKey) === flight) this.flights.delete(flightKey);
          settle(a);
        },
      };
      this.flights.set(flightKey, flight);
      // Whatever happens to this request (an error answer, a closed connection), the waiters go on.
      reply.raw.once('close', () => flight.settle(undefined));
      this.pending.set(req, { route, key, generation: this.generation, flight });
      void reply.header('x-cache', 'miss');
      done();
    };
  }

  /** The route-level onResponse hook: a miss that kept nothing lets its waiters forward themselves. */
  readonly responded = (req: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
    const p = this.pending.get(req);
    if (p) {
      this.pending.delete(req);
      p.flight.settle(undefined);
    }
    done();
  };

  private serve(reply: FastifyReply, a: Answer): void {
    void reply.code(200).headers(hitHeaders(a)).send(a.body);
  }

  /** The handler's answer to a remembered miss: kept when it is a 200, and given to the reads waiting for it. */
  fill(
    req: FastifyRequest,
    status: number,
    body: string,
    contentType: string,
    headers?: Readonly<Record<string, string>>,
  ): void {
    const p = this.pending.get(req);
    if (!p) return;
    this.pending.delete(req);
    this.set(p.route, p.key, status, body, contentType, p.generation, headers);
    // The waiters asked before any later change was known: the answer is as fresh as theirs would be.
    p.flight.settle(status === 200 ? { body, contentType, headers } : undefined);
  }

  /**
   * Listens to the invalidations every gateway hands on over Redis (`<prefix>luxe:public-cache`),
   * and reads the invalidating events from now on in one consumer group for all gateways
   * (`gateway.cache`): each event is read by one gateway and handed to every gateway, its own
   * included. A group per gateway pod was left behind on the broker by every pod that ever ran.
   * An invalidation missed (Redis reconnecting) is bounded by the TTL, as before the group joins.
   */
  async follow(
    transport: EventTransport,
    logger: Logger,
    redis: Redis,
    opts: { topicPrefix?: string; groupPrefix?: string } = {},
  ): Promise<void> {
    const topics = [...new Set(this.eventTypes.map((t) => topicFor(t, opts.topicPrefix ?? '')))];
    if (topics.length === 0) return;
    const channel = `${opts.topicPrefix ?? ''}luxe:public-cache`;
    this.subscription ??= await subscribe(redis, [channel], (_channel, type) =>
      type === '*' ? this.clear() : this.onEvent(type),
    );
    await transport.subscribe({
      groupId: `${opts.groupPrefix ?? ''}gateway.cache`,
      topics,
      fromBeginning: false,
      handle: async (msg) => {
        let type: string | undefined = msg.headers[EVENT_TYPE_HEADER];
        if (!type)
          try {
            type = (JSON.parse(msg.value) as { type?: string }).type;
          } catch (err) {
            logger.warn({ err }, 'public read cache: an event without a type; dropping every answer');
          }
        // '*': every gateway drops every answer (an event it cannot read might have changed any).
        await publish(redis, channel, type ?? '*');
      },
    });
  }
}
