import { currentCorrelationId, CORRELATION_HEADER } from '../correlation';
import { AppError } from '../errors';
import { Actor, INTERNAL_AUTH_HEADER, InternalAuth } from '../internal-auth';

export interface InternalRequest {
  actor: Actor;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  timeoutMs?: number;
}

/**
 * The gateway's client to services: a signed actor token and the correlation id on every
 * call, a timeout, and service errors mapped back to the same status, code and message
 * (a service's 5xx becomes a plain 502 without its internals).
 */
export class InternalHttpClient {
  constructor(
    private readonly baseUrls: Record<string, string>,
    private readonly auth: InternalAuth,
    private readonly defaultTimeoutMs = 5000,
  ) {}

  async request<T>(service: string, method: string, path: string, req: InternalRequest): Promise<T> {
    const base = this.baseUrls[service];
    if (!base) throw new Error(`no URL configured for service ${service}`);
    const url = new URL(path, base);
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const cid = currentCorrelationId();
    const headers: Record<string, string> = { [INTERNAL_AUTH_HEADER]: await this.auth.sign(req.actor, cid), accept: 'application/json' };
    if (cid) headers[CORRELATION_HEADER] = cid;
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
        signal: AbortSignal.timeout(req.timeoutMs ?? this.defaultTimeoutMs),
      });
      // Reading the body is inside the same timeout and error mapping as the headers.
      text = await res.text();
    } catch (e: any) {
      if (e?.name === 'TimeoutError' || e?.name === 'AbortError') throw new AppError('UPSTREAM.TIMEOUT', 'The service took too long to answer. Please try again.', 504);
      throw new AppError('UPSTREAM.UNAVAILABLE', 'The service is unavailable. Please try again.', 503);
    }
    let parsed: any = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    if (!res.ok) {
      if (res.status >= 500) throw new AppError('UPSTREAM.ERROR', 'Something went wrong. Please try again.', 502);
      throw new AppError(parsed?.code ?? `HTTP_${res.status}`, parsed?.message ?? res.statusText, res.status, parsed?.errors);
    }
    return parsed as T;
  }
}
