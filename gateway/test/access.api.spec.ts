import { describe, expect, it } from '@jest/globals';
import { allRoutes, type RouteDef } from '@luxe/contracts';
import { ApiClient, validRegistration } from './support/client';
import { inject } from './support/provided';

// Every documented route that is not public refuses a caller without the right, before anything
// else: a visitor gets 401 on member and owner routes, a signed-in host gets 403 on owner routes.
// (Whose data a member may touch is checked by each feature's own tests.)
const base = inject('gatewayUrl');
const SOME_ID = '00000000-0000-4000-8000-000000000000';
const pathOf = (r: RouteDef) =>
  r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    name === 'file' ? 'x.jpg' : name === 'token' ? 'x'.repeat(32) : SOME_ID,
  );
const call = (api: ApiClient, r: RouteDef) =>
  api.call(r.method, pathOf(r), r.method === 'GET' || r.method === 'DELETE' ? undefined : {});

describe('access to every /api route', () => {
  const guarded = allRoutes.filter((r) => r.access === 'member' || r.access === 'venue-owner');

  it('covers the routes of every service that has some', () => {
    expect(new Set(guarded.map((r) => r.service))).toEqual(
      new Set(['identity', 'venues', 'bookings', 'payments', 'social', 'messaging', 'notifications']),
    );
  });

  it.each(guarded.map((r) => [`${r.method} ${r.path}`, r] as const))(
    'a visitor is refused %s (401)',
    async (_name, route) => {
      const r = await call(new ApiClient(base), route);
      expect({ route: route.id, status: r.status }).toEqual({ route: route.id, status: 401 });
    },
  );

  it('a host is refused every venue-owner route (403)', async () => {
    const host = new ApiClient(base);
    expect((await host.call('POST', '/api/auth/register', validRegistration({ userType: 'host' }))).status).toBe(201);
    const owned = allRoutes.filter((r) => r.access === 'venue-owner');
    expect(owned.length).toBeGreaterThan(10);
    for (const route of owned) {
      const r = await call(host, route);
      expect({ route: route.id, status: r.status }).toEqual({ route: route.id, status: 403 });
    }
  });
});
