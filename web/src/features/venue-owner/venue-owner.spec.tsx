import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEPOSIT_MESSAGES,
  MAX_IMAGE_BYTES,
  TEXT_LIMITS,
  VENUE_ERRORS,
  type Dancer,
  type Section,
  type Venue,
} from '@luxe/contracts';
import { makeUser, signIn } from '../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';
import { axeViolations } from '../../testing/axe';

const owner = makeUser({ id: '11111111-1111-4111-8111-111111111111', firstName: 'Olivia', userType: 'venue' });
const VENUE_ID = '22222222-2222-4222-8222-222222222222';
const photo = (n: number) =>
  `/api/images/venues/${owner.id}/${'a'.repeat(8)}-0000-4000-8000-${String(n).padStart(12, '0')}.jpg`;

function makeVenue(overrides: Partial<Venue> = {}): Venue {
  return {
    id: VENUE_ID,
    ownerId: owner.id,
    name: 'Velvet Room',
    type: 'club',
    subtype: 'nightclub',
    city: 'Miami',
    state: 'Florida',
    address: '1 Ocean Dr',
    description: 'Late nights',
    images: [],
    amenities: [],
    capacity: 200,
    pricePerHour: '500.00',
    rating: '4.50',
    hours: null,
    yachtLength: null,
    hasCaptain: false,
    responseRate: null,
    cancellationPolicy: 'moderate',
    rules: [],
    pricingTiers: [],
    approvalStatus: 'pending',
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    imageUrl: '/api/placeholder-venue',
    formattedPrice: '$500/hr',
    ...overrides,
  };
}

function makeSection(overrides: Partial<Section> = {}): Section {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    venueId: VENUE_ID,
    name: 'Main Booth',
    type: 'Booth',
    description: '',
    images: [],
    capacity: 8,
    pricePerHour: '750.00',
    amenities: [],
    isVipRoom: false,
    isExclusive: false,
    maxSimultaneousBookings: 999,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    premiumMultiplier: 1.5,
    premiumLabel: '+50%',
    imageUrl: '/api/placeholder-section',
    minimumSpend: null,
    depositPercent: 0,
    ...overrides,
  };
}

/** The owner is signed in and GET /api/my-venues answers these venues; returns how many times it was read. */
async function withVenues(venues: Venue[]) {
  await signIn(owner);
  const reads = { count: 0 };
  server.use(
    http.get('/api/my-venues', () => {
      reads.count += 1;
      return HttpResponse.json(venues);
    }),
  );
  return reads;
}

