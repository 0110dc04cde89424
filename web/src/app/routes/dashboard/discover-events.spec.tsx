import { waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AvailableEvent } from '@luxe/contracts';
import { makeAvailableEvent, makeHost, mockAvailableEvents } from '../../../testing/available-events';
import { makeUser, signIn } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const member = makeUser({ id: '0b6e3c1d-4f2a-4e8b-9c7d-1a2b3c4d5e6f', firstName: 'Mia', userType: 'guest', city: 'Tampa, FL', state: 'Florida', profileImages: ['/img/mia.jpg'] });

const noah = makeHost({ firstName: 'Noah', age: null, city: 'Tampa, FL', bio: 'Captain of the Sea Breeze. Sunset cruises.', profileImages: ['/img/noah-1.jpg', '/img/noah-2.jpg'] });
const seaBreeze = makeAvailableEvent({
  venueName: 'Sea Breeze',
  venueType: 'yacht',
  sectionType: 'Full Yacht',
  city: 'Tampa, FL',
  state: 'Florida',
  images: ['/img/sea-1.jpg', '/img/sea-2.jpg'],
  bookingDate: '2099-06-06',
  startTime: '18:30',
  endTime: '23:30',
  duration: 5,
  host: noah,
  attendees: {
    count: 7,
    avatars: [
      { id: 'd1000000-0000-4000-8000-000000000001', firstName: 'Ana', image: '/img/ana.jpg' },
      { id: 'd1000000-0000-4000-8000-000000000002', firstName: 'Ben', image: null },
      { id: 'd1000000-0000-4000-8000-000000000003', firstName: 'Cy', image: '/img/cy.jpg' },
    ],
  },
});
const velvet = makeAvailableEvent({
  venueName: 'Velvet Room',
  venueType: 'club',
  sectionType: 'VIP Booth',
  city: 'Tampa, FL',
  bookingDate: '2099-06-12',
  startTime: '22:00',
  endTime: '02:00',
  duration: 4,
  attendees: { count: 1, avatars: [{ id: 'd1000000-0000-4000-8000-000000000004', firstName: 'Dee', image: null }] },
});
const harbor = makeAvailableEvent({ venueName: 'Harbor Lights', city: 'Tampa, FL', attendees: { count: 0, avatars: [] } });

async function openDiscover(opts: { queryClient?: Parameters<typeof renderApp>[1] extends infer O ? O : never } = {}) {
  const app = renderApp('/dashboard?tab=events', opts as never);
  await app.user.click(await screen.findByRole('button', { name: 'Discover Events' }));
  return app;
}

const card = () => screen.findByRole('article');
const counter = () => screen.getByTestId('event-counter');

/** POST /api/event-join-requests answers `respond`; records the bodies. */
function mockJoinRequest(respond: (body: unknown) => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/event-join-requests', async ({ request }) => {
      const body = await request.json();
      bodies.push(body);
      return respond(body);
    }),
  );
  return bodies;
}

