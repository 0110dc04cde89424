import { fireEvent } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, signIn } from '../../../testing/fixtures';
import { renderApp, screen, within } from '../../../testing/render-app';
import { createFastRetryQueryClient, makeVenue, mockVenuesByLocation } from '../../../testing/venues';

const host = makeUser({ userType: 'host', city: 'Miami, FL', state: 'Florida', profileImages: ['/img/ava.jpg'] });
const guest = makeUser({ userType: 'guest', city: 'Miami, FL', state: 'Florida', profileImages: ['/img/ava.jpg'] });

const venues = [
  makeVenue({
    name: 'Azure Dream',
    type: 'yacht',
    subtype: null,
    city: 'Miami, FL',
    formattedPrice: '$2,500/hr',
    imageUrl: '/api/images/venues/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/azure.jpg',
  }),
  makeVenue({ name: 'LIV Lounge', type: 'club', city: 'Miami, FL', formattedPrice: '$1,250/hr' }),
  makeVenue({ name: 'Sky Bar', type: 'club', city: 'Miami, FL', formattedPrice: '$800.50/hr' }),
  makeVenue({ name: 'Fourth Venue', type: 'yacht', subtype: null, city: 'Miami, FL' }),
];

function featured() {
  return screen.getByRole('region', { name: 'Featured Events' });
}

describe('dashboard Home tab: Featured Events', () => {
  it("shows the first 3 venues of the host's city with image, name, city, price and kind", async () => {
    await signIn(host);
    const requests = mockVenuesByLocation(async () => {
      await delay(30);
      return venues;
    });
    renderApp('/dashboard?tab=home');
    expect(await screen.findByText('Loading venues...')).toBeInTheDocument();
    const items = await within(await screen.findByRole('list', { name: 'Featured venues' })).findAllByTestId(
      'featured-venue',
    );
    expect(requests).toEqual([{ city: 'Miami', state: 'Florida', type: 'all' }]);
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual(['Azure Dream', 'LIV Lounge', 'Sky Bar']);
    expect(within(featured()).queryByText('Fourth Venue')).not.toBeInTheDocument();

    const [first, , third] = items;
    expect(await within(first!).findByRole('img', { name: 'Photo of Azure Dream' })).toHaveAttribute(
      'src',
      venues[0]!.imageUrl,
    );
    expect(within(first!).getByTestId('venue-city')).toHaveTextContent(/^Miami, FL$/);
    expect(within(first!).getByTestId('venue-price')).toHaveTextContent(/^\$2,500\/hr$/);
    expect(within(first!).getByTestId('venue-type')).toHaveTextContent(/^Yacht$/);
    expect(within(first!).getByRole('link', { name: 'Azure Dream' })).toHaveAttribute(
      'href',
      `/booking/${venues[0]!.id}`,
    );
    expect(within(third!).getByTestId('venue-type')).toHaveTextContent(/^Club$/);
    expect(within(third!).getByTestId('venue-price')).toHaveTextContent(/^\$800\.50\/hr$/);

    fireEvent.error(within(first!).getByRole('img'));
    expect(within(first!).getByRole('img')).toHaveAttribute('src', '/api/placeholder-yacht');
  });

  it('says when there is no venue in the area', async () => {
    await signIn(host);
    mockVenuesByLocation(() => []);
    renderApp('/dashboard?tab=home');
    expect(
      await within(await screen.findByRole('region', { name: 'Featured Events' })).findByText(
        'No venues available in your area yet.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Featured venues' })).not.toBeInTheDocument();
  });

  it('says when the venues cannot be loaded', async () => {
    await signIn(host);
    const requests = mockVenuesByLocation(() => HttpResponse.json({ message: 'down' }, { status: 500 }));
    renderApp('/dashboard?tab=home', { queryClient: createFastRetryQueryClient() });
    expect(
      await within(await screen.findByRole('region', { name: 'Featured Events' })).findByRole('alert'),
    ).toHaveTextContent('Error loading venues. Please try again.');
    expect(requests).toHaveLength(4);
  });

  it('is shown only to hosts', async () => {
    await signIn(guest);
    const requests = mockVenuesByLocation(() => venues);
    renderApp('/dashboard?tab=home');
    expect(await screen.findByTestId('home-overview')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    await delay(50);
    expect(screen.queryByRole('region', { name: 'Featured Events' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