// The route is loaded on demand; load it once up front so that the first test's queries do not wait on the transform.
beforeAll(async () => {
  await import('../../app/routes/venue-dashboard/venue-dashboard');
}, 30_000);

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('/venue-dashboard: My Events', () => {
  it("lists the owner's venues with type, place, price and approval status, and offers the two tabs", async () => {
    await withVenues([
      makeVenue(),
      makeVenue({
        id: '44444444-4444-4444-8444-444444444444',
        name: 'Sea Breeze',
        type: 'yacht',
        subtype: null,
        approvalStatus: 'approved',
        formattedPrice: '$1,250/hr',
        imageUrl: '/api/placeholder-yacht',
      }),
    ]);
    const { user, location } = renderApp('/venue-dashboard');
    const list = await screen.findByRole('list', { name: 'Your venues' });
    const cards = within(list).getAllByTestId('venue-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Velvet Room');
    expect(cards[0]).toHaveTextContent('Club · Nightclub · Miami, FL');
    expect(cards[0]).toHaveTextContent('$500/hr');
    expect(within(cards[0]!).getByText('Pending approval')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('img', { name: 'Velvet Room' })).toHaveAttribute(
      'src',
      '/api/placeholder-venue',
    );
    expect(within(cards[1]!).getByText('Approved')).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Yacht · Miami, FL');
    expect(screen.getByRole('heading', { level: 1, name: 'My Events' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Venue dashboard' });
    await user.click(within(nav).getByRole('button', { name: 'My Bookings' }));
    expect(location()).toBe('/venue-dashboard?tab=my-bookings');
    expect(screen.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeInTheDocument();
    expect(await screen.findByText('No bookings yet')).toBeInTheDocument();
  });

  it('shows a skeleton of the venue cards while the list loads', async () => {
    await signIn(owner);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/my-venues', async () => {
        await answered;
        return HttpResponse.json([makeVenue()]);
      }),
    );
    renderApp('/venue-dashboard');
    const skeleton = (await screen.findByText('Loading your venues...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('list', { name: 'Your venues' })).toBeInTheDocument();
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it('creates a club: state before city, numbers sent as numbers, no userId, then the list is read again', async () => {
    const mine: Venue[] = [];
    const reads = await withVenues(mine);
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/venues', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        mine.push(makeVenue({ subtype: 'strip_club' }));
        return HttpResponse.json(makeVenue(), { status: 201 });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await screen.findByText('No events yet');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(screen.getByRole('heading', { name: 'Add Club Event' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Venue name is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('Price per hour must be between $0.01 and $99,999,999.99')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(screen.getByLabelText('Venue name'), 'Velvet Room');
    await user.selectOptions(screen.getByLabelText('Club type'), 'strip_club');
    const city = screen.getByLabelText('City');
    expect(city).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('State'), 'Florida');
    expect(city).toBeEnabled();
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a city', 'Jacksonville', 'Miami', 'Tampa']);
    await user.selectOptions(city, 'Miami');
    await user.type(screen.getByLabelText('Address'), '1 Ocean Dr');
    const capacity = screen.getByLabelText('Capacity');
    await user.clear(capacity);
    await user.type(capacity, '-5');
    await user.tab();
    expect(capacity).toHaveValue(1);
    await user.clear(capacity);
    await user.type(capacity, '250');
    await user.type(screen.getByLabelText('Price per hour ($)'), '500');
    await user.type(screen.getByLabelText('Rating (1 to 5)'), '4.5');
    await user.type(screen.getByLabelText('Amenities'), 'Bottle service{Enter}DJ');
    // The cancellation policy: one of three, moderate by default, its rules told under the select.
    const policy = screen.getByLabelText('Cancellation policy');
    expect(
      within(policy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Flexible', 'Moderate', 'Strict']);
    expect(policy).toHaveValue('moderate');
    await user.selectOptions(policy, 'strict');
    expect(policy).toHaveAccessibleDescription(
      'Full refund up to 14 days before the start; 50% refund up to 7 days before; no refund after.',
    );
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    const toast = await findToast();
    expect(toast).toHaveTextContent('Success');
    expect(sent).not.toBeNull();
    expect(sent).not.toHaveProperty('userId');
    expect(sent).toMatchObject({
      name: 'Velvet Room',
      type: 'club',
      subtype: 'strip_club',
      state: 'Florida',
      city: 'Miami',
      address: '1 Ocean Dr',
      capacity: 250,
      pricePerHour: 500,
      rating: 4.5,
      amenities: ['Bottle service', 'DJ'],
      images: [],
      cancellationPolicy: 'strict',
    });
    await waitFor(() => reads.count === 2);
    const list = await screen.findByRole('list', { name: 'Your venues' });
    expect(list).toHaveTextContent('Club · Strip club · Miami, FL');
  });

  it('shows the server message in the error toast, and the fallback when there is none', async () => {
    await withVenues([makeVenue()]);
    let answer: 'message' | 'bare' = 'message';
    let sent: unknown = null;
    server.use(
      http.put('/api/venues/:id', async ({ request }) => {
        sent = await request.json();
        return answer === 'message'
          ? HttpResponse.json(
              { statusCode: 403, code: 'VENUE.NOT_OWNER', message: 'Only the owner can change this venue' },
              { status: 403 },
            )
          : new HttpResponse(null, { status: 500 });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Edit Velvet Room' }));
    expect(screen.getByLabelText('City')).toHaveValue('Miami');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    let toast = await findToast();
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Only the owner can change this venue');
    expect(sent).toMatchObject({
      name: 'Velvet Room',
      type: 'club',
      subtype: 'nightclub',
      city: 'Miami',
      state: 'Florida',
      capacity: 200,
      pricePerHour: 500,
      rating: 4.5,
    });
    expect(sent).not.toHaveProperty('userId');

    answer = 'bare';
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => screen.queryByTestId('toast')?.textContent?.includes('Failed to update venue') ?? false);
    toast = await findToast();
    expect(toast).toHaveTextContent('Failed to update venue');
  });

  it('uses "Failed to create venue" when creating fails without a message', async () => {
    await withVenues([]);
    server.use(http.post('/api/venues', () => new HttpResponse('', { status: 502 })));
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Add Event' }));
    await user.type(screen.getByLabelText('Venue name'), 'Velvet Room');
    await user.selectOptions(screen.getByLabelText('State'), 'Florida');
    await user.selectOptions(screen.getByLabelText('City'), 'Miami');
    await user.type(screen.getByLabelText('Address'), '1 Ocean Dr');
    await user.type(screen.getByLabelText('Price per hour ($)'), '500');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to create venue');
  });

  it('asks "Are you sure you want to delete this venue?" in a dialog before deleting', async () => {
    const reads = await withVenues([makeVenue()]);
    const deleted: string[] = [];
    server.use(
      http.delete('/api/venues/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    const del = await screen.findByRole('button', { name: 'Delete Velvet Room' });
    await user.click(del);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete venue' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this venue?');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(del).toHaveFocus();
    expect(deleted).toEqual([]);

    await user.click(del);
    dialog = screen.getByRole('alertdialog', { name: 'Delete venue' });
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findToast()).toHaveTextContent('Venue deleted');
    expect(deleted).toEqual([VENUE_ID]);
    await waitFor(() => reads.count === 2);
  });
});

describe('/venue-dashboard: yacht form', () => {
  it('adds pricing tiers with default hours (count + 1) x 2 and shows a live preview', async () => {
    await withVenues([]);
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/venues', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeVenue({ type: 'yacht', subtype: null }), { status: 201 });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Add Yacht' }));
    const preview = screen.getByRole('complementary', { name: 'Live preview' });
    expect(within(preview).getByTestId('preview-name')).toHaveTextContent('Your yacht');
    expect(screen.getByLabelText('Yacht name')).toHaveAttribute('maxlength', String(TEXT_LIMITS.venueName));
    expect(screen.getByLabelText('Address')).toHaveAttribute('maxlength', String(TEXT_LIMITS.address));
    await user.type(screen.getByLabelText('Yacht name'), 'Sea Breeze');
    expect(within(preview).getByTestId('preview-name')).toHaveTextContent('Sea Breeze');
    expect(screen.queryByLabelText('Club type')).toBeNull();

    const add = screen.getByRole('button', { name: 'Add Tier' });
    await user.click(add);
    expect(screen.getByLabelText('Tier 1 hours')).toHaveValue(2);
    await user.click(add);
    expect(screen.getByLabelText('Tier 2 hours')).toHaveValue(4);
    await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
    expect(screen.getByLabelText('Tier 1 hours')).toHaveValue(4);
    await user.click(add);
    expect(screen.getByLabelText('Tier 2 hours')).toHaveValue(4);
    await user.clear(screen.getByLabelText('Tier 2 hours'));
    await user.type(screen.getByLabelText('Tier 2 hours'), '6');
    await user.type(screen.getByLabelText('Tier 1 price ($)'), '2000');
    await user.type(screen.getByLabelText('Tier 2 price ($)'), '2800');

    await user.selectOptions(screen.getByLabelText('State'), 'Florida');
    await user.selectOptions(screen.getByLabelText('City'), 'Miami');
    await user.type(screen.getByLabelText('Address'), 'Pier 5');
    await user.type(screen.getByLabelText('Price per hour ($)'), '500');
    expect(within(preview).getByTestId('preview-price')).toHaveTextContent('$500/hr');
    await user.type(screen.getByLabelText('Yacht length (ft)'), '80');
    await user.click(screen.getByRole('switch', { name: 'Captain included' }));
    expect(preview).toHaveTextContent('Captained');
    await user.type(screen.getByLabelText('Rules & safety'), 'No smoking');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await findToast()).toHaveTextContent('Success');
    expect(sent).toMatchObject({
      type: 'yacht',
      subtype: null,
      yachtLength: 80,
      hasCaptain: true,
      rules: ['No smoking'],
      pricingTiers: [
        { hours: 4, price: 2000 },
        { hours: 6, price: 2800 },
      ],
    });
  });
});

describe('/venue-dashboard: yacht tiers that make a longer trip cheaper', () => {
  async function yachtForm(tiers: [number, number][]) {
    await withVenues([]);
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/venues', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(makeVenue({ type: 'yacht', subtype: null }), { status: 201 });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Add Yacht' }));
    await user.type(screen.getByLabelText('Yacht name'), 'Sea Breeze');
    await user.selectOptions(screen.getByLabelText('State'), 'Florida');
    await user.selectOptions(screen.getByLabelText('City'), 'Miami');
    await user.type(screen.getByLabelText('Address'), 'Pier 5');
    await user.type(screen.getByLabelText('Price per hour ($)'), '500');
    for (const [i, [hours, price]] of tiers.entries()) {
      await user.click(screen.getByRole('button', { name: 'Add Tier' }));
      await user.clear(screen.getByLabelText(`Tier ${i + 1} hours`));
      await user.type(screen.getByLabelText(`Tier ${i + 1} hours`), String(hours));
      await user.type(screen.getByLabelText(`Tier ${i + 1} price ($)`), String(price));
    }
    return { user, sent };
  }

  it('warns before saving 6 hours for less than 5; Edit Tiers goes back to the tier, and fixed tiers save without a word', async () => {
    const { user, sent } = await yachtForm([
      [5, 2500],
      [6, 2000],
    ]);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const warning = await screen.findByRole('alert', { name: 'A longer trip would cost less than a shorter one' });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['6 hours: $2,000, less than 5 hours: $2,500']);
    expect(warning).toHaveFocus();
    expect(sent).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(warning).getByRole('button', { name: 'Edit Tiers' }));
    expect(screen.queryByTestId('tier-price-warning')).toBeNull();
    expect(screen.getByLabelText('Tier 2 price ($)')).toHaveFocus();
    await user.clear(screen.getByLabelText('Tier 2 price ($)'));
    await user.type(screen.getByLabelText('Tier 2 price ($)'), '2900');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await findToast()).toHaveTextContent('Success');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      pricingTiers: [
        { hours: 5, price: 2500 },
        { hours: 6, price: 2900 },
      ],
    });
    expect(screen.queryByTestId('tier-price-warning')).toBeNull();
  });

  it('the owner may confirm: Save Anyway saves the tiers as they are (a tier above the hourly price counts too)', async () => {
    // $500/hr: 5 hours by the hour is $2,500, less than the 4-hour tier of $3,000.
    const { user, sent } = await yachtForm([[4, 3000]]);
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    const warning = await screen.findByRole('alert', { name: 'A longer trip would cost less than a shorter one' });
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['5 hours: $2,500, less than 4 hours: $3,000']); // 6 hours by the hour ($3,000) is no less
    await user.click(within(warning).getByRole('button', { name: 'Save Anyway' }));
    expect(await findToast()).toHaveTextContent('Success');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ pricePerHour: 500, pricingTiers: [{ hours: 4, price: 3000 }] });
  });
});

