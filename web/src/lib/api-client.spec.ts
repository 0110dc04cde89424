import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../testing/server';
import { api as contractApi, defineRoute } from '@luxe/contracts';
import { z } from 'zod';
import { ApiError, apiGet, apiRequest, callApi, isAdminPath, serverMessage } from './api-client';
import { STORAGE_KEYS } from './storage';

/** Records every request that reaches the mocked network. */
function captureRequests() {
  const seen: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    seen.push(request.clone());
  });
  return seen;
}

afterEach(() => server.events.removeAllListeners());

describe('api client', () => {
  it('sends cookies, the CSRF header and no content type on a GET without body', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json({ ok: true })));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const seen = captureRequests();

    await expect(apiGet('/api/things')).resolves.toEqual({ ok: true });

    const init = fetchSpy.mock.calls[0]![1]!;
    expect(init.credentials).toBe('include');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get('content-type')).toBeNull();
    expect(seen[0]!.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });

  it('sets a JSON content type only when there is a body', async () => {
    server.use(
      http.post('/api/with-body', async ({ request }) => HttpResponse.json({ got: await request.json() })),
      http.post('/api/no-body', () => new HttpResponse(null, { status: 204 })),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const seen = captureRequests();

    await expect(apiRequest('POST', '/api/with-body', { a: 1 })).resolves.toEqual({ got: { a: 1 } });
    await expect(apiRequest('POST', '/api/no-body')).resolves.toBeNull();

    expect(seen.map((r) => r.headers.get('content-type'))).toEqual(['application/json', null]);
    expect(seen.map((r) => r.headers.get('x-requested-with'))).toEqual(['XMLHttpRequest', 'XMLHttpRequest']);
    expect(fetchSpy.mock.calls.map(([, init]) => init?.credentials)).toEqual(['include', 'include']);
  });

  it('carries the stored admin token on /api/admin/* paths only, never on /api/admin/login', async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token-123');
    server.use(
      http.get('/api/admin/users', () => HttpResponse.json({ users: [] })),
      http.post('/api/admin/login', () => HttpResponse.json({ token: 't' })),
      http.get('/api/venues', () => HttpResponse.json([])),
      http.get('/api/administrators', () => HttpResponse.json([])),
    );
    const seen = captureRequests();

    await apiGet('/api/admin/users');
    await apiRequest('POST', '/api/admin/login', { email: 'a@b.co', password: 'x' });
    await apiGet('/api/venues');
    await apiGet('/api/administrators');

    expect(seen.map((r) => [new URL(r.url).pathname, r.headers.get('authorization')])).toEqual([
      ['/api/admin/users', 'Bearer admin-token-123'],
      ['/api/admin/login', null],
      ['/api/venues', null],
      ['/api/administrators', null],
    ]);
  });

  it('a 401 on an admin path forgets the admin token and its expiry; a 401 on /api/admin/login or a member path does not', async () => {
    const keep = () => {
      window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token-123');
      window.localStorage.setItem(STORAGE_KEYS.adminTokenExpiresAt, '2099-01-01T00:00:00.000Z');
    };
    const refused = () =>
      HttpResponse.json(
        {
          statusCode: 401,
          code: 'ADMIN.SESSION_EXPIRED',
          message: 'Your admin session has expired. Please sign in again.',
        },
        { status: 401 },
      );
    server.use(
      http.post('/api/admin/login', refused),
      http.get('/api/auth/me', refused),
      http.get('/api/admin/users', refused),
    );

    keep();
    await expect(apiRequest('POST', '/api/admin/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
    });
    await expect(apiGet('/api/auth/me')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('admin-token-123');

    await expect(apiGet('/api/admin/users?page=2')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.adminTokenExpiresAt)).toBeNull();
  });

  it('sends no bearer header once the stored expiry has passed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.adminToken, 'admin-token-123');
    window.localStorage.setItem(STORAGE_KEYS.adminTokenExpiresAt, new Date(Date.now() - 1000).toISOString());
    server.use(http.get('/api/admin/session', () => HttpResponse.json({})));
    const seen = captureRequests();
    await apiGet('/api/admin/session');
    expect(seen[0]!.headers.get('authorization')).toBeNull();
  });

  it('recognises admin paths with a query string', () => {
    expect(isAdminPath('/api/admin/users?search=x')).toBe(true);
    expect(isAdminPath('/api/admin/login?next=1')).toBe(false);
    expect(isAdminPath('/api/adminx')).toBe(false);
  });

  it('throws an ApiError "<status>: <text>" exposing the status and the parsed body', async () => {
    const body = { statusCode: 409, code: 'AUTH.EMAIL_TAKEN', message: 'An account with this email already exists' };
    server.use(http.post('/api/auth/register', () => HttpResponse.json(body, { status: 409 })));

    const error = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`409: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).body).toEqual(body);
    expect(serverMessage(error, 'Please try again')).toBe('An account with this email already exists');
  });

  it('uses the status text when the error response is empty, and serverMessage falls back', async () => {
    server.use(
      http.get('/api/empty', () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' })),
    );

    const error = await apiGet('/api/empty').catch((e: unknown) => e);

    expect((error as ApiError).message).toBe('503: Service Unavailable');
    expect((error as ApiError).body).toBeNull();
    expect(serverMessage(error, 'Please try again')).toBe('Please try again');
    expect(serverMessage(new TypeError('Failed to fetch'), 'Please try again')).toBe('Please try again');
  });

  it('keeps a plain-text error body as text', async () => {
    server.use(http.get('/api/text', () => new HttpResponse('Bad gateway upstream', { status: 502 })));
    const error = (await apiGet('/api/text').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('502: Bad gateway upstream');
    expect(error.body).toBe('Bad gateway upstream');
  });

  it('GET throws on 401 by default and returns null with on401: returnNull', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })));

    await expect(apiGet('/api/auth/me')).rejects.toMatchObject({
      status: 401,
      message: '401: {"message":"Not authenticated"}',
    });
    await expect(apiGet('/api/auth/me', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('returnNull applies to 401 only: other errors still throw', async () => {
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    await expect(apiGet('/api/auth/me', { on401: 'returnNull' })).rejects.toMatchObject({ status: 500 });
  });
});

describe('callApi (typed from the /api contract)', () => {
  const getVenue = defineRoute({
    id: 'test.venue',
    method: 'GET',
    path: '/api/test-venues/:city/:state',
    service: 'venues',
    access: 'public',
    summary: 't',
    params: z.object({ city: z.string(), state: z.string() }),
    query: z.object({ type: z.enum(['all', 'club']).optional() }),
    response: z.array(z.object({ name: z.string() })),
  });

  it('uses the entry method and path, fills and encodes its parameters, and adds the query', async () => {
    server.use(
      http.get('/api/test-venues/:city/:state', ({ params, request }) =>
        HttpResponse.json([
          { name: `${params.city}|${params.state}|${new URL(request.url).searchParams.get('type')}` },
        ]),
      ),
    );
    const seen = captureRequests();
    const out = await callApi(getVenue, { params: { city: 'New York', state: 'NY' }, query: { type: 'club' } });
    expect(out).toEqual([{ name: 'New York|NY|club' }]);
    expect(new URL(seen[0]!.url).pathname).toBe('/api/test-venues/New%20York/NY');
    expect(seen[0]!.method).toBe('GET');
  });

  it('sends the body of a POST entry as JSON and types the answer', async () => {
    server.use(
      http.post('/api/auth/login', async ({ request }) => HttpResponse.json({ echoed: await request.json() })),
    );
    const seen = captureRequests();
    await callApi(contractApi.auth.login, { body: { email: 'a@b.co', password: 'secret-pw' } });
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('refuses at compile time what the entry does not declare', () => {
    // @ts-expect-error params are required for an entry with path parameters
    expect(() => callApi(getVenue, {})).toThrow('missing path parameter city');
    // @ts-expect-error a body is not part of a GET entry
    void callApi(contractApi.auth.me, { body: { x: 1 } }, { on401: 'returnNull' }).catch(() => undefined);
  });
});
