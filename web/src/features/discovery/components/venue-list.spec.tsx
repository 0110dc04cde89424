import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessibilityViolations } from '../../../testing/axe';
import { renderApp, screen, within } from '../../../testing/render-app';
import { pageAnswer, stubIntersectionObserver } from '../../../testing/pages';
import { server } from '../../../testing/server';
import { createFastRetryQueryClient, makeVenue } from '../../../testing/venues';

const venues = Array.from({ length: 5 }, (_, i) => makeVenue({ name: `Club ${i + 1}` }));

/**
 * Answers GET /api/venues/{city}/{state}/{type} two venues a page, as the server pages; `fail(cursor)`
 * makes that page a 503. Records every cursor asked for ('' for the first page).
 */
function mockPages(fail: (cursor: string) => boolean = () => false) {
  const cursors: string[] = [];
  server.use(
    http.get('/api/venues/:city/:state/:type', ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor') ?? '';
      if (!fail(cursor)) return pageAnswer(request, venues, { size: 2, asked: cursors });
      cursors.push(cursor);
      return HttpResponse.json({ message: 'down' }, { status: 503 });
    }),
  );
  return cursors;
}

function names() {
  return within(screen.getByRole('list', { name: 'Events' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-label') ?? within(a).getByRole('heading').textContent);
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
    const observer = stubIntersectionObserver();
    const cursors = mockPages();
    renderApp('/events');
    expect(await screen.findByRole('article', { name: 'Club 2' })).toBeInTheDocument();
    expect(cursors).toEqual(['']);
    observer.scrollIntoView();
    expect(await screen.findByRole('article', { name: 'Club 4' })).toBeInTheDocument();
    expect(cursors).toEqual(['', 'after-2']);
  });

  it('the last page loaded by itself while the keyboard reached the button: the focus goes on at the first card it brought', async () => {
    const observer = stubIntersectionObserver();
    let arrive = () => {};
    const arrived = new Promise<void>((r) => (arrive = r));
    server.use(
      http.get('/api/venues/:city/:state/:type', async ({ request }) => {
        if (new URL(request.url).searchParams.get('cursor') === 'after-4') await arrived;
        return pageAnswer(request, venues, { size: 2 });
      }),
    );
    const { user } = renderApp('/events');
    await user.click(await screen.findByRole('button', { name: 'Load more events' }));
    expect(await screen.findByRole('article', { name: 'Club 4' })).toBeInTheDocument();
    // The member is elsewhere when the end scrolls into view: the list asks for the last page.
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    observer.scrollIntoView();
    const button = await screen.findByRole('button', { name: 'Loading more events...' });
    // The keyboard reaches the button while the page is on its way.
    act(() => button.focus());
    expect(button).toHaveFocus();
    arrive();
    expect(await screen.findByRole('article', { name: 'Club 5' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'Club 5' })).getByRole('link')).toHaveFocus(),
    );
  });

  it('a page that comes while the keyboard is elsewhere leaves the focus where it is', async () => {
    const observer = stubIntersectionObserver();
    mockPages();
    const { user } = renderApp('/events');
    expect(await screen.findByRole('article', { name: 'Club 2' })).toBeInTheDocument();
    const location = screen.getByRole('combobox', { name: 'Location' });
    await user.click(location);
    observer.scrollIntoView();
    expect(await screen.findByRole('article', { name: 'Club 4' })).toBeInTheDocument();
    observer.scrollIntoView();
    expect(await screen.findByRole('article', { name: 'Club 5' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(location).toHaveFocus();
  });

  it('keeps what it shows when a next page fails, says so, and loads it when pressed again (not by itself)', async () => {
    const observer = stubIntersectionObserver();
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