describe('/venue-dashboard: sections', () => {
  async function openSections(venue: Venue, sections: Section[] = [makeSection()]) {
    await withVenues([venue]);
    const sectionReads = { count: 0 };
    server.use(
      http.get('/api/venues/:id/sections', () => {
        sectionReads.count += 1;
        return HttpResponse.json(sections);
      }),
    );
    const app = renderApp('/venue-dashboard');
    await app.user.click(await screen.findByRole('button', { name: `Manage sections of ${venue.name}` }));
    await screen.findByRole('list', { name: 'Sections' });
    return { ...app, sectionReads };
  }

  it('lists sections with their premium; Create VIP Room only for strip clubs', async () => {
    const first = await openSections(makeVenue());
    const list = screen.getByRole('list', { name: 'Sections' });
    expect(list).toHaveTextContent('Main Booth');
    expect(within(list).getByText('+50%')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Section' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create VIP Room' })).toBeNull();
    await first.user.click(screen.getByRole('button', { name: 'Add Section' }));
    expect(screen.queryByRole('switch', { name: 'VIP Room' })).toBeNull();
    first.unmount();

    await openSections(makeVenue({ subtype: 'strip_club' }));
    expect(screen.getByRole('button', { name: 'Create VIP Room' })).toBeInTheDocument();
  });

  it('VIP Room on turns Exclusive on and max bookings to 1 (locked); Exclusive off sets 999', async () => {
    let sent: Record<string, unknown> | null = null;
    const { user, sectionReads } = await openSections(makeVenue({ subtype: 'strip_club' }));
    server.use(
      http.post('/api/venues/:id/sections', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeSection({ isVipRoom: true, isExclusive: true, maxSimultaneousBookings: 1 }), {
          status: 201,
        });
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Add Section' }));
    const vip = screen.getByRole('switch', { name: 'VIP Room' });
    const exclusive = screen.getByRole('switch', { name: 'Exclusive' });
    const max = screen.getByLabelText('Max simultaneous bookings');
    expect(max).toHaveValue(999);
    expect(exclusive).toHaveAttribute('aria-checked', 'false');

    await user.click(vip);
    expect(vip).toHaveAttribute('aria-checked', 'true');
    expect(exclusive).toHaveAttribute('aria-checked', 'true');
    expect(max).toHaveValue(1);
    expect(max).toHaveAttribute('readonly');

    await user.click(vip);
    expect(exclusive).toHaveAttribute('aria-checked', 'true');
    await user.click(exclusive);
    expect(exclusive).toHaveAttribute('aria-checked', 'false');
    expect(max).toHaveValue(999);
    expect(max).not.toHaveAttribute('readonly');
    await user.click(exclusive);
    expect(max).toHaveValue(1);

    await user.click(vip);
    // The contract's limits are the inputs' own (an over-long name answered '…is required').
    expect(screen.getByLabelText('Section name')).toHaveAttribute('maxlength', String(TEXT_LIMITS.sectionName));
    expect(screen.getByLabelText('Section type')).toHaveAttribute('maxlength', String(TEXT_LIMITS.sectionType));
    await user.type(screen.getByLabelText('Section name'), 'Red Room');
    await user.type(screen.getByLabelText('Section type'), 'Private');
    await user.type(screen.getByLabelText('Price per hour ($)'), '900');
    await user.click(screen.getByRole('button', { name: 'Create Section' }));
    expect(await findToast()).toHaveTextContent('VIP room created');
    expect(sent).toMatchObject({
      name: 'Red Room',
      type: 'Private',
      isVipRoom: true,
      isExclusive: true,
      maxSimultaneousBookings: 1,
      pricePerHour: 900,
      capacity: 1,
    });
    await waitFor(() => sectionReads.count === 2);
  });

  it('Create VIP Room opens a form with VIP on; delete asks "Are you sure you want to delete this section?"; failures use the fallbacks', async () => {
    const { user } = await openSections(makeVenue({ subtype: 'strip_club' }));
    server.use(
      http.post('/api/venues/:id/sections', () => new HttpResponse(null, { status: 500 })),
      http.delete('/api/sections/:id', () =>
        HttpResponse.json({ statusCode: 404, message: 'Section not found' }, { status: 404 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create VIP Room' }));
    expect(screen.getByRole('switch', { name: 'VIP Room' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByLabelText('Max simultaneous bookings')).toHaveValue(1);
    await user.type(screen.getByLabelText('Section name'), 'Red Room');
    await user.type(screen.getByLabelText('Price per hour ($)'), '900');
    await user.click(screen.getByRole('button', { name: 'Create VIP Room' }));
    expect(await findToast()).toHaveTextContent('Failed to create section');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete Main Booth' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete section' });
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this section?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => screen.queryByTestId('toast')?.textContent?.includes('Section not found') ?? false);
  });
});

describe('/venue-dashboard: what upcoming bookings hold back (issue case 5)', () => {
  const refuse = (def: { code: string; status: number; message: string }) => () =>
    HttpResponse.json({ statusCode: def.status, code: def.code, message: def.message }, { status: def.status });

  it("a section with upcoming bookings: the server's 409 message is shown and the section stays listed", async () => {
    await withVenues([makeVenue()]);
    server.use(
      http.get('/api/venues/:id/sections', () => HttpResponse.json([makeSection()])),
      http.delete('/api/sections/:id', refuse(VENUE_ERRORS.SECTION_HAS_UPCOMING_BOOKINGS)),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Manage sections of Velvet Room' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Main Booth' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete section' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await findToast()).toHaveTextContent('This section has upcoming bookings, so it cannot be deleted');
    expect(screen.getByRole('button', { name: 'Delete Main Booth' })).toBeInTheDocument();
  });

  it("a dancer with upcoming bookings: the server's 409 message is shown and the dancer stays listed", async () => {
    await withVenues([makeVenue({ subtype: 'strip_club' })]);
    const luna: Dancer = {
      id: '55555555-5555-4555-8555-555555555555',
      venueId: VENUE_ID,
      entertainerUserId: null,
      name: 'Luna',
      description: '',
      images: [],
      specialties: [],
      isAvailable: true,
      isActive: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      imageUrl: '/api/placeholder-section',
      priceModifier: '1.00',
    };
    server.use(
      http.get('/api/venues/:id/dancers', () => HttpResponse.json([luna])),
      http.delete('/api/dancers/:id', refuse(VENUE_ERRORS.DANCER_HAS_UPCOMING_BOOKINGS)),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Dancers of Velvet Room' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Luna' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete dancer' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await findToast()).toHaveTextContent(
      'This dancer has upcoming bookings, so they cannot be removed or made inactive',
    );
    expect(screen.getByRole('button', { name: 'Delete Luna' })).toBeInTheDocument();
  });
});

describe('/venue-dashboard: editing a section', () => {
  it('sends PUT /api/sections/{id} with the edited fields, and "Failed to update section" when it fails without a message', async () => {
    await withVenues([makeVenue()]);
    const section = makeSection({ maxSimultaneousBookings: 4 });
    let sent: unknown = null;
    let fail = true;
    server.use(
      http.get('/api/venues/:id/sections', () => HttpResponse.json([section])),
      http.put('/api/sections/:id', async ({ request, params }) => {
        sent = { id: params.id, body: await request.json() };
        return fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(section);
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Manage sections of Velvet Room' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Main Booth' }));
    expect(screen.getByLabelText('Max simultaneous bookings')).toHaveValue(4);
    const capacity = screen.getByLabelText('Capacity');
    await user.clear(capacity);
    await user.type(capacity, '12');
    await user.click(screen.getByRole('button', { name: 'Save Section' }));
    expect(await findToast()).toHaveTextContent('Failed to update section');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save Section' }));
    await waitFor(() => screen.queryByTestId('toast')?.textContent?.includes('Section updated') ?? false);
    expect(sent).toEqual({
      id: section.id,
      body: {
        name: 'Main Booth',
        type: 'Booth',
        description: '',
        images: [],
        capacity: 12,
        pricePerHour: 750,
        amenities: [],
        isVipRoom: false,
        isExclusive: false,
        maxSimultaneousBookings: 4,
        isActive: true,
        minimumSpend: null,
        depositPercent: 0,
      },
    });
  });
});

describe('/venue-dashboard: minimum spend and deposit of a section (docs/product.md#booking-deposits)', () => {
  it('shows them in the list, edits them, and refuses a deposit above 100 % with its message before sending', async () => {
    await withVenues([makeVenue()]);
    const section = makeSection({ minimumSpend: '2500.00', depositPercent: 25 });
    const sent: unknown[] = [];
    server.use(
      http.get('/api/venues/:id/sections', () => HttpResponse.json([section])),
      http.put('/api/sections/:id', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(section);
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Manage sections of Velvet Room' }));
    expect(await screen.findByTestId('section-deposit-terms')).toHaveTextContent(
      'Minimum spend $2,500 · 25% deposit when booking',
    );
    await user.click(screen.getByRole('button', { name: 'Edit Main Booth' }));
    const minimum = screen.getByLabelText('Minimum spend ($)');
    const deposit = screen.getByLabelText('Deposit (%)');
    expect(minimum).toHaveValue(2500);
    expect(deposit).toHaveValue(25);

    await user.clear(deposit);
    await user.type(deposit, '150');
    await user.click(screen.getByRole('button', { name: 'Save Section' }));
    expect(await screen.findByText(DEPOSIT_MESSAGES.depositPercent)).toBeInTheDocument();
    expect(deposit).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    await user.clear(deposit);
    await user.type(deposit, '30');
    await user.clear(minimum);
    await user.type(minimum, '1000.50');
    await user.click(screen.getByRole('button', { name: 'Save Section' }));
    await waitFor(() => sent.length === 1);
    expect(sent[0]).toMatchObject({ minimumSpend: 1000.5, depositPercent: 30 });
  });

  it('an empty minimum spend is none', async () => {
    await withVenues([makeVenue()]);
    const section = makeSection({ minimumSpend: '2500.00', depositPercent: 25 });
    const sent: unknown[] = [];
    server.use(
      http.get('/api/venues/:id/sections', () => HttpResponse.json([section])),
      http.put('/api/sections/:id', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(section);
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Manage sections of Velvet Room' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Main Booth' }));
    await user.clear(screen.getByLabelText('Minimum spend ($)'));
    await user.click(screen.getByRole('button', { name: 'Save Section' }));
    await waitFor(() => sent.length === 1);
    expect(sent[0]).toMatchObject({ minimumSpend: null, depositPercent: 25 });
  });
});

describe('/venue-dashboard: dancers and bartenders', () => {
  const dancer = (overrides: Partial<Dancer> = {}): Dancer => ({
    id: '55555555-5555-4555-8555-555555555555',
    venueId: VENUE_ID,
    entertainerUserId: null,
    name: 'Luna',
    description: 'Aerial and pole',
    images: [photo(1), photo(2)],
    specialties: ['Pole', 'Aerial'],
    isAvailable: true,
    isActive: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    imageUrl: photo(1),
    priceModifier: '1.50',
    ...overrides,
  });

  it('adds a dancer with a price modifier, lists availability and shows the profile', async () => {
    await withVenues([makeVenue({ subtype: 'strip_club' })]);
    let dancers: Dancer[] = [
      dancer({
        isAvailable: false,
        name: 'Nova',
        id: '66666666-6666-4666-8666-666666666666',
        images: [],
        imageUrl: '/api/placeholder-section',
      }),
    ];
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.get('/api/venues/:id/dancers', () => HttpResponse.json(dancers)),
      http.post('/api/venues/:id/dancers', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        dancers = [...dancers, dancer()];
        return HttpResponse.json(dancer(), { status: 201 });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Dancers of Velvet Room' }));
    const list = await screen.findByRole('list', { name: 'Dancers' });
    expect(within(list).getByText('Unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Dancer' }));
    const modifier = screen.getByLabelText('Price modifier');
    expect(modifier).toHaveValue(1);
    expect(modifier).toHaveAttribute('step', '0.01');
    await user.type(screen.getByLabelText('Name'), 'Luna');
    await user.clear(modifier);
    await user.type(modifier, '3.5');
    await user.click(screen.getByRole('button', { name: 'Add Dancer' }));
    expect(await screen.findByText('Price modifier must be between 0.5 and 3.0 in steps of 0.01')).toBeInTheDocument();
    expect(sent).toBeNull();
    await user.clear(modifier);
    await user.type(modifier, '1.5');
    await user.type(screen.getByLabelText('Specialties'), 'Pole, Aerial');
    await user.click(screen.getByRole('button', { name: 'Add Dancer' }));
    expect(await findToast()).toHaveTextContent('Dancer added');
    expect(sent).toEqual({
      name: 'Luna',
      description: '',
      images: [],
      specialties: ['Pole', 'Aerial'],
      isAvailable: true,
      isActive: true,
      priceModifier: 1.5,
    });

    const luna = await within(list).findByRole('button', { name: 'View profile of Luna' });
    const card = luna.closest('li')!;
    expect(card).toHaveTextContent('Available');
    expect(card).toHaveTextContent('×1.50');
    await user.click(luna);
    const dialog = screen.getByRole('dialog', { name: 'Luna' });
    expect(within(dialog).getByRole('img', { name: 'Luna, photo 1 of 2' })).toHaveAttribute('src', photo(1));
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(dialog).getByRole('img', { name: 'Luna, photo 2 of 2' })).toHaveAttribute('src', photo(2));
    expect(within(dialog).getByText('Available')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Specialties' })).toHaveTextContent('PoleAerial');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(luna).toHaveFocus();
  });

  it('shows a skeleton of the dancers (and of the bartenders) while they load', async () => {
    await withVenues([makeVenue({ subtype: 'strip_club' })]);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/venues/:id/dancers', async () => {
        await answered;
        return HttpResponse.json([dancer()]);
      }),
      http.get('/api/venues/:id/bartenders', async () => {
        await answered;
        return HttpResponse.json([]);
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Dancers of Velvet Room' }));
    const skeleton = (await screen.findByText('Loading dancers...')).closest('[role="status"]');
    expect(skeleton).toHaveAttribute('data-testid', 'list-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await user.click(screen.getByRole('button', { name: '← Back to My Events' }));
    await user.click(await screen.findByRole('button', { name: 'Bartenders of Velvet Room' }));
    expect((await screen.findByText('Loading bartenders...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    answer();
    expect(await screen.findByText('No bartenders yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('list-skeleton')).not.toBeInTheDocument();
  });

  it('says "Failed to add dancer" / "Failed to add bartender" when adding fails without a message; bartenders have no price modifier', async () => {
    await withVenues([makeVenue()]);
    let bartenderBody: unknown = null;
    server.use(
      http.get('/api/venues/:id/bartenders', () => HttpResponse.json([])),
      http.post('/api/venues/:id/bartenders', async ({ request }) => {
        bartenderBody = await request.json();
        return new HttpResponse(null, { status: 500 });
      }),
      http.get('/api/venues/:id/dancers', () => HttpResponse.json([])),
      http.post('/api/venues/:id/dancers', () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Bartenders of Velvet Room' }));
    await screen.findByText('No bartenders yet.');
    await user.click(screen.getByRole('button', { name: 'Add Bartender' }));
    expect(screen.queryByLabelText('Price modifier')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveAttribute('maxlength', String(TEXT_LIMITS.staffName));
    await user.type(screen.getByLabelText('Name'), 'Max');
    await user.click(screen.getByRole('button', { name: 'Add Bartender' }));
    expect(await findToast()).toHaveTextContent('Failed to add bartender');
    expect(bartenderBody).not.toHaveProperty('priceModifier');

    await user.click(screen.getByRole('button', { name: '← Back to My Events' }));
    expect(await screen.findByRole('heading', { name: 'Your venues' })).toHaveFocus();
    await user.click(await screen.findByRole('button', { name: 'Dancers of Velvet Room' }));
    await screen.findByText('No dancers yet.');
    await user.click(screen.getByRole('button', { name: 'Add Dancer' }));
    await user.type(screen.getByLabelText('Name'), 'Luna');
    await user.click(screen.getByRole('button', { name: 'Add Dancer' }));
    await waitFor(() => screen.queryByTestId('toast')?.textContent?.includes('Failed to add dancer') ?? false);
  });
});

describe('/venue-dashboard: photo uploads', () => {
  const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });

  it('skips non-images and files over 10 MB, then goes upload-url → POST → add and puts the path into images', async () => {
    await withVenues([]);
    const calls: string[] = [];
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/venue-images/upload-url', () => {
        calls.push('upload-url');
        return HttpResponse.json({
          uploadURL: 'http://storage.test/luxe-venues',
          fields: { key: 'staging/venues/x/y', policy: 'p' },
          objectPath: 'staging/venues/x/y',
        });
      }),
      http.post('http://storage.test/luxe-venues', async ({ request }) => {
        const form = await request.formData();
        calls.push(`POST ${form.get('key')} ${form.get('Content-Type')}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.put('/api/venue-images', async ({ request }) => {
        calls.push(`add ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ objectPath: photo(7) });
      }),
      http.post('/api/venues', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(makeVenue(), { status: 201 });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Add Event' }));
    const big = jpeg('big.jpg');
    Object.defineProperty(big, 'size', { value: MAX_IMAGE_BYTES + 1 });
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    const text = new File(['x'], 'notes.txt', { type: 'text/plain' });
    const uploader = userEvent.setup({ applyAccept: false });
    await uploader.upload(screen.getByTestId('image-input'), [text, big, gif, jpeg('deck.jpg')]);

    const uploaded = await screen.findByRole('list', { name: 'Venue photos: uploaded' });
    expect(within(uploaded).getByRole('img', { name: 'Venue photos 1' })).toHaveAttribute('src', photo(7));
    expect(calls).toEqual([
      'upload-url',
      'POST staging/venues/x/y image/jpeg',
      'add {"imageURL":"staging/venues/x/y"}',
    ]);
    expect(screen.getByText(/Skipped 3 files/)).toBeInTheDocument();
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByRole('progressbar', { name: 'Upload of deck.jpg' })).toHaveAttribute('value', '100');
    expect(within(uploads).getByText('Done')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Venue name'), 'Velvet Room');
    await user.selectOptions(screen.getByLabelText('State'), 'Florida');
    await user.selectOptions(screen.getByLabelText('City'), 'Miami');
    await user.type(screen.getByLabelText('Address'), '1 Ocean Dr');
    await user.type(screen.getByLabelText('Price per hour ($)'), '500');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => sent !== null);
    expect(sent).toMatchObject({ images: [photo(7)] });
  });

  it('takes at most 5 files per selection, removes an image, and reports failures by step', async () => {
    await withVenues([]);
    let n = 0;
    let urlCalls = 0;
    server.use(
      http.post('/api/venue-images/upload-url', () => {
        urlCalls += 1;
        return urlCalls === 1
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({ uploadURL: `http://storage.test/u${urlCalls}`, fields: { key: 'o' }, objectPath: 'o' });
      }),
      http.post(/http:\/\/storage\.test\/u\d+/, ({ request }) =>
        request.url.endsWith('u2') ? new HttpResponse(null, { status: 403 }) : new HttpResponse(null, { status: 204 }),
      ),
      http.put('/api/venue-images', () => {
        n += 1;
        return n === 1
          ? HttpResponse.json({ statusCode: 400, message: 'The file is not a JPG, PNG or WebP image' }, { status: 400 })
          : HttpResponse.json({ objectPath: photo(10 + n) });
      }),
    );
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Add Event' }));
    await user.upload(
      screen.getByTestId('image-input'),
      ['1', '2', '3', '4', '5', '6'].map((i) => jpeg(`p${i}.jpg`)),
    );
    const uploaded = await screen.findByRole('list', { name: 'Venue photos: uploaded' });
    await waitFor(() => within(uploaded).queryAllByRole('img').length === 2);
    expect(urlCalls).toBe(5);
    expect(screen.getByText(/Skipped 1 file /)).toBeInTheDocument();
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByText('Failed to get upload URL')).toBeInTheDocument();
    expect(within(uploads).getByText('Failed to upload image')).toBeInTheDocument();
    expect(within(uploads).getByText('The file is not a JPG, PNG or WebP image')).toBeInTheDocument();
    expect(await findToast()).toHaveTextContent('2 images uploaded');

    await user.click(within(uploaded).getByRole('button', { name: 'Remove image 1' }));
    expect(within(uploaded).getAllByRole('img')).toHaveLength(1);
  });

  it('says "No images were uploaded successfully" when every upload fails', async () => {
    await withVenues([]);
    server.use(http.post('/api/venue-images/upload-url', () => new HttpResponse(null, { status: 503 })));
    const { user } = renderApp('/venue-dashboard');
    await user.click(await screen.findByRole('button', { name: 'Add Event' }));
    await user.upload(screen.getByTestId('image-input'), [jpeg('a.jpg')]);
    const toast = await findToast();
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('No images were uploaded successfully');
    expect(screen.getByText('Failed to get upload URL')).toBeInTheDocument();
  });
});
