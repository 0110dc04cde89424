import {
  NEXT_CURSOR_HEADER,
  PAGE_LIMITS,
  type RouteBodyInput,
  type RouteDef,
  type RouteParamsInput,
  type RouteQueryInput,
  type RouteResponse,
} from '@luxe/contracts';
import { buildPath, type RouteRef } from '@luxe/contracts/path';
import { clearAdminToken, getAdminToken } from './auth-store';

/**
 * HTTP client for the gateway (docs/product.md#conventions-server and
 * docs/product.md#conventions-feedback).
 * - every request carries cookies (the member session is an httpOnly cookie);
 * - `Content-Type: application/json` only when there is a body;
 * - `X-Requested-With: XMLHttpRequest` always (the server's CSRF guard for mutating requests);
 * - `/api/admin/*` except `/api/admin/login` carries the stored admin bearer token, and a 401 on
 *   such a path (token expired or refused) forgets the token, so the /admin guard sends the
 *   browser to /admin-login;
 * - any non-OK response throws an ApiError whose message is `<status>: <text or status text>`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The response body parsed as JSON when possible, else the raw text (null when empty). */
  readonly body: unknown;

  constructor(status: number, statusText: string, text: string) {
    super(`${status}: ${text || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.body = parseBody(text);
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** An admin call refused for its token (the console is leaving for /admin-login: no error toast). */
export function isAdminSessionError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The server's `message` for an error, else the fallback (what the toasts show). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const message = (error.body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && typeof message[0] === 'string' && message[0].trim()) return message[0];
  }
  return fallback;
}

/** The server's error `code` (e.g. 'AUTH.RESET_TOKEN_INVALID'), or null when the answer had none. */
export function serverCode(error: unknown): string | null {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const code = (error.body as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

export function isAdminPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname.startsWith('/api/admin/') && pathname !== '/api/admin/login';
}

export interface RequestOptions {
  /** What a 401 does: throw an ApiError (default) or resolve to null. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
  /** Called with a successful response before its body is returned (a paged list reads its next cursor). */
  onResponse?: (response: Response) => void;
}

export function buildHeaders(path: string, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  if (isAdminPath(path)) {
    const token = getAdminToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }
  return headers;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: buildHeaders(path, hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: options.signal,
  });
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && isAdminPath(path)) clearAdminToken('expired');
    if (response.status === 401 && options.on401 === 'returnNull') return null as T;
    throw new ApiError(response.status, response.statusText, text);
  }
  options.onResponse?.(response);
  return (text ? parseBody(text) : null) as T;
}

export function apiGet<T>(path: string, options?: RequestOptions & { on401?: 'throw' }): Promise<T>;
export function apiGet<T>(path: string, options: RequestOptions & { on401: 'returnNull' }): Promise<T | null>;
export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  return apiRequest<T | null>('GET', path, undefined, options);
}

type Defined<T> = Exclude<T, undefined>;
type Part<K extends string, S, V> = [Defined<S>] extends [never] ? { [P in K]?: never } : { [P in K]: V };

/** What a call to a contract entry takes: exactly the parts the entry declares, typed from its schemas. */
export type CallArgs<R extends RouteDef> = Part<'params', R['params'], RouteParamsInput<R>> &
  Part<'query', R['query'], RouteQueryInput<R>> &
  Part<'body', R['body'], RouteBodyInput<R>>;

function queryString(query: Record<string, unknown> | undefined): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/**
 * Calls one `/api` contract entry: method and path from the entry, parameters filled in, and the
 * answer typed by the entry's response schema (no request or response type declared twice). Takes the
 * entry itself or its schema-free reference (`apiRefs`, for code on the first screen).
 */
export function callApi<R extends RouteDef>(
  route: R | RouteRef<R>,
  args: CallArgs<R>,
  options?: RequestOptions & { on401?: 'throw' },
): Promise<RouteResponse<R>>;
export function callApi<R extends RouteDef>(
  route: R | RouteRef<R>,
  args: CallArgs<R>,
  options: RequestOptions & { on401: 'returnNull' },
): Promise<RouteResponse<R> | null>;
export function callApi<R extends RouteDef>(
  route: R | RouteRef<R>,
  args: CallArgs<R>,
  options: RequestOptions = {},
): Promise<RouteResponse<R> | null> {
  const a = args as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  const path = buildPath(route.path, a.params) + queryString(a.query);
  return apiRequest<RouteResponse<R>>(route.method, path, a.body, options);
}

/** One page of a paged list (docs/architecture.md#paged-lists): its items and the next page's cursor (null: the last). */
export interface ApiPage<T> {
  items: T;
  nextCursor: string | null;
}

/**
 * `?limit=&cursor=` of a page of a member's list (a thread, received invites), whose call without
 * `limit` answers the whole list: the contract's default page size, from `cursor` (none: the first page).
 */
export function pageQuery(cursor: string | null): { limit: number; cursor?: string } {
  const limit = PAGE_LIMITS.default;
  return cursor ? { limit, cursor } : { limit };
}

/** Calls a paged contract entry: the body is the page's items, the `X-Next-Cursor` header the next page's cursor. */
export async function callApiPage<R extends RouteDef>(
  route: R | RouteRef<R>,
  args: CallArgs<R>,
  options: Omit<RequestOptions, 'on401' | 'onResponse'> = {},
): Promise<ApiPage<RouteResponse<R>>> {
  let nextCursor: string | null = null;
  const items = await callApi(route, args, {
    ...options,
    onResponse: (r) => (nextCursor = r.headers.get(NEXT_CURSOR_HEADER)),
  });
  return { items, nextCursor };
}
