import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { hydrate as fillCache } from '@tanstack/react-query';
import { PAGE_STATE_ID } from './app/page-state';
import { AppProviders } from './app/providers';
import { createAppRouter, loadMatchedLazyRoutes } from './app/router';
import { createQueryClient } from './lib/query-client';
import './index.css';

const container = document.getElementById('root')!;

function start(hydrate: boolean) {
  const queryClient = createQueryClient();
  // A page the server drew with its data (/events' first cards) carries that data: the first render
  // must be the server's, so the cache holds it before React takes the page over.
  const state = hydrate ? document.getElementById(PAGE_STATE_ID)?.textContent : undefined;
  if (state) fillCache(queryClient, JSON.parse(state));
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread in one long task (the page is already on screen; its links work as plain links meanwhile).
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

// A public page the build prerendered (web/prerender.plugin.ts) arrives with its markup: React takes
// it over (hydrates) instead of drawing it again. Every other page arrives empty. The matched
// screen's code loads first: a lazy route still loading would hydrate its fallback over the page.
// (No top-level await: the bundler would split the entry's modules into a chunk each.)
if (container.hasChildNodes()) void loadMatchedLazyRoutes(window.location).then(() => start(true));
else start(false);
