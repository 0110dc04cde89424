import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OwnerBooking } from '@luxe/contracts';
import { makeOwnerBooking } from '../../../testing/bookings';
import { makeUser, signIn } from '../../../testing/fixtures';
import { fireEvent, waitFor } from '@testing-library/react';
import { renderApp, screen, within } from '../../../testing/render-app';
import { makeVenue } from '../../../testing/venues';
import { server } from '../../../testing/server';

const owner = makeUser({ id: '11111111-1111-4111-8111-111111111111', firstName: 'Olivia', userType: 'venue' });

/** GET /api/venue-owner-bookings answers `answer`; returns how many times it was read. */
async function withOwnerBookings(answer: () => OwnerBooking[] | Response | Promise<OwnerBooking[] | Response>) {
  await signIn(owner);
  const reads = { count: 0 };
  server.use(
    http.get('/api/my-venues', () => HttpResponse.json([])),
    http.get('/api/venue-owner-bookings', async () => {
      reads.count += 1;
      const a = await answer();
      return a instanceof Response ? a : HttpResponse.json(a);
    }),
  );
  return reads;
}

const cards = async () =>
  within(await screen.findByRole('list', { name: 'Bookings at your venues' })).getAllByTestId('owner-booking');

describe('venue dashboard: My Bookings', () => {
  it("shows each booking at the owner's venues with the owner's view of it", async () => {
    await withOwnerBookings(() => [
      makeOwnerBooking({
        venueName: 'Velvet Room',
        venueType: 'club',
        sectionType: 'VIP Room',
        status: 'confirmed',
        bookingDate: '2099-06-06',
        startTime: '22:00',
        duration: 3,
        totalCost: '2250.40',
        guestVisibility: 'men,women',
        friends: '["Jordan","Sam"]',
        createdAt: '2099-05-01T02:30:00.000Z',
      }),
    ]);
    renderApp('/venue-dashboard?tab=my-bookings');
    const [card] = await cards();
    const c = within(card!);
    expect(c.getByRole('heading', { name: 'Velvet Room' })).toBeInTheDocument();
    expect(c.getByTestId('owner-booking-type')).toHaveTextContent(/^Club$/);
    expect(c.getByTestId('owner-booking-section')).toHaveTextContent(/^VIP Room$/);
    expect(c.getByTestId('owner-booking-date')).toHaveTextContent(/^Saturday, Jun 06, 2099$/);
    expect(c.getByTestId('owner-booking-time')).toHaveTextContent(/^10:00 PM - 1:00 AM EST$/);
    expect(c.getByTestId('owner-booking-duration')).toHaveTextContent(/^3 hours$/);
    expect(c.getByTestId('owner-booking-total')).toHaveTextContent(/^\$2,250$/);
    expect(c.getByTestId('owner-booking-visibility')).toHaveTextContent(/^Men, Women$/);
    expect(c.getByTestId('owner-booking-friends')).toHaveTextContent(/^Jordan, Sam$/);
    // 02:30 UTC on May 1 is still April 30 in New York.
    expect(c.getByTestId('owner-booking-created')).toHaveTextContent(/^Apr 30, 2099$/);
    expect(c.getByTestId('booking-status')).toHaveTextContent(/^Confirmed$/);
    expect(c.getByTestId('owner-booking-host')).toHaveTextContent(/^Hugo$/);
  });

  it('filters by date and venue on the server, and offers to clear filters that match nothing (issue 31.13)', async () => {
    await signIn(owner);
    const queries: string[] = [];
    const velvet = { id: '22222222-2222-4222-8222-222222222222', name: 'Velvet Room' };
    server.use(
      http.get('/api/my-venues', () =>
        HttpResponse.json([
          makeVenue(velvet),
          makeVenue({ id: '33333333-3333-4333-8333-333333333333', name: 'Sea Breeze' }),
        ]),
      ),
      http.get('/api/venue-owner-bookings', ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q.toString());
        return HttpResponse.json(
          q.get('from') === '2099-07-01'
            ? []
            : [makeOwnerBooking({ venueName: 'Velvet Room', hostName: 'Hana', bookingDate: '2099-06-06' })],
        );
      }),
    );
    const { user } = renderApp('/venue-dashboard?tab=my-bookings');
    const [card] = await cards();
    expect(within(card!).getByTestId('owner-booking-host')).toHaveTextContent(/^Hana$/);
    const filters = screen.getByRole('search', { name: 'Filter bookings' });
    await user.selectOptions(await within(filters).findByRole('combobox', { name: 'Venue' }), 'Velvet Room');
    await waitFor(() => expect(queries.at(-1)).toBe(`venueId=${velvet.id}`));
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2099-07-01' } });
    await waitFor(() => expect(queries.at(-1)).toBe(`venueId=${velvet.id}&from=2099-07-01`));
    expect(await screen.findByRole('heading', { name: 'No bookings match these filters' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await cards()).toHaveLength(1);
    expect(within(filters).getByLabelText('From')).toHaveValue('');
    expect(within(filters).getByRole('combobox', { name: 'Venue' })).toHaveValue('');
  });

  it('reads friends given as objects, and says when there are none or the list is unreadable', async () => {
    await withOwnerBookings(() => [
      makeOwnerBooking({
        venueName: 'A',
        bookingDate: '2099-06-01',
        friends: '[{"name":"Riley","profilePic":null}]',
        venueType: 'yacht',
        sectionType: 'Full Yacht',
      }),
      makeOwnerBooking({ venueName: 'B', bookingDate: '2099-06-02', friends: '[]' }),
      makeOwnerBooking({ venueName: 'C', bookingDate: '2099-06-03', friends: 'not json' }),
    ]);
    renderApp('/venue-dashboard?tab=my-bookings');
    const list = await cards();
    expect(list.map((c) => within(c).getByTestId('owner-booking-friends').textContent)).toEqual([
      'Riley',
      'No friends added',
      'No friends added',
    ]);
    expect(within(list[0]!).getByTestId('owner-booking-type')).toHaveTextContent(/^Yacht$/);
  });

  it('fills the confirmed, cancelled and completed badges and outlines any other status', async () => {
    await withOwnerBookings(() => [
      makeOwnerBooking({ venueName: 'A', bookingDate: '2099-06-01', status: 'confirmed' }),
      makeOwnerBooking({ venueName: 'B', bookingDate: '2099-06-02', status: 'cancelled' }),
      makeOwnerBooking({ venueName: 'C', bookingDate: '2099-06-03', status: 'completed' }),
      makeOwnerBooking({ venueName: 'D', bookingDate: '2099-06-04', status: 'expired' }),
    ]);
    renderApp('/venue-dashboard?tab=my-bookings');
    const badges = (await cards()).map((c) => within(c).getByTestId('booking-status'));
    expect(badges.map((b) => [b.textContent, b.dataset.variant])).toEqual([
      ['Confirmed', 'confirmed'],
      ['Cancelled', 'cancelled'],
      ['Completed', 'completed'],
      ['Expired', 'outline'],
    ]);
  });

  it('says it is loading, then that there is no booking yet', async () => {
    const reads = await withOwnerBookings(async () => {
      await delay(40);
      return [];
    });
    renderApp('/venue-dashboard?tab=my-bookings');
    // A skeleton of the list, announced once as a status.
    expect((await screen.findByText('Loading bookings...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    expect(await screen.findByRole('heading', { name: 'No bookings yet' })).toBeInTheDocument();
    expect(screen.getByText('Bookings made at your venues will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Bookings at your venues' })).not.toBeInTheDocument();
    expect(reads.count).toBe(1);
  });

  it('says when the bookings cannot be loaded, and Try Again reads them again', async () => {
    let fail = true;
    const reads = await withOwnerBookings(() =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : [makeOwnerBooking({ venueName: 'Velvet Room' })],
    );
    const { user } = renderApp('/venue-dashboard?tab=my-bookings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading bookings. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Velvet Room' })).toBeInTheDocument();
    expect(reads.count).toBe(2);
  });
});

describe('venue dashboard: My Bookings, deposits (docs/product.md#booking-deposits)', () => {
  it('shows the deposit paid and the balance due at the venue', async () => {
    await withOwnerBookings(() => [
      makeOwnerBooking({
        venueName: 'Deposit Club',
        totalCost: '1000.01',
        depositAmount: '330.00',
        balanceDue: '670.01',
      }),
    ]);
    renderApp('/venue-dashboard?tab=my-bookings');
    const [card] = await cards();
    const c = within(card!);
    expect(c.getByText('Deposit paid')).toBeInTheDocument();
    expect(c.getByTestId('owner-booking-deposit')).toHaveTextContent(/^\$330$/);
    expect(c.getByText('Balance due at venue')).toBeInTheDocument();
    expect(c.getByTestId('owner-booking-balance')).toHaveTextContent(/^\$670\.01$/);
  });
});
