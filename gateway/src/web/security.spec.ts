import { describe, expect, it, jest } from '@jest/globals';
import { apiSecurityHeaders, csrfHook, csrfPath, isApiPath, isCsrfSuspect, staticSecurityHeaders } from './security';

function fakeReply() {
  const r: any = { statusCode: 0, headers: {} as Record<string, string>, sent: undefined as unknown };
  r.header = jest.fn((k: string, v: string) => ((r.headers[k.toLowerCase()] = v), r));
  r.getHeader = (k: string) => r.headers[k.toLowerCase()];
  r.code = jest.fn((s: number) => ((r.statusCode = s), r));
  r.send = jest.fn((b: unknown) => ((r.sent = b), r));
  return r;
}

function hook(method: string, url: string, headers: Record<string, string> = {}) {
  const reply = fakeReply();
  reply.headers['x-correlation-id'] = 'cid-csrf';
  const done = jest.fn();
  csrfHook({ method, url, headers } as any, reply, done);
  return { reply, done };
}

describe('CSRF hook', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'refuses %s /api/x without a JSON content type nor X-Requested-With',
    (method) => {
      for (const headers of [
        {} as Record<string, string>,
        { 'content-type': 'application/x-www-form-urlencoded' },
        { 'content-type': 'text/plain' },
        { 'content-type': 'multipart/form-data; boundary=x' },
      ]) {
        const { reply, done } = hook(method, '/api/x', headers);
        expect(done).not.toHaveBeenCalled();
        expect(reply.statusCode).toBe(403);
        expect(JSON.parse(reply.sent as string)).toEqual({
          statusCode: 403,
          code: 'SECURITY.CSRF',
          message: 'Request refused: send JSON or the X-Requested-With header',
          correlationId: 'cid-csrf',
        });
      }
    },
  );

  it('lets a JSON request through', () => {
    for (const ct of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const { reply, done } = hook('POST', '/api/x', { 'content-type': ct });
      expect(done).toHaveBeenCalledTimes(1);
      expect(reply.send).not.toHaveBeenCalled();
    }
  });

  it('lets a request with X-Requested-With through', () => {
    expect(hook('DELETE', '/api/auth/session', { 'x-requested-with': 'XMLHttpRequest' }).done).toHaveBeenCalledTimes(1);
  });

  it('leaves GET, HEAD and OPTIONS untouched', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) expect(isCsrfSuspect(method, '/api/x', {})).toBe(false);
  });

  it('leaves a non-/api path untouched', () => {
    expect(isCsrfSuspect('POST', '/login', {})).toBe(false);
    expect(isCsrfSuspect('POST', '/apifoo', {})).toBe(false);
  });

  // Regression: the check must be as case-insensitive as a router can be.
  it('refuses POST /API/x (upper case) without JSON nor X-Requested-With', () => {
    expect(isCsrfSuspect('POST', '/API/auth/logout', { 'content-type': 'application/x-www-form-urlencoded' })).toBe(
      true,
    );
    expect(isCsrfSuspect('post', '/Api/auth/logout', {})).toBe(true);
  });
});

describe('csrfPath', () => {
  // Regression (issue 30): the router decodes `/%61pi/auth/logout` to `/api/auth/logout`; a test
  // of the raw URL let a form post end the session.
  it('is the route pattern the router matched, whatever the URL looked like', () => {
    expect(csrfPath({ url: '/%61pi/blocks/x', routeOptions: { url: '/api/blocks/:id' } })).toBe('/api/blocks/:id');
    expect(
      isCsrfSuspect('DELETE', csrfPath({ url: '/%61pi/blocks/x', routeOptions: { url: '/api/blocks/:id' } }), {}),
    ).toBe(true);
  });

  it('without a matched route, is the URL decoded with its repeated slashes collapsed', () => {
    expect(csrfPath({ url: '/%61pi/auth/logout?x=1' })).toBe('/api/auth/logout');
    expect(csrfPath({ url: '//api//auth/logout' })).toBe('/api/auth/logout');
    expect(csrfPath({ url: '/%E0%A4%A' })).toBe('/%E0%A4%A');
    expect(isCsrfSuspect('POST', csrfPath({ url: '/%2561pi/x' }), {})).toBe(false);
  });
});

describe('staticSecurityHeaders', () => {
  it("computes helmet's headers once, with our CSP directives", () => {
    const h = staticSecurityHeaders({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'] } } });
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['content-security-policy']).toContain("default-src 'self'");
    expect(h['content-security-policy']).toContain("img-src 'self' data:");
    expect(h['x-frame-options']).toBe('SAMEORIGIN');
    expect(h).not.toHaveProperty('x-powered-by');
  });
  it('refuses a bad CSP the way helmet does', () => {
    expect(() =>
      staticSecurityHeaders({ contentSecurityPolicy: { directives: { 'default-src': ["'self';"] } } }),
    ).toThrow();
  });
});

describe('apiSecurityHeaders', () => {
  it('gives an /api answer the REST set: a CSP that allows nothing, no framing, HSTS, nosniff, no referrer', () => {
    expect(apiSecurityHeaders()).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });
  it('tells /api answers from pages, assets and the HTML docs', () => {
    expect(['/api/venues', '/api/auth/me?x=1', '/api/openapi.json'].map(isApiPath)).toEqual([true, true, true]);
    expect(
      ['/', '/events', '/assets/index.js', '/api/docs', '/api/docs/assets/swagger-ui.css', '/apix', '/api'].map(
        isApiPath,
      ),
    ).toEqual([false, false, false, false, false, false, false]);
  });
});