describe('Discover Events (Events tab, swipe mode)', () => {
  it("loads the member's city and shows one event: photos, type, venue, section, place, date, EST times, duration, host and attendees", async () => {
    await signIn(member);
    const requests = mockAvailableEvents(async () => {
      await delay(30);
      return [seaBreeze, velvet];
    });
    await openDiscover();
    expect(await screen.findByText('Loading events...')).toBeInTheDocument();
    const event = await card();
    expect(requests).toEqual([{ city: 'Tampa', state: 'Florida' }]);
    const c = within(event);
    expect(event).toHaveAccessibleName('Sea Breeze');
    expect(c.getByTestId('venue-type')).toHaveTextContent(/^Yacht$/);
    expect(c.getByTestId('event-section')).toHaveTextContent(/^Full Yacht$/);
    // The state by its code, the full name in its tooltip.
    expect(c.getByTestId('event-place')).toHaveTextContent(/^Tampa, FL/);
    expect(within(c.getByTestId('event-place')).getByRole('tooltip', { hidden: true })).toHaveTextContent(/^Florida$/);
    expect(c.getByTestId('event-date')).toHaveTextContent(/^Saturday, Jun 06, 2099$/);
    expect(c.getByTestId('event-time')).toHaveTextContent(/^6:30 PM - 11:30 PM EST$/);
    expect(c.getByTestId('event-duration')).toHaveTextContent(/^5 hours$/);
    expect(c.getByTestId('event-host')).toHaveTextContent(/^Noah$/);
    expect(c.getByRole('img', { name: 'Sea Breeze, photo 1 of 2' })).toHaveAttribute('src', '/img/sea-1.jpg');
    // 7 attending, 3 avatars shown: +4.
    expect(c.getByTestId('attendees-text')).toHaveTextContent(/^7 people attending$/);
    expect(c.getByTestId('attendees-more')).toHaveTextContent(/^\+4$/);
    const attending = c.getByRole('list', { name: 'Attending' });
    expect(within(attending).getByRole('img', { name: 'Ana' })).toHaveAttribute('src', '/img/ana.jpg');
    expect(within(attending).getByRole('img', { name: 'Ben' })).toBeInTheDocument();
    expect(counter()).toHaveTextContent(/^1 of 2$/);
    expect(screen.getByTestId('discover-place')).toHaveTextContent('Events in Tampa, FL');
  });

  it("says '1 person attending' without a +N when every attendee is shown, and a club's badge reads Club", async () => {
    await signIn(member);
    mockAvailableEvents(() => [velvet]);
    await openDiscover();
    const c = within(await card());
    expect(c.getByTestId('venue-type')).toHaveTextContent(/^Club$/);
    expect(c.getByTestId('event-time')).toHaveTextContent(/^10:00 PM - 2:00 AM EST$/);
    expect(c.getByTestId('event-duration')).toHaveTextContent(/^4 hours$/);
    expect(c.getByTestId('attendees-text')).toHaveTextContent(/^1 person attending$/);
    expect(c.queryByTestId('attendees-more')).not.toBeInTheDocument();
  });

  it("Decline shows 'Event Passed - Moving to next event...' and moves on; past the last one is the end of the deck with Start Over", async () => {
    await signIn(member);
    mockAvailableEvents(() => [seaBreeze, velvet]);
    const { user } = await openDiscover();
    await card();
    await user.click(screen.getByRole('button', { name: 'Decline: Sea Breeze' }));
    expect(await findToast()).toHaveTextContent('Event Passed - Moving to next event...');
    expect(await card()).toHaveAccessibleName('Velvet Room');
    expect(counter()).toHaveTextContent(/^2 of 2$/);

    await user.click(screen.getByRole('button', { name: 'Decline: Velvet Room' }));
    expect(await screen.findByText("That's every event in Tampa")).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await card()).toHaveAccessibleName('Sea Breeze');
    expect(counter()).toHaveTextContent(/^1 of 2$/);
  });

  it('Previous and Next move through the deck; Previous is disabled on the first event', async () => {
    await signIn(member);
    mockAvailableEvents(() => [seaBreeze, velvet, harbor]);
    const { user } = await openDiscover();
    await card();
    const previous = screen.getByRole('button', { name: 'Previous event' });
    expect(previous).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next event' }));
    await user.click(screen.getByRole('button', { name: 'Next event' }));
    expect(await card()).toHaveAccessibleName('Harbor Lights');
    expect(counter()).toHaveTextContent(/^3 of 3$/);
    expect(within(await card()).getByTestId('attendees-text')).toHaveTextContent(/^0 people attending$/);
    await user.click(previous);
    expect(await card()).toHaveAccessibleName('Velvet Room');
    expect(counter()).toHaveTextContent(/^2 of 3$/);
    expect(previous).toBeEnabled();
    // No toast: Next and Previous are not a decline.
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
