import { getAdminToken } from './auth-store';

/**
 * HTTP client for the gateway (spec doc 1 §7 and §8).
 * - every request carries cookies (the member session is an httpOnly cookie);
 * - `Content-Type: application/json` only when there is a body;
 * - `X-Requested-With: XMLHttpRequest` always (the server's CSRF guard for mutating requests);
 * - `/api/admin/*` except `/api/admin/login` carries the stored admin bearer token;
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

/** The server's `message` for an error, else the fallback (what the toasts show). */
export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const message = (error.body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
    if (Array.isArray(message) && typeof message[0] === 'string' && message[0].trim()) return message[0];
  }
  return fallback;
}

export function isAdminPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname.startsWith('/api/admin/') && pathname !== '/api/admin/login';
}

export interface RequestOptions {
  /** What a 401 does: throw an ApiError (default) or resolve to null. */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
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

export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
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
    if (response.status === 401 && options.on401 === 'returnNull') return null as T;
    throw new ApiError(response.status, response.statusText, text);
  }
  return (text ? parseBody(text) : null) as T;
}

export function apiGet<T>(path: string, options?: RequestOptions & { on401?: 'throw' }): Promise<T>;
export function apiGet<T>(path: string, options: RequestOptions & { on401: 'returnNull' }): Promise<T | null>;
export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T | null> {
  return apiRequest<T | null>('GET', path, undefined, options);
}

export const api = {
  get: apiGet,
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};
