import { fireEvent, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { createFastRetryQueryClient, makeVenue, mockVenuesByLocation } from '../../../testing/venues';

const yacht = makeVenue({
  name: 'Azure Dream',
  type: 'yacht',
  subtype: null,
  city: 'Miami, FL',
  state: 'Florida',
  description: 'A 120 ft superyacht with a crew of twelve, a jacuzzi on the sun deck and a DJ booth.',
  imageUrl: '/api/images/venues/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/azure.jpg',
  formattedPrice: '$2,500/hr',
});
const club = makeVenue({
  name: 'LIV Lounge',
  type: 'club',
  formattedPrice: '$1,250.50/hr',
  imageUrl: '/api/images/venues/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/liv.jpg',
});

function card(name: string) {
  return screen.getByRole('article', { name });
}

describe('/events', () => {
  it('has the header links and title, and lists the venues of Miami, Florida by default', async () => {
    const requests = mockVenuesByLocation(() => [yacht, club]);
    renderApp('/events');

    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Exclusive Events' })).toBeInTheDocument();
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(account).getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/join');
    expect(screen.getByRole('link', { name: 'LuxeSwipe home' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveValue('Miami, FL');

    expect(await screen.findByRole('article', { name: 'Azure Dream' })).toBeInTheDocument();
    expect(requests).toEqual([{ city: 'Miami', state: 'Florida', type: 'all' }]);
    expect(within(screen.getByRole('list', { name: 'Events' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows a card with image, name, type badge, city and state, clamped description, the server price and Book Now as a guest', async () => {
    mockVenuesByLocation(() => [yacht, club]);
    renderApp('/events');
    const a = await screen.findByRole('article', { name: 'Azure Dream' });
    expect(within(a).getByRole('img', { name: 'Photo of Azure Dream' })).toHaveAttribute('src', yacht.imageUrl);
    expect(within(a).getByTestId('venue-type')).toHaveTextContent(/^Yacht$/);
    expect(within(a).getByTestId('venue-place')).toHaveTextContent(/^Miami, FL$/);
    const description = within(a).getByTestId('venue-description');
    expect(description).toHaveTextContent(yacht.description);
    expect(description).toHaveClass('line-clamp-2');
    expect(within(a).getByTestId('venue-price')).toHaveTextContent(/^\$2,500\/hr$/);
    expect(within(a).getByRole('link', { name: /^Book Now/ })).toHaveAttribute(
      'href',
      `/booking/${yacht.id}?guest=true`,
    );

    const c = card('LIV Lounge');
    expect(within(c).getByTestId('venue-type')).toHaveTextContent(/^Club$/);
    expect(within(c).getByTestId('venue-price')).toHaveTextContent(/^\$1,250\.50\/hr$/);
    expect(within(c).getByRole('link', { name: /^Book Now/ })).toHaveAttribute(
      'href',
      `/booking/${club.id}?guest=true`,
    );
  });

  it("fetches the first card's image at once with high priority (the page's largest paint); the others lazily", async () => {
    mockVenuesByLocation(() => [yacht, club]);
    renderApp('/events');
    const first = within(await screen.findByRole('article', { name: 'Azure Dream' })).getByRole('img');
    // The others once the first frame is on screen (a box of their size until then).
    const second = await within(card('LIV Lounge')).findByRole('img');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('Book Now opens the booking page in the guest flow (a visitor may fill it in; finishing asks for an account)', async () => {
    mockVenuesByLocation(() => [yacht]);
    server.use(http.get('/api/venues/:id', () => HttpResponse.json(yacht)));
    const { user, location } = renderApp('/events');
    const a = await screen.findByRole('article', { name: 'Azure Dream' });
    await user.click(within(a).getByRole('link', { name: /^Book Now/ }));
    await waitFor(() => expect(location()).toBe(`/booking/${yacht.id}?guest=true`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Azure Dream' })).toBeInTheDocument();
  });

  it('falls back to the stock image of the venue kind when an image fails to load', async () => {
    mockVenuesByLocation(() => [yacht, club]);
    renderApp('/events');
    const yachtImg = within(await screen.findByRole('article', { name: 'Azure Dream' })).getByRole('img');
    const clubImg = within(card('LIV Lounge')).getByRole('img');

    fireEvent.error(yachtImg);
    fireEvent.error(clubImg);
    expect(yachtImg).toHaveAttribute('src', '/api/placeholder-yacht');
    expect(clubImg).toHaveAttribute('src', '/api/placeholder-venue');

    // A failing stock image does not loop.
    fireEvent.error(yachtImg);
    expect(yachtImg).toHaveAttribute('src', '/api/placeholder-yacht');
  });

  it('the filter buttons change the requested type and show which one is on', async () => {
    const requests = mockVenuesByLocation(({ type }) =>
      type === 'yacht' ? [yacht] : type === 'club' ? [club] : [yacht, club],
    );
    const { user } = renderApp('/events');
    await screen.findByRole('article', { name: 'Azure Dream' });
    const group = screen.getByRole('group', { name: 'Filter by type' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All Events', 'Clubs', 'Yachts']);
    expect(within(group).getByRole('button', { name: 'All Events' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(group).getByRole('button', { name: 'Yachts' }));
    expect(within(group).getByRole('button', { name: 'Yachts' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'All Events' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'LIV Lounge' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Azure Dream' })).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Clubs' }));
    expect(await screen.findByRole('article', { name: 'LIV Lounge' })).toBeInTheDocument();
    expect(requests.map((r) => r.type)).toEqual(['all', 'yacht', 'club']);
  });

  it('choosing a city from the suggestions asks for that city and state', async () => {
    const requests = mockVenuesByLocation(({ city }) => (city === 'Tampa' ? [] : [yacht]));
    const { user } = renderApp('/events');
    await screen.findByRole('article', { name: 'Azure Dream' });
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.clear(input);
    await user.type(input, 'Tam');
    await user.click(await screen.findByRole('option', { name: /Tampa, FL/ }));

    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(requests.at(-1)).toEqual({ city: 'Tampa', state: 'Florida', type: 'all' });
    expect(input).toHaveValue('Tampa, FL');
  });

  it('by keyboard: a state name suggests its cities, Enter picks one; a typed City, State is searched too', async () => {
    const requests = mockVenuesByLocation(() => []);
    const { user } = renderApp('/events');
    await screen.findByText('No events found');
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.clear(input);
    await user.type(input, 'Texas');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(requests.at(-1)).toEqual({ city: 'Houston', state: 'Texas', type: 'all' }));

    await user.clear(input);
    await user.type(input, 'Key West, fl{Enter}');
    await waitFor(() => expect(requests.at(-1)).toEqual({ city: 'Key West', state: 'Florida', type: 'all' }));
    expect(input).toHaveValue('Key West, FL');

    await user.clear(input);
    await user.type(input, 'Atlantis{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a city from the list');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(3);
  });

  it('shows a skeleton of the cards (its label the loading text), then the empty state', async () => {
    mockVenuesByLocation(async () => {
      await delay(50);
      return [];
    });
    renderApp('/events');
    const skeleton = (await screen.findByText('Loading events...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('No events found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your location or filters')).toBeInTheDocument();
    expect(screen.queryByText('Loading events...')).not.toBeInTheDocument();
  });

  it('retries a failing list 3 times (4 requests), then says so; a later answer is never served from cache', async () => {
    let fail = true;
    const requests = mockVenuesByLocation(() =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 503 }) : [club],
    );
    const { user } = renderApp('/events', { queryClient: createFastRetryQueryClient() });
    expect(await screen.findByText('Error loading events. Please try again.')).toBeInTheDocument();
    expect(requests).toHaveLength(4);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'LIV Lounge' })).toBeInTheDocument();
    expect(requests).toHaveLength(5);

    // Back to a list seen before: asked again (no cache).
    const group = screen.getByRole('group', { name: 'Filter by type' });
    await user.click(within(group).getByRole('button', { name: 'Clubs' }));
    await user.click(within(group).getByRole('button', { name: 'All Events' }));
    await waitFor(() =>
      expect(requests.map((r) => r.type)).toEqual(['all', 'all', 'all', 'all', 'all', 'club', 'all']),
    );
  });
});
