import { fireEvent, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeAvailableEvent, makeHost, mockAvailableEvents } from '../../../testing/available-events';
import { axeViolations } from '../../../testing/axe';
import { makeUser, signIn } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const member = makeUser({
  id: '0b6e3c1d-4f2a-4e8b-9c7d-1a2b3c4d5e6f',
  firstName: 'Mia',
  userType: 'guest',
  city: 'Tampa, FL',
  state: 'Florida',
  profileImages: ['/img/mia.jpg'],
});

const noah = makeHost({
  firstName: 'Noah',
  age: null,
  city: 'Tampa, FL',
  bio: 'Captain of the Sea Breeze. Sunset cruises.',
  profileImages: ['/img/noah-1.jpg', '/img/noah-2.jpg'],
});
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
const harbor = makeAvailableEvent({
  venueName: 'Harbor Lights',
  city: 'Tampa, FL',
  attendees: { count: 0, avatars: [] },
});

async function openDiscover(options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/dashboard?tab=events', options);
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
    // A skeleton of the card, its label the spec's loading text.
    expect((await screen.findByText('Loading events...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    const event = await card();
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
    expect(requests).toEqual([{ city: 'Tampa', state: 'Florida' }]);
    const c = within(event);
    expect(event).toHaveAccessibleName('Sea Breeze');
    expect(c.getByTestId('venue-type')).toHaveTextContent(/^Yacht$/);
    expect(c.getByTestId('event-section')).toHaveTextContent(/^Full Yacht$/);
    // The state by its code, the full name in its tooltip.
    expect(c.getByTestId('event-place')).toHaveTextContent(/^Tampa, FL/);
    // The tooltip is mounted while it shows (after the delay, on keyboard focus), outside the card.
    const code = within(c.getByTestId('event-place')).getByText('FL');
    fireEvent.focus(code);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(/^Florida$/);
    expect(code).toHaveAttribute('aria-describedby', tooltip.id);
    fireEvent.blur(code);
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

  it("Like opens Request to Join: 'Sending...' while it goes, then 'Request Sent!' and the event leaves the deck", async () => {
    await signIn(member);
    let asked: string[] = [];
    const reads = mockAvailableEvents(() => [seaBreeze, velvet].filter((e) => !asked.includes(e.bookingId)));
    const bodies = mockJoinRequest(async (body) => {
      await delay(60);
      asked = [...asked, (body as { bookingId: string }).bookingId];
      return HttpResponse.json({}, { status: 201 });
    });
    const { user, queryClient } = await openDiscover();
    await card();
    // The guest's own requests (home: Pending Requests) are read again too.
    queryClient.setQueryData(['event-join-requests', 'guest', member.id], []);
    const like = screen.getByRole('button', { name: 'Like: Sea Breeze' });
    await user.click(like);
    const dialog = screen.getByRole('dialog', { name: 'Request to Join' });
    const box = within(dialog).getByRole('textbox', { name: 'Message to Noah (optional)' });
    expect(box).toHaveFocus();
    await user.type(box, '  Two of us, birthday!  ');
    expect(within(dialog).getByTestId('join-message-count')).toHaveTextContent('24/500');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();

    const toast = await findToast();
    expect(toast).toHaveTextContent('Request Sent!');
    expect(toast).toHaveTextContent('Your request to join has been sent to the host.');
    expect(bodies).toEqual([{ bookingId: seaBreeze.bookingId, message: 'Two of us, birthday!' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Read again: the server leaves the asked event out, so the deck shows the next one.
    expect(reads).toHaveLength(2);
    expect(await card()).toHaveAccessibleName('Velvet Room');
    expect(counter()).toHaveTextContent(/^1 of 1$/);
    expect(screen.getByRole('button', { name: 'Like: Velvet Room' })).toHaveFocus();
    expect(queryClient.getQueryState(['event-join-requests', 'guest', member.id])?.isInvalidated).toBe(true);
  });

  it('sends no message when the box is left empty, and Cancel sends nothing', async () => {
    await signIn(member);
    mockAvailableEvents(() => [velvet]);
    const bodies = mockJoinRequest(() => HttpResponse.json({}, { status: 201 }));
    const { user } = await openDiscover();
    await card();
    await user.click(screen.getByRole('button', { name: 'Like: Velvet Room' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Request to Join' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Like: Velvet Room' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Request to Join' })).getByRole('button', { name: 'Send Request' }),
    );
    expect(await findToast()).toHaveTextContent('Request Sent!');
    expect(bodies).toEqual([{ bookingId: velvet.bookingId, message: null }]);
  });

  it('refuses a message over 500 characters before asking the server', async () => {
    await signIn(member);
    mockAvailableEvents(() => [velvet]);
    const bodies = mockJoinRequest(() => HttpResponse.json({}, { status: 201 }));
    const { user } = await openDiscover();
    await card();
    await user.click(screen.getByRole('button', { name: 'Like: Velvet Room' }));
    const dialog = screen.getByRole('dialog', { name: 'Request to Join' });
    await user.click(within(dialog).getByRole('textbox'));
    await user.paste('x'.repeat(501));
    expect(within(dialog).getByTestId('join-message-count')).toHaveTextContent('501/500');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Message must be at most 500 characters$/);
    expect(within(dialog).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it("a failed request shows 'Error' with the server's message and keeps the dialog open", async () => {
    await signIn(member);
    mockAvailableEvents(() => [velvet]);
    mockJoinRequest(() =>
      HttpResponse.json(
        { statusCode: 409, code: 'SOCIAL.DUPLICATE_REQUEST', message: 'You have already asked to join this event' },
        { status: 409 },
      ),
    );
    const { user } = await openDiscover();
    await card();
    await user.click(screen.getByRole('button', { name: 'Like: Velvet Room' }));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('You have already asked to join this event');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('dialog', { name: 'Request to Join' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Request' })).toBeEnabled();
  });

  it("a failure without a message says 'Failed to send join request'", async () => {
    await signIn(member);
    mockAvailableEvents(() => [velvet]);
    mockJoinRequest(() => new HttpResponse('Bad gateway', { status: 502 }));
    const { user } = await openDiscover();
    await card();
    await user.click(screen.getByRole('button', { name: 'Like: Velvet Room' }));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to send join request');
    expect(toast).not.toHaveTextContent('Bad gateway');
  });

  it('Change Location reads the chosen city and starts the deck there; Cancel keeps the city', async () => {
    await signIn(member);
    const austinNight = makeAvailableEvent({ venueName: 'Sixth Street Loft', city: 'Austin, TX', state: 'Texas' });
    const requests = mockAvailableEvents(({ city }) => (city === 'Austin' ? [austinNight] : [seaBreeze, velvet]));
    const { user } = await openDiscover();
    await card();
    await user.click(screen.getByRole('button', { name: 'Next event' }));

    await user.click(screen.getByRole('button', { name: 'Change Location' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Change Location' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(requests).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Change Location' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Location' });
    const city = within(dialog).getByRole('combobox', { name: 'City' });
    expect(city).toHaveValue('Tampa, FL');
    await user.clear(city);
    await user.type(city, 'Aus');
    await within(dialog).findByRole('option', { name: /Austin, TX/ });
    // Escape closes the open suggestions first, not the dialog.
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.click(await within(dialog).findByRole('option', { name: /Austin, TX/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await card()).toHaveAccessibleName('Sixth Street Loft');
    expect(requests).toEqual([
      { city: 'Tampa', state: 'Florida' },
      { city: 'Austin', state: 'Texas' },
    ]);
    expect(counter()).toHaveTextContent(/^1 of 1$/);
    expect(screen.getByTestId('discover-place')).toHaveTextContent(/^Events in Austin, TX/);
  });

  it('Change Location takes a typed City, State and refuses what is not a place', async () => {
    await signIn(member);
    const requests = mockAvailableEvents(() => []);
    const { user } = await openDiscover();
    await screen.findByText('No Events Found');
    await user.click(screen.getByRole('button', { name: 'Change Location' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Location' });
    const city = within(dialog).getByRole('combobox', { name: 'City' });
    await user.clear(city);
    await user.type(city, 'Nowhere');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a city from the list');
    await user.clear(city);
    await user.type(city, 'Key West, fl');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ city: 'Key West', state: 'Florida' }));
  });

  it("shows 'No Events Found' with a hint to change location when the city has none", async () => {
    await signIn(member);
    mockAvailableEvents(() => []);
    await openDiscover();
    expect(await screen.findByText('No Events Found')).toBeInTheDocument();
    expect(screen.getByText(/Try Change Location to look in another city/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
  });

  it('says so when the events cannot be loaded, and Retry reads them again', async () => {
    await signIn(member);
    let fail = true;
    const requests = mockAvailableEvents(() =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : [velvet],
    );
    const { user } = await openDiscover();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading events. Please try again.');
    expect(requests).toHaveLength(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card()).toHaveAccessibleName('Velvet Room');
    expect(requests).toHaveLength(2);
  });

  it('a gallery photo opens full size in a dialog', async () => {
    await signIn(member);
    mockAvailableEvents(() => [seaBreeze]);
    const { user } = await openDiscover();
    const c = within(await card());
    await user.click(c.getByRole('button', { name: 'Next photo' }));
    await user.click(c.getByRole('button', { name: 'View photo 2 of 2 of Sea Breeze full size' }));
    const dialog = screen.getByRole('dialog', { name: 'Sea Breeze: photo 2 of 2' });
    expect(within(dialog).getByRole('img', { name: 'Sea Breeze, photo 2 of 2' })).toHaveAttribute(
      'src',
      '/img/sea-2.jpg',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("the host's profile shows photos, first name, age (25 when missing), city and bio", async () => {
    await signIn(member);
    mockAvailableEvents(() => [seaBreeze]);
    const { user } = await openDiscover();
    await card();
    const open = screen.getByRole('button', { name: "View Noah's profile" });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: "Noah's profile" });
    const d = within(dialog);
    expect(d.getByTestId('host-name')).toHaveTextContent(/^Noah$/);
    expect(d.getByTestId('host-age')).toHaveTextContent(/^25$/);
    expect(d.getByTestId('host-city')).toHaveTextContent(/^Tampa, FL$/);
    expect(d.getByTestId('host-bio')).toHaveTextContent('Captain of the Sea Breeze. Sunset cruises.');
    expect(d.getByRole('img', { name: 'Noah, photo 1 of 2' })).toHaveAttribute('src', '/img/noah-1.jpg');
    await user.click(d.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('works from the keyboard: Enter on Decline moves on, Tab reaches Like, Enter opens the dialog with the focus inside, Escape returns it', async () => {
    await signIn(member);
    mockAvailableEvents(() => [seaBreeze, velvet]);
    const { user } = await openDiscover();
    await card();
    screen.getByRole('button', { name: 'Decline: Sea Breeze' }).focus();
    await user.keyboard('{Enter}');
    expect(await card()).toHaveAccessibleName('Velvet Room');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Like: Velvet Room' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('dialog', { name: 'Request to Join' })).getByRole('textbox')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like: Velvet Room' })).toHaveFocus();
  });

  it('has no axe violations: the card, the host profile, Request to Join, Change Location and the photo viewer', async () => {
    await signIn(member);
    mockAvailableEvents(() => [seaBreeze, velvet]);
    const { user } = await openDiscover();
    await card();
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: "View Noah's profile" }));
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Like: Sea Breeze' }));
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Change Location' }));
    await user.type(screen.getByRole('combobox', { name: 'City' }), '{Control>}a{/Control}Mia');
    await screen.findByRole('option', { name: /Miami, FL/ });
    expect(await axeViolations()).toEqual([]);
    await user.keyboard('{Escape}{Escape}');
    await user.click(screen.getByRole('button', { name: 'View photo 1 of 2 of Sea Breeze full size' }));
    expect(await axeViolations()).toEqual([]);
  });
});
