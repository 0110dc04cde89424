import { waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { documentTitle, SITE_NAME, type RouteHandle } from './route-title';
import { routes } from './router';

/** Every route of the table with a path, and its handle. */
function pathRoutes(rs: RouteObject[]): { path: string; handle: Partial<RouteHandle> | undefined }[] {
  return rs.flatMap((r) => [
    ...(r.path ? [{ path: r.path, handle: r.handle as Partial<RouteHandle> | undefined }] : []),
    ...pathRoutes(r.children ?? []),
  ]);
}

describe('page titles (WCAG 2.4.2): one per route, from the route table', () => {
  it('gives every route of the table a title; only the two paths of the booking screen share one', () => {
    const all = pathRoutes(routes);
    expect(all.filter((r) => !r.handle?.title).map((r) => r.path)).toEqual([]);
    const byTitle = new Map<string, string[]>();
    for (const r of all) byTitle.set(r.handle!.title!, [...(byTitle.get(r.handle!.title!) ?? []), r.path]);
    expect([...byTitle.values()].filter((paths) => paths.length > 1)).toEqual([['/booking/:venueId', '/booking']]);
  });

  it("writes the deepest match's title before the site's name; the name alone when none has one", () => {
    expect(documentTitle([{ handle: undefined }, { handle: { title: 'Sign In' } }])).toBe(`Sign In · ${SITE_NAME}`);
    expect(documentTitle([{ handle: { title: 'Outer' } }, { handle: { title: 'Inner' } }])).toBe(
      `Inner · ${SITE_NAME}`,
    );
    expect(documentTitle([{ handle: undefined }])).toBe(SITE_NAME);
  });

  it('titles the document as the route changes', async () => {
    const { router } = renderApp('/privacy');
    await waitFor(() => expect(document.title).toBe(`Privacy Policy · ${SITE_NAME}`));
    await router.navigate('/safety');
    await waitFor(() => expect(document.title).toBe(`Safety · ${SITE_NAME}`));
  });
});
