import helmet from 'helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_ERRORS } from '@luxe/contracts';
import { AppError, errorBody, sendError } from '@luxe/platform';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * True when a mutating /api request carries neither a JSON content type nor X-Requested-With.
 * `path` is the route pattern the router matched (see `csrfPath`), not the raw URL.
 */
export function isCsrfSuspect(method: string, path: string, headers: Record<string, unknown>): boolean {
  // Paths are compared case-insensitively, as a router might match them.
  if (!MUTATING.has(method.toUpperCase()) || !path.toLowerCase().startsWith('/api/')) return false;
  const ct = String(headers['content-type'] ?? '').toLowerCase();
  return !(ct.startsWith('application/json') || headers['x-requested-with']);
}

/**
 * The path the CSRF rule judges: the pattern of the route the router matched (`/api/blocks/:id`),
 * since the router decodes the URL (`/%61pi/auth/logout` reaches `/api/auth/logout`) and a string
 * test of the raw URL let such a request through. No route matched: the URL decoded, its repeated
 * slashes collapsed (it answers 404 anyway, but nothing under /api is let through on a technicality).
 */
export function csrfPath(req: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const route = req.routeOptions?.url;
  if (route) return route;
  const path = req.url.split('?')[0];
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judged as sent.
  }
  return decoded.replace(/\/+/g, '/');
}

/**
 * CSRF defence for cookie-authenticated calls, as an onRequest hook (after routing, before the
 * body is read): a mutating request of an /api route must carry a JSON content type or the
 * X-Requested-With header, neither of which a cross-site form can send.
 */
export function csrfHook(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  // A read is never suspect: its path (a dozen-field `routeOptions` object per read) is not looked at.
  if (!MUTATING.has(req.method.toUpperCase())) return done();
  if (!isCsrfSuspect(req.method, csrfPath(req), req.headers)) return done();
  const { body } = errorBody(AppError.of(SECURITY_ERRORS.CSRF));
  sendError(reply, body);
}

/**
 * The security headers helmet would set, computed once at start: they do not vary per request,
 * and building helmet per request (as its Fastify plugin does) costs a CSP parse every time.
 */
export function staticSecurityHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (k: string, v: string | number | string[]) =>
      void (headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v)),
    removeHeader: (k: string) => void delete headers[k.toLowerCase()],
    getHeader: (k: string) => headers[k.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as never, res as never, (err?: unknown) => void (failed = err));
  if (failed) throw failed;
  return headers;
}

/**
 * The security headers of an /api answer (JSON, read by scripts, never rendered as a page), as the
 * OWASP REST Security Cheat Sheet gives them: a CSP that allows nothing and no framing, HSTS,
 * nosniff, X-Frame-Options DENY, no referrer, same-origin resources. The headers that only mean
 * something for a document (the page's CSP sources, COOP, Origin-Agent-Cluster, DNS prefetch,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) stay on the pages: on
 * every API answer they would be hundreds of bytes, and header work, that no JSON reader uses.
 */
export function apiSecurityHeaders(): Record<string, string> {
  return staticSecurityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/** True for a path answered by the /api surface (JSON), false for pages, assets and the API's HTML docs. */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}
