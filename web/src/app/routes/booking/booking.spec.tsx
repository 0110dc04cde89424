import { fireEvent, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  lastBookableDate,
  TEXT_LIMITS,
  todayInNewYork,
  type Booking,
  type Dancer,
  type Section,
  type Venue,
} from '@luxe/contracts';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, signIn } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { createFastRetryQueryClient, makeVenue } from '../../../testing/venues';
import { axeViolations } from '../../../testing/axe';

const host = makeUser({ firstName: 'Ava', userType: 'host' });
const OWNER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const img = (file: string) => `/api/images/venues/${OWNER}/${file}.jpg`;

let seq = 0;
const uuid = (prefix: string) => `${prefix}-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

function makeSection(overrides: Partial<Section> = {}): Section {
  return {
    id: uuid('5ec71010'),
    venueId: 'v',
    name: 'Main Floor',
    type: 'table',
    description: 'Close to the stage.',
    images: [],
    capacity: 8,
    pricePerHour: '400.00',
    amenities: [],
    isVipRoom: false,
    isExclusive: false,
    maxSimultaneousBookings: 999,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    premiumMultiplier: 1,
    premiumLabel: '+0%',
    imageUrl: '/api/placeholder-section',
    minimumSpend: null,
    depositPercent: 0,
    ...overrides,
  };
}

function makeDancer(overrides: Partial<Dancer> = {}): Dancer {
  return {
    id: uuid('da9ce210'),
    venueId: 'v',
    entertainerUserId: null,
    name: 'Roxy',
    description: 'Headliner on Fridays.',
    images: [img('roxy-1'), img('roxy-2')],
    specialties: ['Pole', 'Burlesque'],
    isAvailable: true,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    imageUrl: img('roxy-1'),
    priceModifier: '1.25',
    ...overrides,
  };
}

const stripClub = makeVenue({
  name: 'Velvet Room',
  type: 'club',
  subtype: 'strip_club',
  pricePerHour: '300.00',
  formattedPrice: '$300/hr',
});
const mainFloor = makeSection({
  venueId: stripClub.id,
  name: 'Main Floor',
  pricePerHour: '400.00',
  images: [img('floor-1'), img('floor-2')],
});
const stageSide = makeSection({
  venueId: stripClub.id,
  name: 'Stage Side',
  pricePerHour: '450.00',
  images: [img('stage-1'), img('stage-2')],
});
const vipRoom = makeSection({
  venueId: stripClub.id,
  name: 'Diamond Suite',
  isVipRoom: true,
  isExclusive: true,
  maxSimultaneousBookings: 1,
  pricePerHour: '500.00',
});
const roxy = makeDancer({ venueId: stripClub.id, name: 'Roxy', priceModifier: '1.25' });
const jade = makeDancer({
  venueId: stripClub.id,
  name: 'Jade',
  priceModifier: '1.00',
  images: [],
  imageUrl: img('jade'),
});

const nightclub = makeVenue({ name: 'LIV Lounge', type: 'club', subtype: 'nightclub' });
const booth = makeSection({ venueId: nightclub.id, name: 'Booth 1', pricePerHour: '250.00' });

interface Api {
  venue?: Venue | Response;
  sections?: Section[];
  dancers?: Dancer[];
  booking?: (body: Record<string, unknown>) => Response;
}

/** Mock the venue, its sections and dancers; records booking bodies and every venue request. */
function mockApi({
  venue = stripClub,
  sections = [mainFloor, stageSide, vipRoom],
  dancers = [roxy, jade],
  booking,
}: Api = {}) {
  const bodies: Record<string, unknown>[] = [];
  const requests: string[] = [];
  server.use(
    http.get('/api/venues/:id', ({ params }) => {
      requests.push(`venue ${String(params.id)}`);
      return venue instanceof Response ? venue.clone() : HttpResponse.json(venue as JsonBodyType);
    }),
    http.get('/api/venues/:id/sections', () => {
      requests.push('sections');
      return HttpResponse.json(sections);
    }),
    http.get('/api/venues/:id/dancers', () => {
      requests.push('dancers');
      return HttpResponse.json(dancers);
    }),
    http.post('/api/bookings', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return booking ? booking(body) : HttpResponse.json(bookingAnswer(body), { status: 201 });
    }),
  );
  return { bodies, requests };
}

function bookingAnswer(body: Record<string, unknown>, overrides: Partial<Booking> = {}): Booking {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    hostId: host.id,
    venueId: String(body.venueId),
    venueName: 'Velvet Room',
    venueType: 'club',
    venueCity: 'Miami, FL',
    venueState: 'Florida',
    venueImage: '/api/placeholder-venue',
    sectionId: (body.sectionId as string) ?? null,
    sectionType: 'VIP Room',
    section: 'Diamond Suite',
    dancerId: (body.dancerId as string) ?? null,
    bookingDate: '2026-11-22',
    startTime: String(body.startTime),
    endTime: '00:00',
    duration: Number(body.duration),
    totalCost: '1900.00',
    friends: '[]',
    guestVisibility: String(body.guestVisibility),
    status: 'confirmed',
    eventDescription: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    holdExpiresAt: null,
    cancellationPolicy: 'moderate',
    amountPaid: '0.00',
    refundAmount: null,
    cancelledAt: null,
    minimumSpend: null,
    depositPercent: 0,
    depositAmount: '0.00',
    balanceDue: '1900.00',
    ...overrides,
  };
}

/** The first render of a lazily loaded route can take a while on a cold, busy machine. */
const PAGE = { timeout: 5000 } as const;

const reserveButton = () => screen.getByRole('button', { name: /^Reserv/ });

async function openPage(path = `/booking/${stripClub.id}`) {
  const app = renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: 'Book a Section' }, PAGE)).toBeInTheDocument();
  return app;
}

describe('/booking/{venueId}: loading and missing states', () => {
  it("shows 'Loading venue details...' and then the section flow", async () => {
    await signIn(host);
    mockApi();
    renderApp(`/booking/${stripClub.id}`);
    expect(await screen.findByText('Loading venue details...', {}, PAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a Section' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByText('Loading venue details...')).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Velvet Room' });
    expect(card).toHaveTextContent('$300/hr');
    expect(within(card).getByTestId('venue-place')).toHaveTextContent(/^Miami, FL$/);
  });

  it("an unknown venue shows 'Venue not found' without retrying, and Go Back goes to /dashboard when there is no history", async () => {
    // The dashboard reached by Go Back reads its own lists.
    server.use(http.get('/api/*', () => HttpResponse.json([])));
    await signIn(host);
    const { requests } = mockApi({ venue: HttpResponse.json({ message: 'Venue not found' }, { status: 404 }) });
    const { user, location } = renderApp(`/booking/${stripClub.id}`, { queryClient: createFastRetryQueryClient() });
    expect(await screen.findByRole('heading', { name: 'Venue not found' }, PAGE)).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('venue'))).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(location()).toBe('/dashboard'), PAGE);
  });

  it('retries a failing venue read 3 times before giving up', async () => {
    await signIn(host);
    const { requests } = mockApi({ venue: HttpResponse.json({ message: 'down' }, { status: 503 }) });
    renderApp(`/booking/${stripClub.id}`, { queryClient: createFastRetryQueryClient() });
    expect(await screen.findByRole('heading', { name: 'Venue details could not be loaded' }, PAGE)).toBeInTheDocument();
    expect(requests.filter((r) => r.startsWith('venue'))).toHaveLength(4);
  });

  it('Back returns to the previous page when there is one', async () => {
    await signIn(host);
    mockApi({ venue: nightclub, sections: [booth] });
    const { user, router, location } = renderApp('/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Browse Exclusive Events' }, PAGE)).toBeInTheDocument();
    await router.navigate(`/booking/${nightclub.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a Section' }, PAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(location()).toBe('/events'));
  });

  it('takes the venue id from ?venueId= as well', async () => {
    await signIn(host);
    const { requests } = mockApi();
    await openPage(`/booking?venueId=${stripClub.id}`);
    expect(requests[0]).toBe(`venue ${stripClub.id}`);
  });

  it('renders the yacht flow for a yacht (and does not load sections)', async () => {
    await signIn(host);
    const yacht = makeVenue({ name: 'Azure Dream', type: 'yacht', subtype: null });
    const { requests } = mockApi({ venue: yacht });
    renderApp(`/booking/${yacht.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Azure Dream' }, PAGE)).toBeInTheDocument();
    // The yacht flow's detail page (its steps are tested with the flow itself).
    expect(screen.getByRole('button', { name: 'Book it' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Book a Section' })).not.toBeInTheDocument();
    expect(requests).toEqual([`venue ${yacht.id}`]);
  });
});

describe('/booking/{venueId}: the section flow', () => {
  it('defaults the date to today in New York, refuses earlier dates, and keeps Reserve disabled until date, start time and section are chosen', async () => {
    await signIn(host);
    mockApi({ venue: nightclub, sections: [booth] });
    const { user } = await openPage(`/booking/${nightclub.id}`);
    const date = screen.getByLabelText('Date');
    expect(date).toHaveValue(todayInNewYork());
    expect(date).toHaveAttribute('min', todayInNewYork());

    expect(reserveButton()).toBeDisabled();
    const times = within(screen.getByRole('group', { name: 'Start Time (EST)' })).getAllByRole('radio');
    expect(times.map((r) => r.getAttribute('value'))).toEqual([
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
      '00:00',
      '01:00',
      '02:00',
    ]);
    expect(screen.getByRole('radio', { name: '6:00 PM' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2:00 AM' })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '9:00 PM' }));
    expect(reserveButton()).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    expect(reserveButton()).toBeEnabled();

    // Announced (role alert), and the field points at it.
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.pastDate);
    expect(date).toHaveAccessibleDescription(BOOKING_MESSAGES.pastDate);
    expect(reserveButton()).toBeDisabled();
    // A date input lets a five-digit year through: refused, no crash (it sorts after today as text).
    fireEvent.change(date, { target: { value: '20266-05-01' } });
    expect(screen.getByRole('alert')).toHaveTextContent(BOOKING_MESSAGES.tooFar);
    expect(reserveButton()).toBeDisabled();
    expect(date).toHaveAttribute('max', lastBookableDate());
    fireEvent.change(date, { target: { value: '' } });
    expect(reserveButton()).toBeDisabled();

    expect(
      within(screen.getByLabelText('Duration'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 hour', '2 hours', '3 hours', '4 hours', '5 hours', '6 hours']);
    // Not a strip club: no category choice and no entertainers.
    expect(screen.queryByRole('group', { name: 'Section Type' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Choose an Entertainer/ })).not.toBeInTheDocument();
  });

  it('a strip club offers VIP Rooms vs Regular Sections; switching clears the section and the entertainer; entertainers only for VIP', async () => {
    await signIn(host);
    const { requests } = mockApi();
    const { user } = await openPage();
    const sectionGroup = () => screen.getByRole('group', { name: 'Choose a Section' });

    expect(screen.getByRole('radio', { name: 'Regular Sections' })).toBeChecked();
    expect(
      within(sectionGroup())
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Main Floor', 'Stage Side']);
    expect(screen.queryByRole('heading', { name: /Choose an Entertainer/ })).not.toBeInTheDocument();
    expect(requests).not.toContain('dancers');

    await user.click(screen.getByRole('radio', { name: 'Main Floor' }));
    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    expect(
      within(sectionGroup())
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['Diamond Suite']);
    expect(screen.getByRole('radio', { name: 'Diamond Suite' })).not.toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Diamond Suite' }));
    await user.click(await screen.findByRole('button', { name: 'Roxy: view profile' }));
    const profile = screen.getByRole('dialog', { name: 'Roxy' });
    await user.click(within(profile).getByRole('button', { name: 'Select Entertainer' }));
    expect(within(profile).getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Roxy (selected): view profile' })).toHaveFocus();
    expect(screen.getByTestId('price-summary')).toHaveTextContent('Entertainer Roxy');

    await user.click(screen.getByRole('radio', { name: 'Regular Sections' }));
    expect(screen.getByRole('radio', { name: 'Main Floor' })).not.toBeChecked();
    expect(screen.queryByRole('heading', { name: /Choose an Entertainer/ })).not.toBeInTheDocument();
    expect(screen.getByText('Choose a section to see the price.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    expect(screen.getByRole('radio', { name: 'Diamond Suite' })).not.toBeChecked();
    expect(await screen.findByRole('button', { name: 'Roxy: view profile' })).toBeInTheDocument();
  });

  it('the entertainer profile has a photo carousel with arrows and dots, the Available badge, description and specialties', async () => {
    await signIn(host);
    mockApi();
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    await user.click(await screen.findByRole('button', { name: 'Roxy: view profile' }));
    const profile = screen.getByRole('dialog', { name: 'Roxy' });
    expect(within(profile).getByRole('img', { name: 'Roxy, photo 1 of 2' })).toHaveAttribute('src', img('roxy-1'));
    await user.click(within(profile).getByRole('button', { name: 'Next photo' }));
    expect(within(profile).getByRole('img', { name: 'Roxy, photo 2 of 2' })).toHaveAttribute('src', img('roxy-2'));
    await user.click(within(profile).getByRole('button', { name: 'Show photo 1 of 2' }));
    expect(within(profile).getByRole('img', { name: 'Roxy, photo 1 of 2' })).toBeInTheDocument();
    expect(within(profile).getByText('Available')).toBeInTheDocument();
    expect(within(profile).getByText('Headliner on Fridays.')).toBeInTheDocument();
    expect(
      within(within(profile).getByRole('list', { name: 'Specialties' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Pole', 'Burlesque']);
  });

  it('pages entertainers three at a time', async () => {
    await signIn(host);
    const names = ['Amber', 'Bella', 'Cleo', 'Dahlia'];
    mockApi({ dancers: names.map((name) => makeDancer({ name })) });
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    const list = await screen.findByRole('list', { name: 'Entertainers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      within(screen.getByRole('list', { name: 'Entertainers' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Dahlia: view profile']);
  });

  it('changing the section starts its preview at the first photo', async () => {
    await signIn(host);
    mockApi();
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'Main Floor' }));
    const preview = () => screen.getByTestId('section-preview');
    await user.click(within(preview()).getByRole('button', { name: 'Next photo' }));
    expect(within(preview()).getByRole('img')).toHaveAccessibleName('Main Floor, photo 2 of 2');
    await user.click(screen.getByRole('radio', { name: 'Stage Side' }));
    expect(within(preview()).getByRole('img')).toHaveAccessibleName('Stage Side, photo 1 of 2');
    expect(within(preview()).getByRole('img')).toHaveAttribute('src', img('stage-1'));
  });

  it("prices a VIP room with the entertainer's modifier (hourly price × modifier, rounded, × hours)", async () => {
    await signIn(host);
    mockApi();
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    await user.click(screen.getByRole('radio', { name: 'Diamond Suite' }));
    await user.selectOptions(screen.getByLabelText('Duration'), '3');
    expect(screen.getByTestId('price-total')).toHaveTextContent(/^\$1,500$/);

    await user.click(await screen.findByRole('button', { name: 'Roxy: view profile' }));
    await user.click(screen.getByRole('button', { name: 'Select Entertainer' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    // 500 × 1.25 = 625 an hour, × 3 hours.
    expect(screen.getByTestId('price-total')).toHaveTextContent(/^\$1,875$/);
    expect(screen.getByTestId('price-summary')).toHaveTextContent('×1.25');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('price-total')).toHaveTextContent(/^\$1,500$/);
  });
});

describe('/booking/{venueId}: reserving', () => {
  async function chooseVipWithRoxy(user: ReturnType<typeof renderApp>['user']) {
    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    await user.click(screen.getByRole('radio', { name: 'Diamond Suite' }));
    await user.click(await screen.findByRole('button', { name: 'Roxy: view profile' }));
    await user.click(screen.getByRole('button', { name: 'Select Entertainer' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('radio', { name: '9:00 PM' }));
    await user.selectOptions(screen.getByLabelText('Duration'), '3');
  }

  it('posts the slot only (no total, no host id; numbers as numbers) and shows the confirmation with the server total', async () => {
    await signIn(host);
    const { bodies } = mockApi();
    const { user } = await openPage();
    await chooseVipWithRoxy(user);
    await user.click(reserveButton());

    const dialog = await screen.findByRole('dialog', { name: 'Booking Confirmed!' });
    expect(bodies).toEqual([
      {
        venueId: stripClub.id,
        sectionId: vipRoom.id,
        dancerId: roxy.id,
        bookingDate: todayInNewYork(),
        startTime: '21:00',
        duration: 3,
        friends: [],
        guestVisibility: 'both',
      },
    ]);
    expect(bodies[0]).not.toHaveProperty('totalCost');
    expect(bodies[0]).not.toHaveProperty('hostId');

    const summary = within(dialog).getByTestId('booking-summary');
    expect(summary).toHaveTextContent('Velvet Room');
    expect(summary).toHaveTextContent('Sunday, Nov 22, 2026');
    expect(summary).toHaveTextContent('9:00 PM - 12:00 AM EST (3 hours)');
    // The server's total (1900.00), in whole dollars, not the estimate ($1,875).
    expect(summary).toHaveTextContent('$1,900');
    expect(summary).not.toHaveTextContent('$1,875');
    expect(within(dialog).getByRole('heading', { name: 'Friends Coming Along' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it('disables taken start times with the reason in words, marks sold-out nights, and asks again for the chosen section and duration (issue 31.17)', async () => {
    await signIn(host);
    mockApi({ venue: nightclub, sections: [booth] });
    const today = todayInNewYork();
    const asked: string[] = [];
    server.use(
      http.get('/api/venues/:id/availability', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${q.get('sectionId')} ${q.get('date')} ${q.get('duration')}`);
        const duration = Number(q.get('duration'));
        return HttpResponse.json({
          date: q.get('date'),
          duration,
          takenStartTimes: duration >= 3 ? ['21:00', '22:00'] : ['22:00'],
          soldOutDates: ['2099-01-01', today],
        });
      }),
    );
    const { user } = await openPage(`/booking/${nightclub.id}`);
    // No section yet: nothing asked, nothing disabled.
    expect(screen.getByRole('radio', { name: '10:00 PM' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    const ten = await screen.findByRole('radio', { name: '10:00 PM, taken for 2 hours' });
    expect(ten).toBeDisabled();
    expect(screen.getByRole('radio', { name: '9:00 PM' })).toBeEnabled();
    expect(asked).toEqual([`${booth.id} ${today} 2`]);
    expect(screen.getByTestId('sold-out-nights')).toHaveTextContent('Sold out this month for Booth 1:');
    expect(screen.getByText(/Sold out: every start time on/)).toBeInTheDocument();
    // A chosen time that a longer duration makes taken is no choice: said, and Reserve waits.
    await user.click(screen.getByRole('radio', { name: '9:00 PM' }));
    await user.selectOptions(screen.getByLabelText('Duration'), '3');
    expect(
      await screen.findByText('9:00 PM is taken for 3 hours. Choose another start time or a shorter duration.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '9:00 PM, taken for 3 hours' })).toBeDisabled();
    expect(reserveButton()).toBeDisabled();
  });

  it('asks with the chosen entertainer and disables the times he is booked in another room, saying so (issue 31)', async () => {
    await signIn(host);
    mockApi();
    const asked: (string | null)[] = [];
    server.use(
      http.get('/api/venues/:id/availability', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q.get('dancerId'));
        const busy = q.get('dancerId') === roxy.id ? (['21:00'] as const) : [];
        return HttpResponse.json({
          date: q.get('date'),
          duration: Number(q.get('duration')),
          takenStartTimes: busy,
          dancerTakenStartTimes: busy,
          soldOutDates: [],
        });
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    await user.click(screen.getByRole('radio', { name: 'Diamond Suite' }));
    await user.click(screen.getByRole('radio', { name: '9:00 PM' }));
    expect(asked).toEqual([null]);
    await user.click(await screen.findByRole('button', { name: 'Roxy: view profile' }));
    await user.click(screen.getByRole('button', { name: 'Select Entertainer' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('radio', { name: '9:00 PM, entertainer booked' })).toBeDisabled();
    expect(asked).toEqual([null, roxy.id]);
    expect(
      screen.getByText('This entertainer is already booked at that time. Please choose another time or entertainer.'),
    ).toBeInTheDocument();
    expect(reserveButton()).toBeDisabled();
    // Without him the room is free again.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('radio', { name: '9:00 PM' })).toBeEnabled();
  });

  it('Start Inviting goes to the discover section of the invites tab', async () => {
    server.use(http.get('/api/*', () => HttpResponse.json([])));
    await signIn(host);
    mockApi({ venue: nightclub, sections: [booth] });
    const { user, location } = await openPage(`/booking/${nightclub.id}`);
    await user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    await user.click(screen.getByRole('radio', { name: '6:00 PM' }));
    await user.click(reserveButton());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Booking Confirmed!' })).getByRole('button', {
        name: 'Start Inviting',
      }),
    );
    await waitFor(() => expect(location()).toBe('/dashboard?tab=invites&section=discover'));
  });

  it("sends the chosen audiences joined by commas ('Show to Guests', default both); Both is never chosen beside Men or Women", async () => {
    await signIn(host);
    const { bodies } = mockApi({ venue: nightclub, sections: [booth] });
    const { user } = await openPage(`/booking/${nightclub.id}`);
    const show = screen.getByRole('group', { name: 'Show to Guests' });
    const checked = () =>
      ['Men', 'Women', 'Both'].filter(
        (name) => (within(show).getByRole('checkbox', { name }) as HTMLInputElement).checked,
      );
    expect(checked()).toEqual(['Both']);
    // Men or Women replaces Both (the server refuses 'women,both'); Both replaces them.
    await user.click(within(show).getByRole('checkbox', { name: 'Women' }));
    expect(checked()).toEqual(['Women']);
    await user.click(within(show).getByRole('checkbox', { name: 'Men' }));
    expect(checked()).toEqual(['Men', 'Women']);
    await user.click(within(show).getByRole('checkbox', { name: 'Both' }));
    expect(checked()).toEqual(['Both']);
    // The last audience cannot be removed.
    await user.click(within(show).getByRole('checkbox', { name: 'Both' }));
    expect(checked()).toEqual(['Both']);
    await user.click(within(show).getByRole('checkbox', { name: 'Men' }));
    await user.click(within(show).getByRole('checkbox', { name: 'Men' }));
    expect(checked()).toEqual(['Men']);
    await user.click(within(show).getByRole('checkbox', { name: 'Women' }));
    expect(checked()).toEqual(['Men', 'Women']);

    await user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    await user.click(screen.getByRole('radio', { name: '6:00 PM' }));
    await user.click(reserveButton());
    const dialog = await screen.findByRole('dialog', { name: 'Booking Confirmed!' });
    expect(bodies[0]).toMatchObject({ guestVisibility: 'men,women', dancerId: null });
    // The confirmation shows the saved audiences, and a change there is saved on the booking.
    const saved: unknown[] = [];
    server.use(
      http.put('/api/bookings/:id/guest-visibility', async ({ request, params }) => {
        const b = (await request.json()) as { guestVisibility: string };
        saved.push({ id: params.id, ...b });
        return HttpResponse.json(bookingAnswer({ ...bodies[0], guestVisibility: b.guestVisibility }));
      }),
    );
    const confirmedShow = within(dialog).getByRole('group', { name: 'Show to Guests' });
    expect(within(confirmedShow).getByRole('checkbox', { name: 'Men' })).toBeChecked();
    expect(within(confirmedShow).getByRole('checkbox', { name: 'Women' })).toBeChecked();
    expect(within(confirmedShow).getByRole('checkbox', { name: 'Both' })).not.toBeChecked();
    await user.click(within(confirmedShow).getByRole('checkbox', { name: 'Men' }));
    await waitFor(() =>
      expect(saved).toEqual([{ id: 'b0000000-0000-4000-8000-000000000001', guestVisibility: 'women' }]),
    );
    await waitFor(() => expect(within(confirmedShow).getByRole('checkbox', { name: 'Both' })).toBeEnabled());
    await user.click(within(confirmedShow).getByRole('checkbox', { name: 'Both' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ id: 'b0000000-0000-4000-8000-000000000001', guestVisibility: 'both' });
    expect(within(confirmedShow).getByRole('checkbox', { name: 'Women' })).not.toBeChecked();
  });

  it("shows the server's message when the booking is refused, and no confirmation", async () => {
    await signIn(host);
    mockApi({
      venue: nightclub,
      sections: [booth],
      booking: () =>
        HttpResponse.json(
          { statusCode: 409, code: 'BOOKING.SLOT_TAKEN', message: BOOKING_MESSAGES.slotTaken },
          { status: 409 },
        ),
    });
    const { user } = await openPage(`/booking/${nightclub.id}`);
    await user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    await user.click(screen.getByRole('radio', { name: '6:00 PM' }));
    await user.click(reserveButton());
    const t = await findToast();
    expect(t).toHaveTextContent('Booking Failed');
    expect(t).toHaveTextContent(BOOKING_MESSAGES.slotTaken);
    expect(screen.queryByRole('dialog', { name: 'Booking Confirmed!' })).not.toBeInTheDocument();
  });
});

describe('/booking/{venueId}: friends in the confirmation', () => {
  async function confirmBooking() {
    await signIn(host);
    mockApi({ venue: nightclub, sections: [booth] });
    const app = await openPage(`/booking/${nightclub.id}`);
    await app.user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    await app.user.click(screen.getByRole('radio', { name: '6:00 PM' }));
    await app.user.click(reserveButton());
    return { ...app, dialog: await screen.findByRole('dialog', { name: 'Booking Confirmed!' }) };
  }

  const friend = (overrides: Record<string, unknown> = {}) => ({
    id: 'f0000000-0000-4000-8000-000000000001',
    userId: host.id,
    bookingId: 'b0000000-0000-4000-8000-000000000001',
    name: 'Mia',
    phoneNumber: null,
    instagram: 'mia.miami',
    profilePicture: null,
    inviteUrl: '/friend-invite/abcdefghijklmnopqrstuvwxyz',
    claimed: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  });

  it('adds a friend by Instagram to the booking; a blank name is refused', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/friends', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(friend(), { status: 201 });
      }),
    );
    const { user, dialog } = await confirmBooking();
    await user.click(within(dialog).getByRole('button', { name: 'Add Friend' }));
    expect(within(dialog).getByText('Friend name is required')).toBeInTheDocument();
    // The server's limit, as the input's own: nothing longer can be typed (it answered '…is required').
    expect(within(dialog).getByLabelText('Friend name')).toHaveAttribute('maxlength', String(TEXT_LIMITS.friendName));
    expect(bodies).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Friend name'), 'Mia');
    await user.type(within(dialog).getByLabelText('Instagram handle'), '@mia.miami');
    await user.click(within(dialog).getByRole('button', { name: 'Add Friend' }));
    const list = await within(dialog).findByRole('list', { name: 'Friends coming along' });
    expect(list).toHaveTextContent('Mia');
    expect(list).toHaveTextContent('@mia.miami');
    expect(bodies).toEqual([
      { name: 'Mia', bookingId: 'b0000000-0000-4000-8000-000000000001', instagram: 'mia.miami' },
    ]);
    expect(within(dialog).getByLabelText('Friend name')).toHaveValue('');
  });

  it('adds a friend with a photo: presigned POST, the file posted with its type, then the picture set', async () => {
    const calls: string[] = [];
    const uploadUrl = 'https://storage.test/luxe-bookings';
    const objectPath = 'staging/friends/f0000000-0000-4000-8000-000000000001/abc';
    server.use(
      http.post('/api/friends', () => {
        calls.push('create');
        return HttpResponse.json(friend({ instagram: null }), { status: 201 });
      }),
      http.post('/api/friends/:id/images', () => {
        calls.push('upload-url');
        return HttpResponse.json({ uploadUrl, fields: { key: objectPath, policy: 'p' }, objectPath });
      }),
      http.post(uploadUrl, async ({ request }) => {
        const form = await request.formData();
        calls.push(`post ${form.get('key')} ${form.get('Content-Type')}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.put('/api/friends/:id/picture', async ({ request }) => {
        calls.push(`picture ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(
          friend({ instagram: null, profilePicture: '/api/images/friends/f0000000-0000-4000-8000-000000000001/p.jpg' }),
        );
      }),
    );
    const { user, dialog } = await confirmBooking();
    await user.click(within(dialog).getByRole('radio', { name: 'Photo' }));
    await user.type(within(dialog).getByLabelText('Friend name'), 'Mia');
    await user.upload(
      within(dialog).getByLabelText('Friend photo'),
      new File(['img'], 'mia.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Friend' }));
    await within(dialog).findByRole('list', { name: 'Friends coming along' });
    expect(calls).toEqual([
      'create',
      'upload-url',
      `post ${objectPath} image/png`,
      `picture {"imageURL":"${objectPath}"}`,
    ]);
  });

  it("says 'Failed to add friend. Please try again.' when the server refuses", async () => {
    server.use(http.post('/api/friends', () => HttpResponse.json({ message: 'nope' }, { status: 500 })));
    const { user, dialog } = await confirmBooking();
    await user.type(within(dialog).getByLabelText('Friend name'), 'Mia');
    await user.click(within(dialog).getByRole('button', { name: 'Add Friend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to add friend. Please try again.');
  });

  it("says 'User not found. Please log in again.' without a signed-in user id", async () => {
    const { user, dialog } = await confirmBooking();
    window.localStorage.removeItem(STORAGE_KEYS.currentUserId);
    await user.type(within(dialog).getByLabelText('Friend name'), 'Mia');
    await user.click(within(dialog).getByRole('button', { name: 'Add Friend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('User not found. Please log in again.');
  });
});

describe('/booking/{venueId}: visitors', () => {
  it('a visitor in the guest flow fills in a booking; Reserve keeps the choice and asks for an account; after login it is restored', async () => {
    const { bodies } = mockApi();
    const { user, location } = renderApp(`/booking/${stripClub.id}?guest=true`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a Section' }, PAGE)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    expect(screen.getByText('Log in to choose an entertainer for your VIP room.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Diamond Suite' }));
    await user.click(screen.getByRole('radio', { name: '11:00 PM' }));
    await user.selectOptions(screen.getByLabelText('Duration'), '4');
    await user.click(reserveButton());

    const dialog = screen.getByRole('dialog', { name: 'Create Account to Complete Booking' });
    expect(within(dialog).getByRole('button', { name: 'Create Free Account' })).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.guestBooking) ?? 'null')).toEqual({
      venueId: stripClub.id,
      date: todayInNewYork(),
      startTime: '23:00',
      duration: 4,
      sectionId: vipRoom.id,
      dancerId: null,
      guestVisibility: 'both',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe(`/booking/${stripClub.id}`);

    // Escape closes the dialog and focus goes back to Reserve.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reserveButton()).toHaveFocus();

    await user.click(reserveButton());
    await user.click(screen.getByRole('button', { name: 'Already have an account? Log In' }));
    await waitFor(() => expect(location()).toBe('/login'), PAGE);

    server.use(http.post('/api/auth/login', () => HttpResponse.json(host)));
    await user.type(await screen.findByLabelText('Email', {}, PAGE), 'ava@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'velvet-rope-8');
    server.use(http.get('/api/auth/me', () => HttpResponse.json(host)));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back! Your booking details were restored.', {}, PAGE)).toBeInTheDocument();
    expect(location()).toBe(`/booking/${stripClub.id}`);
    expect(screen.getByRole('radio', { name: 'VIP Rooms' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Diamond Suite' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '11:00 PM' })).toBeChecked();
    expect(screen.getByLabelText('Duration')).toHaveValue('4');
    expect(window.localStorage.getItem(STORAGE_KEYS.guestBooking)).toBeNull();

    await user.click(reserveButton());
    await screen.findByRole('dialog', { name: 'Booking Confirmed!' });
    expect(bodies[0]).toMatchObject({ sectionId: vipRoom.id, startTime: '23:00', duration: 4, dancerId: null });
  });

  it('a visitor who creates an account in the middle of a booking comes back to it, restored (issue 31: it landed on the Profile tab)', async () => {
    mockApi();
    const registered: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        registered.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(host, { status: 201 });
      }),
    );
    const { user, location } = renderApp(`/booking/${stripClub.id}?guest=true`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Book a Section' }, PAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'VIP Rooms' }));
    await user.click(screen.getByRole('radio', { name: 'Diamond Suite' }));
    await user.click(screen.getByRole('radio', { name: '10:00 PM' }));
    await user.click(reserveButton());
    await user.click(screen.getByRole('button', { name: 'Create Free Account' }));

    await user.type(await screen.findByLabelText('First Name', {}, PAGE), 'Ava');
    await user.type(screen.getByLabelText('Last Name'), 'Stone');
    await user.type(screen.getByLabelText('Email'), 'ava@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'velvet-rope-8');
    await user.click(screen.getByRole('button', { name: 'Continue to Location' }));
    server.use(http.get('/api/auth/me', () => HttpResponse.json(host)));
    await user.click(await screen.findByRole('button', { name: 'Complete Registration' }, PAGE));

    expect(await screen.findByText('Welcome back! Your booking details were restored.', {}, PAGE)).toBeInTheDocument();
    expect(location()).toBe(`/booking/${stripClub.id}`);
    expect(registered).toEqual([expect.objectContaining({ userType: 'host', email: 'ava@example.com' })]);
    expect(screen.getByRole('radio', { name: 'Diamond Suite' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '10:00 PM' })).toBeChecked();
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBeNull();
  });

  it('a session that ended before Reserve keeps the choice and sends the user to log in', async () => {
    await signIn(host);
    const { bodies } = mockApi({
      venue: nightclub,
      sections: [booth],
      booking: () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 }),
    });
    const { user, location } = await openPage(`/booking/${nightclub.id}`);
    await user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    await user.click(screen.getByRole('radio', { name: '8:00 PM' }));
    await user.click(reserveButton());
    await waitFor(() => expect(location()).toBe('/login'), PAGE);
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.guestBooking) ?? 'null')).toMatchObject({
      venueId: nightclub.id,
      sectionId: booth.id,
      startTime: '20:00',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.redirectAfterLogin)).toBe(`/booking/${nightclub.id}`);
  });

  it('Create Free Account goes to host sign-up', async () => {
    mockApi({ venue: nightclub, sections: [booth] });
    const { user, location } = renderApp(`/booking/${nightclub.id}?guest=true`);
    await user.click(await screen.findByRole('radio', { name: 'Booth 1' }, PAGE));
    await user.click(screen.getByRole('radio', { name: '6:00 PM' }));
    await user.click(reserveButton());
    await user.click(screen.getByRole('button', { name: 'Create Free Account' }));
    await waitFor(() => expect(location()).toBe('/signup?type=host'));
  });

  it("a signed-in user does not get another venue's stored choice", async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.guestBooking,
      JSON.stringify({
        venueId: nightclub.id,
        date: todayInNewYork(),
        startTime: '23:00',
        duration: 4,
        sectionId: booth.id,
        dancerId: null,
        guestVisibility: 'both',
      }),
    );
    await signIn(host);
    mockApi();
    await openPage();
    expect(screen.queryByText('Welcome back! Your booking details were restored.')).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '11:00 PM' })).not.toBeChecked();
  });
});

