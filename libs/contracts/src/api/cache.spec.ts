import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { allRoutes, api, defineRoute } from './index';
import { isEventType } from '../events';

describe('the gateway cache declared by the /api contract', () => {
  const base = {
    id: 't.cache',
    method: 'GET',
    path: '/api/t',
    service: 'venues',
    access: 'public',
    summary: 's',
    response: z.null(),
  } as const;

  it('marks the public venue reads, invalidated by venue events; the caller-independent lists are shared with anyone', () => {
    expect(api.venues.byLocation.cache).toEqual({
      invalidatedBy: expect.arrayContaining(['venues.venue-updated', 'venues.venue-approved', 'venues.venue-deleted']),
      sharedWith: 'anyone',
    });
    expect(api.venues.list.cache?.sharedWith).toBe('anyone');
    // The owner sees his own venue (and inactive sections) whatever its status: anonymous answers only.
    expect(api.venues.get.cache?.sharedWith).toBe('anonymous');
    expect(api.venues.sections.cache?.invalidatedBy).toEqual(
      expect.arrayContaining(['venues.section-changed', 'venues.section-removed', 'venues.venue-updated']),
    );
    expect(api.venues.sections.cache?.sharedWith).toBe('anonymous');
  });

  it('only ever marks public GETs, with known event types', () => {
    const cached = allRoutes.filter((r) => r.cache);
    expect(cached.length).toBeGreaterThan(0);
    for (const r of cached) {
      expect(r).toMatchObject({ method: 'GET', access: 'public', gatewayHandler: false });
      expect(r.cache!.invalidatedBy.every(isEventType)).toBe(true);
    }
  });

  it('defaults to anonymous callers only', () => {
    expect(defineRoute({ ...base, cache: { invalidatedBy: ['venues.venue-updated'] } }).cache).toEqual({
      invalidatedBy: ['venues.venue-updated'],
      sharedWith: 'anonymous',
    });
    expect(defineRoute(base).cache).toBeUndefined();
  });

  it('refuses a cache on a route that is not a public GET, without events, or with an unknown event type', () => {
    const cache = { invalidatedBy: ['venues.venue-updated'] as const };
    expect(() => defineRoute({ ...base, access: 'member', cache })).toThrow('only a public GET');
    expect(() => defineRoute({ ...base, method: 'POST', cache })).toThrow('only a public GET');
    expect(() => defineRoute({ ...base, gatewayHandler: true, cache })).toThrow('only a public GET');
    expect(() => defineRoute({ ...base, cache: { invalidatedBy: [] } })).toThrow('names the events');
    expect(() => defineRoute({ ...base, cache: { invalidatedBy: ['venues.venue-renamed' as never] } })).toThrow(
      'unknown event types venues.venue-renamed',
    );
  });
});
