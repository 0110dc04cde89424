import { Pool } from 'undici';
import { ERRORS_BY_CODE, UPSTREAM_ERRORS } from '@luxe/contracts';
import { currentCorrelationId, CORRELATION_HEADER, outsideRequest } from '../correlation';
import { AppError } from '../errors';
import { Actor, INTERNAL_AUTH_HEADER, InternalTokenSigner } from '../internal-auth';
import { DRAINING_HEADER } from '../shutdown';
import type { Logger } from '../logger';

export interface InternalRequest {
  actor: Actor;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  /** Sees the headers of a successful answer (the gateway passes a paged list's X-Next-Cursor on). */
  onHeaders?: (headers: Readonly<Record<string, string | string[] | undefined>>) => void;
}

/** A service's address: one base URL, several (a list, or comma-separated), one per instance. */
export type ServiceUrls = string | readonly string[];

/** The base URLs of an address (`a,b` or a list), trimmed, empty ones dropped. */
export function parseServiceUrls(urls: ServiceUrls): string[] {
  return (typeof urls === 'string' ? urls.split(',') : [...urls]).map((u) => u.trim()).filter(Boolean);
}

export interface InternalClientOptions {
  /** Keep-alive connections per instance (64). */
  connections?: number;
  /** Before the one retry of a read on the same instance (no other instance up): a short wait (100 ms). */
  retryDelayMs?: number;
  /** How often an instance out of rotation is probed on `/health/ready` (250 ms). */
  probeEveryMs?: number;
  /**
   * How often an instance in rotation is checked on `/health/live` (0: never; the gateway: 500 ms): one that
   * says it is draining, or refuses, leaves the rotation before it stops listening even when no
   * call of ours happened to reach it during its drain (a service's drain should last a few of these).
   */
  watchEveryMs?: number;
  /** Where an instance leaving or rejoining the rotation is logged. */
  logger?: Pick<Logger, 'info' | 'warn'>;
}

/** Errors of a connection that failed before any response: refused, reset, closed by the other side. */
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);
/** How long the probe of an instance out of rotation waits for its `/health/ready`. */
export const READY_PROBE_TIMEOUT_MS = 5000;
/** Methods a second attempt cannot change the effect of: the only ones retried. */
const IDEMPOTENT = new Set(['GET', 'HEAD']);

/** True for a failure of the connection itself, before any response (a retry is safe for a read). */
export function isConnectionFailure(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  const cause = (e as { cause?: { code?: unknown } })?.cause?.code;
  return (
    (typeof code === 'string' && CONNECTION_FAILURES.has(code)) ||
    (typeof cause === 'string' && CONNECTION_FAILURES.has(cause))
  );
}

/** One instance of a service: its pool and whether it is in rotation. */
class Instance {
  readonly pool: Pool;
  /** Out of rotation since it refused a connection or said it is draining; back once its readiness says 200. */
  down = false;
  /** When it left the rotation (0 while in it). */
  downSince = 0;
  private probe: NodeJS.Timeout | null = null;
  private watcher: NodeJS.Timeout | null = null;

  constructor(
    readonly service: string,
    readonly origin: string,
    connections: number,
    private readonly logger?: Pick<Logger, 'info' | 'warn'>,
    private readonly probeEveryMs = 250,
    watchEveryMs = 0,
  ) {
    this.pool = new Pool(origin, { connections, keepAliveTimeout: 30_000, pipelining: 1 });
    // An instance is made by the first call to its service, and its checks outlive that call.
    if (watchEveryMs > 0) outsideRequest(() => this.watch(watchEveryMs));
  }

  /** While in rotation, checks `/health/live` for the draining header (or a refusal). */
  private watch(everyMs: number): void {
    const tick = async () => {
      if (!this.down) {
        try {
          const res = await this.pool.request({
            method: 'GET',
            path: '/health/live',
            signal: AbortSignal.timeout(Math.max(everyMs * 4, 1000)),
          });
          await res.body.dump();
          if (res.headers[DRAINING_HEADER]) this.markDown(this.probeEveryMs, 'draining');
        } catch (e) {
          if (isConnectionFailure(e)) this.markDown(this.probeEveryMs, String((e as { code?: unknown }).code));
        }
      }
      if (this.watcher) this.watcher = setTimeout(() => void tick(), everyMs).unref();
    };
    this.watcher = setTimeout(() => void tick(), everyMs).unref();
  }

