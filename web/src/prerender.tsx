import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { documentTitle } from './app/route-title';
import { routes } from './app/router';

/** One public page as the build writes it: the app's markup for `#root` and the document's title. */
export interface PrerenderedPage {
  html: string;
  title: string;
}

/**
 * The anonymous visitor's first render of `path`, made at build time (web/prerender.plugin.ts) with
 * the same route table and providers the browser hydrates (main.tsx): no user is stored on the
 * server, so the guards let the public page through, and a list that reads the API renders its
 * loading state (the query has not run). The router's own static rendering (data mode): matched
 * lazy routes are loaded by `query` as the browser loads them before hydrating.
 */
export async function prerender(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  // A redirect (a guard's <Navigate> renders, it does not redirect here) or an error page is no public page.
  if (context instanceof Response) throw new Error(`prerender ${path}: the router answered ${context.status}`);
  if (context.errors) throw new Error(`prerender ${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        {/* No inline hydration script (the page CSP allows scripts from 'self' only): no route has a loader. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, title: documentTitle(context.matches.map((m) => ({ handle: m.route.handle }))) };
}
