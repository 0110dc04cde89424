import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEXT_CURSOR_HEADER, type Venue } from '@luxe/contracts';
import { accessibilityViolations } from '../../../testing/axe';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { createFastRetryQueryClient, makeVenue } from '../../../testing/venues';

const venues = Array.from({ length: 5 }, (_, i) => makeVenue({ name: `Club ${i + 1}` }));

/**
 * Answers GET /api/venues/{city}/{state}/{type} two venues a page, as the server pages (the next
 * page's cursor in X-Next-Cursor, none on the last); `fail(cursor)` makes that page a 503. Records
 * every cursor asked for ('' for the first page).
 */
function mockPages(fail: (cursor: string) => boolean = () => false) {
  const cursors: string[] = [];
  server.use(
    http.get('/api/venues/:city/:state/:type', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      cursors.push(cursor);
      if (fail(cursor)) return HttpResponse.json({ message: 'down' }, { status: 503 });
      const from = cursor ? Number(cursor.slice('after-'.length)) : 0;
      const items: Venue[] = venues.slice(from, from + 2);
      const more = from + 2 < venues.length;
      return HttpResponse.json(items, { headers: more ? { [NEXT_CURSOR_HEADER]: `after-${from + 2}` } : {} });
    }),
  );
  return cursors;
}

function names() {
  return within(screen.getByRole('list', { name: 'Events' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label') ?? within(a).getByRole('heading').textContent);
}

/** jsdom has no IntersectionObserver: one the test drives (`scrollIntoView()` says the end came into view). */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, observed: [] };
        observers.push(this.entry);
      }
      observe(el: Element) {
        this.entry.observed.push(el);
      }
      disconnect() {
        this.entry.observed = [];
      }
    },
  );
  return {
    scrollIntoView() {
      for (const o of observers)
        for (const el of o.observed)
          o.callback([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], null as never);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the venue list, page by page', () => {
  it('shows the first page, then the next one when "Load more" is pressed, until the last page', async () => {
    const cursors = mockPages();
    const { user } = renderApp('/events');
    expect(await screen.findByRole('article', { name: 'Club 1' })).toBeInTheDocument();
    expect(names()).toEqual(['Club 1', 'Club 2']);
    expect(cursors).toEqual(['']);

    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    expect(await screen.findByRole('article', { name: 'Club 4' })).toBeInTheDocument();
    expect(names()).toEqual(['Club 1', 'Club 2', 'Club 3', 'Club 4']);
    expect(screen.getByText('4 events shown')).toHaveAttribute('role', 'status');
    // More to come: the focus stays on the button.
    expect(screen.getByRole('button', { name: 'Load more events' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    expect(await screen.findByRole('article', { name: 'Club 5' })).toBeInTheDocument();
    expect(cursors).toEqual(['', 'after-2', 'after-4']);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    // The button went with the last page: the focus goes on at the first card it brought, not the body.
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Club 5' })).getByRole('link')).toHaveFocus(),
    );
    expect(screen.getByText('5 events shown')).toBeInTheDocument();
    expect(await accessibilityViolations()).toEqual([]);
  });

  it('loads the next page by itself when the end of the list scrolls into view', async () => {
    const observer = stubObserver();
    const cursors = mockPages();
    renderApp('/events');
    expect(await screen.findByRole('article', { name: 'Club 2' })).toBeInTheDocument();
    expect(cursors).toEqual(['']);
    observer.scrollIntoView();
    expect(await screen.findByRole('article', { name: 'Club 4' })).toBeInTheDocument();
    expect(cursors).toEqual(['', 'after-2']);
  });

  it('keeps what it shows when a next page fails, says so, and loads it when pressed again (not by itself)', async () => {
    const observer = stubObserver();
    let down = true;
    const cursors = mockPages((c) => c === 'after-2' && down);
    const { user } = renderApp('/events', { queryClient: createFastRetryQueryClient() });
    expect(await screen.findByRole('article', { name: 'Club 2' })).toBeInTheDocument();
    observer.scrollIntoView();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more events. Please try again.');
    expect(names()).toEqual(['Club 1', 'Club 2']);
    const asked = cursors.length;
    observer.scrollIntoView();
    // A request would be on its way within this time; none is (the button does not say it loads).
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.getByRole('button', { name: 'Load more events' })).toBeInTheDocument();
    expect(cursors).toHaveLength(asked);
    down = false;
    await user.click(screen.getByRole('button', { name: 'Load more events' }));
    expect(await screen.findByRole('article', { name: 'Club 4' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
