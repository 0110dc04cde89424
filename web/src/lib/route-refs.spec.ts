import { describe, expect, it } from 'vitest';
import { api } from '@luxe/contracts';
import { apiRefs } from './route-refs';

describe('apiRefs (virtual:luxe-route-refs, generated from the contract at build time)', () => {
  it('names every contract route with the same method and path', () => {
    const groups = Object.entries(api);
    expect(groups.length).toBeGreaterThan(10);
    for (const [group, routes] of groups) {
      for (const [name, route] of Object.entries(routes)) {
        const ref = (apiRefs as unknown as Record<string, Record<string, unknown>>)[group]?.[name];
        expect({ group, name, ref }).toEqual({ group, name, ref: { method: route.method, path: route.path } });
      }
    }
  });

  it('carries no schema (so the landing page does not load zod)', () => {
    expect(Object.keys(apiRefs.auth.me).sort()).toEqual(['method', 'path']);
  });
});