describe('/booking/{venueId}: a section that takes a deposit (docs/product.md#booking-deposits)', () => {
  const balcony = makeSection({
    venueId: nightclub.id,
    name: 'Balcony',
    pricePerHour: '500.00',
    minimumSpend: '2500.00',
    depositPercent: 25,
  });

  it('shows the minimum spend, the deposit due now and the balance due at the venue; Pay Deposit goes to the card payment with the choice, booking nothing yet', async () => {
    await signIn(host);
    const { bodies } = mockApi({ venue: nightclub, sections: [booth, balcony], dancers: [] });
    // The payment page, reached next, finds card payments not configured here.
    server.use(http.get('/api/payments/config', () => HttpResponse.json({ publishableKey: null })));
    const { user, location } = await openPage(`/booking/${nightclub.id}`);
    const option = screen.getByRole('radio', { name: 'Balcony' });
    expect(option.closest('label') ?? option.parentElement!).toHaveTextContent('Minimum spend $2,500 · 25% deposit');
    await user.click(option);
    await user.click(screen.getByRole('radio', { name: '10:00 PM' }));
    await user.selectOptions(screen.getByLabelText('Duration'), '2');
    expect(screen.getByTestId('price-minimum-spend')).toHaveTextContent('$2,500');
    expect(screen.getByTestId('price-total')).toHaveTextContent('$2,500');
    expect(screen.getByTestId('price-deposit')).toHaveTextContent('$625');
    expect(screen.getByTestId('price-balance')).toHaveTextContent('$1,875');
    expect(screen.getByTestId('reserve-deposit')).toHaveTextContent('Deposit due now: $625');
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pay Deposit' }));
    await waitFor(() => expect(location()).toBe('/payment'));
    expect(bodies).toEqual([]);
    const pending = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.pendingBooking)!);
    expect(pending).toMatchObject({
      venueId: nightclub.id,
      venueName: 'LIV Lounge',
      date: todayInNewYork(),
      time: '22:00',
      duration: 2,
      totalPrice: 2500,
      friendsCount: 0,
    });
    expect(pending.section).toEqual({
      id: balcony.id,
      name: 'Balcony',
      dancerId: null,
      guestVisibility: 'both',
      depositPercent: 25,
      depositAmount: 625,
      balanceDue: 1875,
      minimumSpend: 2500,
    });
  });

  it('a section without a deposit is still reserved at once, with the balance due at the venue', async () => {
    await signIn(host);
    const { bodies } = mockApi({ venue: nightclub, sections: [booth, balcony], dancers: [] });
    const { user } = await openPage(`/booking/${nightclub.id}`);
    await user.click(screen.getByRole('radio', { name: 'Booth 1' }));
    await user.click(screen.getByRole('radio', { name: '10:00 PM' }));
    expect(screen.queryByTestId('price-deposit')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reserve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Confirmed!' });
    expect(bodies).toHaveLength(1);
    expect(within(dialog).getByTestId('confirmation-balance')).toHaveTextContent('$1,900');
  });
});
