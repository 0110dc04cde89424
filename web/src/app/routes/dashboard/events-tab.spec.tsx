import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../../../testing/fixtures';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { createFastRetryQueryClient, makeVenue, mockVenuesByLocation } from '../../../testing/venues';

const member = makeUser({ firstName: 'Ava', city: 'Tampa, FL', state: 'Florida', profileImages: ['/img/ava.jpg'] });
const yacht = makeVenue({
  name: 'Sea Breeze',
  type: 'yacht',
  subtype: null,
  city: 'Tampa, FL',
  capacity: 24,
  formattedPrice: '$900/hr',
});
const club = makeVenue({
  name: 'Velvet Room',
  type: 'club',
  city: 'Tampa, FL',
  capacity: 300,
  formattedPrice: '$1,250/hr',
});

describe('dashboard Events tab (list)', () => {
  it("lists the venues of the member's own city, with loading text first, and cards that book at /booking/{id}", async () => {
    await signIn(member);
    const requests = mockVenuesByLocation(async () => {
      await delay(30);
      return [yacht, club];
    });
    const { user, location } = renderApp('/dashboard?tab=events');
    expect(await screen.findByText('Loading venues...')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Sea Breeze' });
    expect(requests).toEqual([{ city: 'Tampa', state: 'Florida', type: 'all' }]);
    expect(screen.queryByText('Loading venues...')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search by city or state' })).toHaveValue('Tampa, FL');

    expect(within(card).getByRole('img', { name: 'Photo of Sea Breeze' })).toHaveAttribute('src', yacht.imageUrl);
    expect(within(card).getByTestId('venue-type')).toHaveTextContent(/^Yacht$/);
    expect(within(card).getByTestId('venue-place')).toHaveTextContent(/^Tampa, FL$/);
    expect(within(card).getByTestId('venue-capacity')).toHaveTextContent('Up to 24 guests');
    expect(within(card).getByTestId('venue-price')).toHaveTextContent(/^\$900\/hr$/);
    expect(within(card).queryByTestId('venue-description')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Velvet Room' })).getByTestId('venue-type')).toHaveTextContent(
      /^Club$/,
    );

    const bookIt = within(card).getByRole('link', { name: /^Book It/ });
    expect(bookIt).toHaveAttribute('href', `/booking/${yacht.id}`);
    await user.click(bookIt);
    await waitFor(() => expect(location()).toBe(`/booking/${yacht.id}`));
  });

  it('starts at Miami, Florida when the member has no location', async () => {
    await signIn(makeUser({ city: '', state: '', profileImages: ['/img/ava.jpg'] }));
    const requests = mockVenuesByLocation(() => []);
    renderApp('/dashboard?tab=events');
    expect(await screen.findByText('No Venues Found')).toBeInTheDocument();
    expect(requests).toEqual([{ city: 'Miami', state: 'Florida', type: 'all' }]);
  });

  it('the search and the filter change the query', async () => {
    await signIn(member);
    const requests = mockVenuesByLocation(({ city, type }) => (city === 'Austin' && type === 'club' ? [club] : []));
    const { user } = renderApp('/dashboard?tab=events');
    expect(await screen.findByText('No Venues Found')).toBeInTheDocument();

    const input = screen.getByRole('combobox', { name: 'Search by city or state' });
    await user.clear(input);
    await user.type(input, 'Aus');
    await user.click(await screen.findByRole('option', { name: /Austin, TX/ }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ city: 'Austin', state: 'Texas', type: 'all' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Venues in Austin, TX' })).toBeInTheDocument();

    const group = screen.getByRole('group', { name: 'Filter by type' });
    await user.click(within(group).getByRole('button', { name: 'Clubs' }));
    expect(within(group).getByRole('button', { name: 'Clubs' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('article', { name: 'Velvet Room' })).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ city: 'Austin', state: 'Texas', type: 'club' });
    expect(requests).toHaveLength(3);
  });

  it('searches a state alone by name or code, and Enter on a text that matches nothing picks no city (issue 31.10)', async () => {
    await signIn(member);
    const cityRequests = mockVenuesByLocation(() => []);
    const stateRequests: string[] = [];
    const neon = makeVenue({ name: 'Neon Desert', type: 'club', city: 'Las Vegas', state: 'Nevada' });
    server.use(
      http.get('/api/venues', ({ request }) => {
        const q = new URL(request.url).searchParams;
        stateRequests.push(`${q.get('state')}|${q.get('type')}`);
        return HttpResponse.json(q.get('state') === 'Nevada' ? [neon] : []);
      }),
    );
    const { user } = renderApp('/dashboard?tab=events');
    expect(await screen.findByText('No Venues Found')).toBeInTheDocument();
    const input = screen.getByRole('combobox', { name: 'Search by city or state' });

    // 'NV' + Enter: the whole of Nevada, not Jacksonville (whose name contains 'nv').
    await user.clear(input);
    await user.type(input, 'NV{Enter}');
    expect(await screen.findByRole('article', { name: 'Neon Desert' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Venues in Nevada' })).toBeInTheDocument();
    expect(stateRequests).toEqual(['Nevada|all']);

    await user.clear(input);
    await user.type(input, 'nevada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(input).toHaveValue('Nevada');

    // No city and no state: said, and the list stays where it was.
    const before = cityRequests.length + stateRequests.length;
    await user.clear(input);
    await user.type(input, 'Jackso{Enter}');
    expect(input).toHaveAccessibleDescription(/No city or state is called "Jackso"/);
    expect(screen.getByRole('heading', { level: 2, name: 'Venues in Nevada' })).toBeInTheDocument();
    expect(cityRequests.length + stateRequests.length).toBe(before);
    expect(cityRequests.some((r) => r.city === 'Jacksonville')).toBe(false);
  });

  it('says so when the list cannot be loaded after 3 retries', async () => {
    await signIn(member);
    const requests = mockVenuesByLocation(() => HttpResponse.json({ message: 'down' }, { status: 500 }));
    renderApp('/dashboard?tab=events', { queryClient: createFastRetryQueryClient() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading venues. Please try again.');
    expect(requests).toHaveLength(4);
    expect(screen.queryByText('No Venues Found')).not.toBeInTheDocument();
  });

  it('switches between List and Discover Events', async () => {
    await signIn(member);
    mockVenuesByLocation(() => [club]);
    const { user } = renderApp('/dashboard?tab=events');
    await screen.findByRole('article', { name: 'Velvet Room' });
    const view = screen.getByRole('group', { name: 'Events view' });
    expect(within(view).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(view).getByRole('button', { name: 'Discover Events' }));
    expect(within(view).getByRole('button', { name: 'Discover Events' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Discover Events' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Velvet Room' })).not.toBeInTheDocument();

    await user.click(within(view).getByRole('button', { name: 'List' }));
    expect(await screen.findByRole('article', { name: 'Velvet Room' })).toBeInTheDocument();
  });
});
