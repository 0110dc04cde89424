import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@luxe/platform';
import { csrfGuard } from './security';

function call(req: { method: string; path: string; headers?: Record<string, string> }) {
  const next = vi.fn();
  csrfGuard()({ headers: {}, ...req }, {}, next);
  expect(next).toHaveBeenCalledTimes(1);
  return next.mock.calls[0] as unknown[];
}

describe('csrfGuard', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('refuses %s /api/x without a JSON content type nor X-Requested-With', (method) => {
    for (const headers of [{}, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'text/plain' }, { 'content-type': 'multipart/form-data; boundary=x' }]) {
      const [err] = call({ method, path: '/api/x', headers });
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(403);
      expect((err as AppError).code).toBe('SECURITY.CSRF');
    }
  });

  it('lets a JSON request through', () => {
    expect(call({ method: 'POST', path: '/api/x', headers: { 'content-type': 'application/json' } })).toEqual([]);
    expect(call({ method: 'POST', path: '/api/x', headers: { 'content-type': 'application/json; charset=utf-8' } })).toEqual([]);
  });

  it('lets a request with X-Requested-With through', () => {
    expect(call({ method: 'DELETE', path: '/api/auth/session', headers: { 'x-requested-with': 'XMLHttpRequest' } })).toEqual([]);
  });

  it('leaves GET, HEAD and OPTIONS untouched', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(call({ method, path: '/api/x' })).toEqual([]);
  });

  it('leaves a non-/api path untouched', () => {
    expect(call({ method: 'POST', path: '/login' })).toEqual([]);
    expect(call({ method: 'POST', path: '/apifoo' })).toEqual([]);
  });

  // KNOWN WEAKNESS (security.ts:11): the /api/ check is case-sensitive while Express routing is not,
  // so `POST /API/auth/logout` with a form content type skips the guard and still reaches the
  // AuthController route (checked against express 5.2.1). SameSite=Lax on the session cookie limits
  // the impact. 
  it('refuses POST /API/x (upper case) without JSON nor X-Requested-With', () => {
    const [err] = call({ method: 'POST', path: '/API/auth/logout', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(err).toBeInstanceOf(AppError);
  });
});
