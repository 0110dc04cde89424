import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allRoutes, api } from './index';
import { routeRefs } from './path';

describe('routeRefs: the contract reduced to method and path', () => {
  const refs = routeRefs(api);

  it('has every route of every group, with its method and path and nothing else', () => {
    let count = 0;
    for (const [group, routes] of Object.entries(api)) {
      for (const [name, route] of Object.entries(routes)) {
        const ref = (refs as Record<string, Record<string, unknown>>)[group]?.[name];
        expect({ group, name, ref }).toEqual({ group, name, ref: { method: route.method, path: route.path } });
        count += 1;
      }
    }
    expect(count).toBe(allRoutes.length);
  });

  it('is plain data (what the web build embeds as JSON)', () => {
    expect(JSON.parse(JSON.stringify(refs))).toEqual(refs);
  });

  it('path.ts imports nothing (the first screen loads it without zod or the schemas)', () => {
    const src = readFileSync(join(__dirname, 'path.ts'), 'utf8');
    expect(src).not.toMatch(/^\s*import\s/m);
  });
});