  /** Takes the instance out of rotation and probes its readiness until it answers 200. */
  markDown(everyMs: number, why: string): void {
    if (!this.down) {
      this.logger?.warn({ service: this.service, instance: this.origin, why }, 'service instance out of rotation');
      this.downSince = Date.now();
    }
    this.down = true;
    if (this.probe) return;
    const tick = async () => {
      try {
        // A service gives each dependency 2 s to answer: a shorter wait would keep a busy but
        // ready instance out of rotation (on a loaded machine, for seconds after it is up).
        const res = await this.pool.request({
          method: 'GET',
          path: '/health/ready',
          signal: AbortSignal.timeout(Math.max(everyMs * 4, READY_PROBE_TIMEOUT_MS)),
        });
        await res.body.dump();
        if (res.statusCode === 200 && !res.headers[DRAINING_HEADER]) {
          this.down = false;
          this.downSince = 0;
          this.probe = null;
          this.logger?.info({ service: this.service, instance: this.origin }, 'service instance back in rotation');
          return;
        }
      } catch {
        /* still down */
      }
      if (this.probe) this.probe = setTimeout(() => void tick(), everyMs).unref();
    };
    // Begun by a call that failed, it outlives that call.
    this.probe = outsideRequest(() => setTimeout(() => void tick(), everyMs).unref());
  }

  async close(): Promise<void> {
    if (this.probe) clearTimeout(this.probe);
    if (this.watcher) clearTimeout(this.watcher);
    this.probe = null;
    this.watcher = null;
    await this.pool.close();
  }
}

/** The instances of one service, chosen in turn among those in rotation. */
class Upstream {
  private next = 0;
  constructor(readonly instances: Instance[]) {}

  /**
   * The next instance in rotation other than `not`; when none is, the other one out of rotation
   * the longest (in a rolling restart: the one started again, whose probe may not have said so
   * yet, rather than the one that just began to drain and will soon refuse); null only when `not`
   * is the only instance.
   */
  pick(not?: Instance): Instance | null {
    const n = this.instances.length;
    for (let i = 0; i < n; i++) {
      const inst = this.instances[(this.next + i) % n];
      if (inst === not || inst.down) continue;
      this.next = (this.next + i + 1) % n;
      return inst;
    }
    let best: Instance | null = null;
    for (const inst of this.instances) if (inst !== not && (!best || inst.downSince < best.downSince)) best = inst;
    return best;
  }
}

/**
 * The gateway's client to services: a keep-alive connection pool per service instance (undici), a
 * signed actor token bound to the target and the correlation id on every call, a timeout covering
 * the whole exchange, and service errors mapped back to the same status, code and message (a
 * service's 5xx becomes a plain 502 without its internals).
 *
 * Several instances of a service (a list of URLs) are used in turn. An instance that refuses a
 * connection, or answers with the draining header (it got SIGTERM; checked on `/health/live`
 * every `watchEveryMs` besides), leaves the rotation until its
 * `/health/ready` answers 200 again. A read (GET, HEAD) whose connection fails before any answer
 * (refused, reset) is retried once, on another instance (in rotation if one is), or on the same
 * one after a short wait when it is the only one; a write (POST, PUT, PATCH, DELETE) never is: it
 * may have reached the service.
 */
export class InternalHttpClient {
  private readonly upstreams = new Map<string, Upstream>();
  private readonly connections: number;
  private readonly retryDelayMs: number;
  private readonly probeEveryMs: number;
  private readonly watchEveryMs: number;
  private readonly logger?: Pick<Logger, 'info' | 'warn'>;

  constructor(
    private readonly baseUrls: Record<string, ServiceUrls>,
    private readonly auth: InternalTokenSigner,
    private readonly defaultTimeoutMs = 5000,
    opts: InternalClientOptions | number = {},
  ) {
    const o = typeof opts === 'number' ? { connections: opts } : opts;
    this.connections = o.connections ?? 64;
    this.retryDelayMs = o.retryDelayMs ?? 100;
    this.probeEveryMs = o.probeEveryMs ?? 250;
    this.watchEveryMs = o.watchEveryMs ?? 0;
    this.logger = o.logger;
  }

