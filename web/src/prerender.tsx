import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { buildPath } from '@luxe/contracts/path';
import { DEFAULT_VENUE_LOCATION, DEFAULT_VENUE_TYPE_FILTER, type Venue } from '@luxe/contracts';
import { AppProviders } from './app/providers';
import { documentTitle } from './app/route-title';
import { routes } from './app/router';
import { getVenuePagesQueryOptions } from './features/discovery/api/venues';
import { apiRefs } from './lib/route-refs';
import { createQueryClient } from './lib/query-client';

/** One public page as the build writes it: the app's markup for `#root` and the document's title. */
export interface PrerenderedPage {
  html: string;
  title: string;
}

/** A page drawn with data: its markup, title, and the reads it was drawn from (main.tsx fills the client's cache with them). */
export interface RenderedPage extends PrerenderedPage {
  state: DehydratedState;
}

/**
 * An API read a page's first render needs, made by the server as the page's own code would make it
 * (the gateway's `/events`: the default place's list, from its public read cache): the URL, the
 * JSON answer and the page's next cursor (the `x-next-cursor` header).
 */
export interface FirstRead {
  url: string;
  body: unknown;
  nextCursor: string | null;
}

/** The first list of /events (the default place, every type): what VenueList asks for first. */
const FIRST_VENUE_LIST = { ...DEFAULT_VENUE_LOCATION, type: DEFAULT_VENUE_TYPE_FILTER };

/**
 * The reads a server may draw a page with, by URL, each with where it goes in the client's cache: the
 * very query the screen's first render reads (the same options object), so the render that hydrates
 * finds it. A URL not here is not used (the gateway names its reads from the same contract constants).
 */
const SEEDS: Record<string, (client: QueryClient, read: FirstRead, at: number) => void> = {
  [buildPath(apiRefs.venues.byLocation.path, FIRST_VENUE_LIST)]: (client, read, at) => {
    if (!Array.isArray(read.body)) return;
    client.setQueryData(
      getVenuePagesQueryOptions(FIRST_VENUE_LIST).queryKey,
      { pages: [{ items: read.body as Venue[], nextCursor: read.nextCursor }], pageParams: [null] },
      { updatedAt: at },
    );
  },
};

/** The URLs `render` can draw a page with (the gateway asks only for these). */
export const FIRST_READ_URLS: readonly string[] = Object.keys(SEEDS);

async function renderWith(path: string, client: QueryClient): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  // A redirect (a guard's <Navigate> renders, it does not redirect here) or an error page is no public page.
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered ${context.status}`);
  if (context.errors) throw new Error(`prerender ${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={client}>
        {/* No inline hydration script (the page CSP allows scripts from 'self' only): no route has a loader. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: documentTitle(context.matches.map((m) => ({ handle: m.route.handle }))) };
}

/**
 * The anonymous visitor's first render of `path`, made at build time (web/prerender.plugin.ts) with
 * the same route table and providers the browser hydrates (main.tsx): no user is stored on the
 * server, so the guards let the public page through, and a list that reads the API renders its
 * loading state (the query has not run). The router's own static rendering (data mode): matched
 * lazy routes are loaded by `query` as the browser loads them before hydrating.
 */
export function prerender(path: string): Promise<PrerenderedPage> {
  return renderWith(path, createQueryClient());
}

/**
 * The same page drawn with the reads the server made for it (the gateway, at each anonymous visit
 * of `/events`: its first cards in the HTML, its largest paint no longer waiting for the scripts
 * and the list). `at` is when the reads were made (the client's cache takes them as of then; a
 * venue list is never fresh, so the client reads it again once hydrated, as before).
 */
export async function render(path: string, reads: readonly FirstRead[], at = Date.now()): Promise<RenderedPage> {
  const client = createQueryClient();
  for (const read of reads) SEEDS[read.url]?.(client, read, at);
  const page = await renderWith(path, client);
  return { ...page, state: dehydrate(client) };
}
