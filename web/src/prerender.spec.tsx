import { act, startTransition, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFirstPaintForTests } from './lib/first-paint';
import { BOOT_SCRIPT, DEFERRED_ID, pageHtml } from '../prerender.plugin';
import { AppProviders } from './app/providers';
import { createAppRouter, loadMatchedLazyRoutes } from './app/router';
import { FIRST_READ_URLS, prerender, render } from './prerender';
import { hydrate as fillCache, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client';
import { makeVenue } from './testing/venues';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { noMatchMessage } from './features/discovery/components/location-search';
import { mockVenuesByLocation } from './testing/venues';

/** Each prerendered page (vite.config.ts), the words its first paint shows and its title. */
const PAGES = [
  { path: '/', heading: 'Swipe Into Luxury Experiences', title: 'Luxury Nightlife & Yacht Parties · LuxeSwipe' },
  { path: '/events', heading: 'Browse Exclusive Events', title: 'Events · LuxeSwipe', text: 'Loading events...' },
  { path: '/login', heading: 'Welcome Back', title: 'Sign In · LuxeSwipe', text: "Don't have an account?" },
];

let root: Root | null = null;
// Each test is a page's first load: before its first paint (the build's render is, too).
beforeEach(() => {
  resetFirstPaintForTests();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

/** Puts `html` in a #root and hydrates it as main.tsx does (in a transition); what React reported (recoverable errors, console). */
async function hydrate(
  path: string,
  html: string,
  beforeCode?: (container: HTMLElement) => void,
  queryClient?: QueryClient,
) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  beforeCode?.(container);
  window.history.replaceState(null, '', path);
  const problems: string[] = [];
  const console = [vi.spyOn(globalThis.console, 'error'), vi.spyOn(globalThis.console, 'warn')];
  await loadMatchedLazyRoutes(window.location);
  const router = createAppRouter();
  await act(async () => {
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
        { onRecoverableError: (e) => problems.push(String(e)) },
      );
    });
    await new Promise((r) => setTimeout(r, 50));
  });
  problems.push(...console.flatMap((spy) => spy.mock.calls.map((c) => c.map(String).join(' '))));
  return { container, problems };
}