  private upstream(service: string): Upstream {
    let u = this.upstreams.get(service);
    if (!u) {
      const urls = this.baseUrls[service] ? parseServiceUrls(this.baseUrls[service]) : [];
      if (urls.length === 0) throw new Error(`no URL configured for service ${service}`);
      u = new Upstream(
        urls.map(
          (url) =>
            new Instance(
              service,
              new URL(url).origin,
              this.connections,
              this.logger,
              this.probeEveryMs,
              this.watchEveryMs,
            ),
        ),
      );
      this.upstreams.set(service, u);
    }
    return u;
  }

  /** Which instances of a service are in rotation (tests, health details). */
  instances(service: string): { origin: string; up: boolean }[] {
    return this.upstream(service).instances.map((i) => ({ origin: i.origin, up: !i.down }));
  }

  async request<T>(service: string, method: string, path: string, req: InternalRequest): Promise<T> {
    const text = await this.requestText(service, method, path, req);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The service's successful answer as JSON text (the gateway passes it through unparsed), or null when empty. */
  async requestText(service: string, method: string, path: string, req: InternalRequest): Promise<string | null> {
    let fullPath = path;
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
    if ([...qs.keys()].length) fullPath += `${path.includes('?') ? '&' : '?'}${qs.toString()}`;
    const cid = currentCorrelationId();
    const headers: Record<string, string> = {
      [INTERNAL_AUTH_HEADER]: this.auth.sign(req.actor, { service, method, path: fullPath }),
      accept: 'application/json',
    };
    if (cid) headers[CORRELATION_HEADER] = cid;
    // No `traceparent` here: with tracing on, the undici instrumentation makes the call a client
    // span and adds that span's (one added here too would make the header two values, unreadable).
    const body = req.body !== undefined ? JSON.stringify(req.body) : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const upstream = this.upstream(service);
    let inst = upstream.pick()!;
    let status: number;
    let text: string;
    let answerHeaders: Record<string, string | string[] | undefined> = {};
    // One timer per call, cleared on the answer (AbortSignal.timeout costs a DOMException each time).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), req.timeoutMs ?? this.defaultTimeoutMs);
    try {
      let res: Awaited<ReturnType<Pool['request']>>;
      try {
        res = await inst.pool.request({ method: method as any, path: fullPath, headers, body, signal: abort.signal });
      } catch (e) {
        if (abort.signal.aborted || !isConnectionFailure(e)) throw e;
        inst.markDown(this.probeEveryMs, String((e as { code?: unknown }).code ?? 'connection failed'));
        if (!IDEMPOTENT.has(method.toUpperCase())) throw e;
        // A read, and no answer came: once more, on another instance (one in rotation if any; else
        // one out of it, which may be back already), or on the only one after a short wait.
        const other = upstream.pick(inst);
        if (other) inst = other;
        else await new Promise((r) => setTimeout(r, this.retryDelayMs));
        res = await inst.pool.request({ method: method as any, path: fullPath, headers, body, signal: abort.signal });
      }
      status = res.statusCode;
      answerHeaders = res.headers;
      if (res.headers[DRAINING_HEADER]) inst.markDown(this.probeEveryMs, 'draining');
      // Reading the body is inside the same timeout and error mapping as the headers.
      text = await res.body.text();
    } catch (e: any) {
      if (abort.signal.aborted || e?.name === 'AbortError' || e?.code === 'UND_ERR_ABORTED')
        throw AppError.of(UPSTREAM_ERRORS.TIMEOUT);
      throw AppError.of(UPSTREAM_ERRORS.UNAVAILABLE);
    } finally {
      clearTimeout(timer);
    }
    if (status >= 400) {
      let parsed: any = undefined;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      // A service's own failure stays opaque; a documented 5xx of the catalogue (payments not
      // configured, the card provider down) is the caller's to see.
      const documented = typeof parsed?.code === 'string' ? ERRORS_BY_CODE.get(parsed.code) : undefined;
      if (status >= 500 && !(documented && documented.status === status && !documented.code.startsWith('SERVER.')))
        throw AppError.of(UPSTREAM_ERRORS.ERROR);
      throw new AppError(
        parsed?.code ?? `HTTP_${status}`,
        parsed?.message ?? STATUS_TEXT[status] ?? `HTTP ${status}`,
        status,
        parsed?.errors,
      );
    }
    req.onHeaders?.(answerHeaders);
    return text ? text : null;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.upstreams.values()].flatMap((u) => u.instances.map((i) => i.close())));
    this.upstreams.clear();
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};
