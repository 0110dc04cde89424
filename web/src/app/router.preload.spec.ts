import { describe, expect, it } from 'vitest';
import { lazyRoutes, pathPattern } from '../../route-preload.plugin';
import { routes } from './router';
import type { RouteObject } from 'react-router-dom';
import routerSource from './router.tsx?raw';

/** Every route of the table that loads on demand, with its path. */
function lazyPaths(rs: RouteObject[]): string[] {
  return rs.flatMap((r) => [...(r.lazy && r.path ? [r.path] : []), ...lazyPaths(r.children ?? [])]);
}

describe('route preloads (web/route-preload.plugin.ts): the build finds every lazily loaded screen', () => {
  it('reads each lazy route of router.tsx with its module, none missed', () => {
    const found = lazyRoutes(routerSource);
    expect(found.map((r) => r.path).sort()).toEqual(lazyPaths(routes).sort());
    expect(found.find((r) => r.path === '/events')).toEqual({ path: '/events', module: './routes/events/events' });
    for (const r of found) expect(r.module).toMatch(/^\.\/routes\//);
  });

  it('turns route paths into patterns as the router matches them', () => {
    const m = (path: string, url: string) => new RegExp(pathPattern(path), 'i').test(url);
    expect(m('/events', '/events')).toBe(true);
    expect(m('/events', '/Events/')).toBe(true);
    expect(m('/events', '/events/x')).toBe(false);
    expect(m('/pass/:token', '/pass/abc-123')).toBe(true);
    expect(m('/pass/:token', '/pass/')).toBe(false);
    expect(m('/bookings/:bookingId/pass', '/bookings/42/pass')).toBe(true);
    expect(m('/a.b', '/aXb')).toBe(false);
  });
});