describe('prerendered pages (web/prerender.plugin.ts): the anonymous first view, hydrated without a mismatch', () => {
  it.each(PAGES)("$path: the page's heading and text in the markup, its own title", async (p) => {
    const page = await prerender(p.path);
    const doc = new DOMParser().parseFromString(`<div id="root">${page.html}</div>`, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe(p.heading);
    if (p.text) expect(doc.body.textContent).toContain(p.text);
    expect(page.title).toBe(p.title);
  });

  it.each(PAGES)('$path: hydrates onto the same elements with no error or warning', async (p) => {
    const { container, problems } = await hydrate(p.path, (await prerender(p.path)).html);
    const heading = container.querySelector('h1');
    expect(problems).toEqual([]);
    expect(heading?.textContent).toBe(p.heading);
    // Hydrated, not drawn again: the prerendered heading is still the one in the document.
    expect(container.querySelector('h1')).toBe(heading);
  });

  it("/: a visit in a later year than the build's hydrates without a mismatch and shows the visit's year", async () => {
    const html = (await prerender('/')).html;
    const later = new Date().getFullYear() + 1;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${later}-01-01T12:00:00Z`));
    try {
      const { container, problems } = await hydrate('/', html);
      expect(problems).toEqual([]);
      expect(container.querySelector('footer')?.textContent).toContain(`© ${later} LuxeSwipe`);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('/events: a search made before the code came is not lost', () => {
    const typeInto = (container: HTMLElement, text: string) => {
      const box = container.querySelector<HTMLInputElement>('input[role="combobox"]')!;
      box.value = text;
      return box;
    };

    it('the prerendered form is one the browser can send itself: GET /events?location=…', async () => {
      const doc = new DOMParser().parseFromString((await prerender('/events')).html, 'text/html');
      const form = doc.querySelector('form[role="search"]');
      expect([form?.getAttribute('method'), form?.getAttribute('action')]).toEqual(['get', '/events']);
      expect(form?.querySelector('input[role="combobox"]')?.getAttribute('name')).toBe('location');
    });

    it('text typed before hydration is what Search then takes', async () => {
      const requests = mockVenuesByLocation(() => []);
      const { container, problems } = await hydrate('/events', (await prerender('/events')).html, (c) =>
        typeInto(c, 'Tampa, FL'),
      );
      expect(problems).toEqual([]);
      const box = screen.getByRole('combobox', { name: 'Location' });
      expect(box).toHaveValue('Tampa, FL');
      await act(async () => fireEvent.submit(container.querySelector('form[role="search"]')!));
      await waitFor(() => expect(requests.at(-1)).toEqual({ city: 'Tampa', state: 'Florida', type: 'all' }));
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Events in Tampa, FL');
    });

    it('a field still focused shows the suggestions for what was typed once hydrated', async () => {
      mockVenuesByLocation(() => []);
      await hydrate('/events', (await prerender('/events')).html, (c) => typeInto(c, 'Mia').focus());
      const list = screen.getByRole('listbox', { name: 'City suggestions' });
      expect(list).toBeVisible();
      expect(screen.getByRole('option', { name: /^Miami, FL/ })).toBeInTheDocument();
    });

    it('/events?location=… (sent by the browser) hydrates the prerendered page, then lists that place', async () => {
      const requests = mockVenuesByLocation(() => []);
      const { problems } = await hydrate('/events?location=Tampa%2C+FL', (await prerender('/events')).html);
      expect(problems).toEqual([]);
      await waitFor(() => expect(requests.at(-1)).toEqual({ city: 'Tampa', state: 'Florida', type: 'all' }));
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Tampa, FL');
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Events in Tampa, FL');
    });

    it('a place that is none is said as Search says it, and the default list stays', async () => {
      const requests = mockVenuesByLocation(() => []);
      await hydrate('/events?location=Atlantis', (await prerender('/events')).html);
      expect(await screen.findByText(noMatchMessage('Atlantis'))).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Atlantis');
      expect(screen.getByRole('combobox', { name: 'Location' })).toHaveAttribute('aria-invalid', 'true');
      expect(requests.every((r) => r.city === 'Miami')).toBe(true);
    });
  });

  describe('/events drawn by the gateway with its first list (render, main.tsx filling the cache from its data block)', () => {
    const LIST_URL = '/api/venues/Miami/Florida/all';
    const venues = [
      makeVenue({ name: 'Biscayne Star', type: 'yacht', imageUrl: '/api/images/venues/o1/biscayne.webp' }),
      makeVenue({ name: 'Velvet Miami' }),
    ];
    /** The client's cache as main.tsx fills it from the page's data block (JSON in, JSON out). */
    const clientWith = (state: unknown) => {
      const client = createQueryClient();
      fillCache(client, JSON.parse(JSON.stringify(state)));
      return client;
    };

    it('takes only the list /events reads first (the URL the gateway preloads)', () => {
      expect(FIRST_READ_URLS).toEqual([LIST_URL]);
    });

    it("the cards are in the markup, the first photo fetched at once, and the data block holds the list's first page", async () => {
      const page = await render('/events', [{ url: LIST_URL, body: venues, nextCursor: 'next-1' }], 1_000);
      const doc = new DOMParser().parseFromString(page.html, 'text/html');
      expect([...doc.querySelectorAll('[data-testid="venue-card"] h3')].map((h) => h.textContent)).toEqual([
        'Biscayne Star',
        'Velvet Miami',
      ]);
      expect(doc.body.textContent).not.toContain('Loading events...');
      const first = doc.querySelector('[data-testid="venue-card"] img');
      expect([first?.getAttribute('src'), first?.getAttribute('fetchpriority')]).toEqual([
        '/api/images/venues/o1/biscayne.webp',
        'high',
      ]);
      expect(page.title).toBe('Events · LuxeSwipe');
      expect(page.state.queries.map((q) => [q.queryKey, q.state.data, q.state.dataUpdatedAt])).toEqual([
        [
          ['venues', 'pages', 'miami', 'florida', 'all'],
          { pages: [{ items: venues, nextCursor: 'next-1' }], pageParams: [null] },
          1_000,
        ],
      ]);
    });

    it('hydrates onto the drawn cards with no error or warning, then reads the list again (a venue list is never fresh)', async () => {
      const requests = mockVenuesByLocation(() => [venues[1]]);
      const page = await render('/events', [{ url: LIST_URL, body: venues, nextCursor: null }]);
      const { container, problems } = await hydrate('/events', page.html, undefined, clientWith(page.state));
      expect(problems).toEqual([]);
      const card = container.querySelector('[data-testid="venue-card"]');
      expect(card?.textContent).toContain('Biscayne Star');
      await waitFor(() => expect(requests).toEqual([{ city: 'Miami', state: 'Florida', type: 'all' }]));
      await waitFor(() => expect(screen.queryByRole('heading', { name: 'Biscayne Star' })).toBeNull());
      expect(screen.getByRole('heading', { name: 'Velvet Miami' })).toBeInTheDocument();
    });

    it('without its data block the drawn page does not hydrate cleanly (the check above can fail)', async () => {
      mockVenuesByLocation(() => venues);
      const page = await render('/events', [{ url: LIST_URL, body: venues, nextCursor: null }]);
      const { problems } = await hydrate('/events', page.html);
      expect(problems.join('\n')).toMatch(/hydrat/i);
    });

    it('a read of another URL, or a body that is no list, draws the page as prerendered', async () => {
      const skeleton = (await prerender('/events')).html;
      expect(
        (await render('/events', [{ url: '/api/venues/Tampa/Florida/all', body: venues, nextCursor: null }])).html,
      ).toBe(skeleton);
      expect((await render('/events', [{ url: LIST_URL, body: { not: 'a list' }, nextCursor: null }])).html).toBe(
        skeleton,
      );
    });
  });

  it('reports markup that differs from what the client renders (the check above can fail)', async () => {
    const html = (await prerender('/login')).html.replace('Welcome Back', 'Welcome Home');
    const { problems } = await hydrate('/login', html);
    expect(problems.join('\n')).toMatch(/hydrat/i);
  });
});

describe('pageHtml: a prerendered page in the built index.html', () => {
  const entry = '<script type="module" crossorigin src="/assets/index-e1.js"></script>';
  const preload = '<link rel="modulepreload" crossorigin href="/assets/react-r1.js">';
  const shell = `<!doctype html><html><head><title>LuxeSwipe</title>${entry}${preload}<link rel="stylesheet" crossorigin href="/assets/index-a1.css"></head><body><div id="root"></div></body></html>`;

  it('puts the markup in #root as it is, the title escaped, the stylesheet inline, and the preloads in the template the boot script reads after the first frame', () => {
    const html = pageHtml(
      shell,
      { html: '<p>$& costs $1</p>', title: 'Nightlife & Yachts · LuxeSwipe' },
      (f) => (f === 'assets/index-a1.css' ? 'body{color:gold}</style><script>' : ''),
      'assets/boot-b1.js',
    );
    expect(html).toBe(
      `<!doctype html><html><head><title>Nightlife &amp; Yachts · LuxeSwipe</title>${entry.replace('<script type="module"', '<script type="module" fetchpriority="low"')}<style>body{color:gold}<\\/style><script></style><template id="luxe-deferred">${preload}</template><script type="module" src="/assets/boot-b1.js"></script></head><body><div id="root"><p>$& costs $1</p></div></body></html>`,
    );
  });

  it('refuses an index.html without an empty #root or without its entry script', () => {
    expect(() => pageHtml('<div id="app"></div></head>', { html: '<p>x</p>', title: 'x' }, () => '', 'b.js')).toThrow(
      /root/,
    );
    expect(() =>
      pageHtml('<head></head><div id="root"></div>', { html: '<p>x</p>', title: 'x' }, () => '', 'b.js'),
    ).toThrow(/entry script/);
  });
});

describe('the boot script of a prerendered page', () => {
  const boot = () => new Function(BOOT_SCRIPT.replace(/\bimport\(/g, 'window.__imported('))();

  it('asks for the preloads and the entry only once the first frame is on screen (the frame after it), each once', () => {
    document.head.innerHTML = `<template id="${DEFERRED_ID}"><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-r1.js"><link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/venues/Miami/Florida/all"></template>`;
    const imported: string[] = [];
    (window as unknown as { __imported: (s: string) => void }).__imported = (s) => void imported.push(s);
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => (frames.push(cb), 1));
    vi.useFakeTimers();
    try {
      boot();
      const live = () => [...document.head.querySelectorAll(':scope > link')].map((l) => l.outerHTML);
      expect([imported, live()]).toEqual([[], []]);
      // The first frame, then the second: nothing asked for until a task after the second.
      for (let frame = 0; frame < 2; frame++) {
        frames.splice(0).forEach((cb) => cb(frame * 16));
        vi.runAllTimers();
        if (frame === 0) expect([imported, live()]).toEqual([[], []]);
      }
      expect(imported).toEqual(['/assets/index-e1.js']);
      expect(live()).toEqual([
        '<link rel="modulepreload" crossorigin="" href="/assets/react-r1.js">',
        '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/venues/Miami/Florida/all">',
      ]);
    } finally {
      vi.useRealTimers();
      raf.mockRestore();
      document.head.innerHTML = '';
    }
  });
});
