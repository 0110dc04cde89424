import type { FastifyReply, FastifyRequest } from 'fastify';
import { SECURITY_ERRORS } from '@luxe/contracts';
import { AppError, errorBody, sendError } from '@luxe/platform';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when a mutating /api request carries neither a JSON content type nor X-Requested-With. */
export function isCsrfSuspect(method: string, url: string, headers: Record<string, unknown>): boolean {
  // Paths are compared case-insensitively, as a router might match them.
  if (!MUTATING.has(method.toUpperCase()) || !url.toLowerCase().startsWith('/api/')) return false;
  const ct = String(headers['content-type'] ?? '').toLowerCase();
  return !(ct.startsWith('application/json') || headers['x-requested-with']);
}

/**
 * CSRF defence for cookie-authenticated calls, as an onRequest hook (before the body is read):
 * a mutating /api request must carry a JSON content type or the X-Requested-With header,
 * neither of which a cross-site form can send.
 */
export function csrfHook(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (!isCsrfSuspect(req.method, req.url, req.headers)) return done();
  const { body } = errorBody(AppError.of(SECURITY_ERRORS.CSRF));
  sendError(reply, body);
}
