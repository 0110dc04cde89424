import type { UIMatch } from 'react-router-dom';

/** What a route of the table (router.tsx) carries in its `handle`: its own page title (WCAG 2.4.2). */
export interface RouteHandle {
  title: string;
}

/** The product's name, after every page's own title ("Sign In · LuxeSwipe"). */
export const SITE_NAME = 'LuxeSwipe';

/** A route's `handle`: its title in the route table, the one place a page's title is written. */
export function title(text: string): RouteHandle {
  return { title: text };
}

/** The document title of the deepest matched route that has one; the site's name alone when none has. */
export function documentTitle(matches: readonly Pick<UIMatch, 'handle'>[]): string {
  const own = matches
    .map((m) => (m.handle as Partial<RouteHandle> | undefined)?.title)
    .filter((t): t is string => !!t)
    .at(-1);
  return own ? `${own} · ${SITE_NAME}` : SITE_NAME;
}
