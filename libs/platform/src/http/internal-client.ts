import { Pool } from 'undici';
import { ERRORS_BY_CODE, UPSTREAM_ERRORS } from '@luxe/contracts';
import { currentCorrelationId, CORRELATION_HEADER } from '../correlation';
import { injectTraceHeaders } from '../tracing';
import { AppError } from '../errors';
import { Actor, INTERNAL_AUTH_HEADER, InternalTokenSigner } from '../internal-auth';

export interface InternalRequest {
  actor: Actor;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
}

/**
 * The gateway's client to services: a keep-alive connection pool per service (undici), a signed
 * actor token bound to the target and the correlation id on every call, a timeout covering the
 * whole exchange, and service errors mapped back to the same status, code and message (a
 * service's 5xx becomes a plain 502 without its internals).
 */
export class InternalHttpClient {
  private readonly pools = new Map<string, Pool>();

  constructor(
    private readonly baseUrls: Record<string, string>,
    private readonly auth: InternalTokenSigner,
    private readonly defaultTimeoutMs = 5000,
    private readonly connections = 64,
  ) {}

  private pool(service: string): Pool {
    let p = this.pools.get(service);
    if (!p) {
      const base = this.baseUrls[service];
      if (!base) throw new Error(`no URL configured for service ${service}`);
      p = new Pool(new URL(base).origin, { connections: this.connections, keepAliveTimeout: 30_000, pipelining: 1 });
      this.pools.set(service, p);
    }
    return p;
  }

  async request<T>(service: string, method: string, path: string, req: InternalRequest): Promise<T> {
    const text = await this.requestText(service, method, path, req);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** The service's successful answer as JSON text (the gateway passes it through unparsed), or null when empty. */
  async requestText(service: string, method: string, path: string, req: InternalRequest): Promise<string | null> {
    const pool = this.pool(service);
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
    injectTraceHeaders(headers);
    const body = req.body !== undefined ? JSON.stringify(req.body) : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let status: number;
    let text: string;
    // One timer per call, cleared on the answer (AbortSignal.timeout costs a DOMException each time).
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), req.timeoutMs ?? this.defaultTimeoutMs);
    try {
      const res = await pool.request({ method: method as any, path: fullPath, headers, body, signal: abort.signal });
      status = res.statusCode;
      // Reading the body is inside the same timeout and error mapping as the headers.
      text = await res.body.text();
    } catch (e: any) {
      if (abort.signal.aborted || e?.name === 'AbortError' || e?.code === 'UND_ERR_ABORTED') throw AppError.of(UPSTREAM_ERRORS.TIMEOUT);
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
      if (status >= 500 && !(documented && documented.status === status && !documented.code.startsWith('SERVER.'))) throw AppError.of(UPSTREAM_ERRORS.ERROR);
      throw new AppError(parsed?.code ?? `HTTP_${status}`, parsed?.message ?? STATUS_TEXT[status] ?? `HTTP ${status}`, status, parsed?.errors);
    }
    return text ? text : null;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pools.values()].map((p) => p.close()));
    this.pools.clear();
  }
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 413: 'Payload Too Large', 422: 'Unprocessable Entity', 429: 'Too Many Requests' };
