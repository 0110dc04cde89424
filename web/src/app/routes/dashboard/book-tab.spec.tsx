import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@luxe/contracts';
import { makeBooking } from '../../../testing/bookings';
import { makeUser, signIn } from '../../../testing/fixtures';
import { renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const host = makeUser({ userType: 'host', profileImages: ['/img/ava.jpg'] });

/** GET /api/bookings/user answers `answer`; returns how many times it was read. */
function mockMyBookings(answer: () => Booking[] | Response | Promise<Booking[] | Response>) {
  const reads = { count: 0 };
  server.use(
    http.get('/api/bookings/user', async () => {
      reads.count += 1;
      const a = await answer();
      return a instanceof Response ? a : HttpResponse.json(a);
    }),
  );
  return reads;
}

const cards = () => within(screen.getByRole('list', { name: 'Your bookings' })).getAllByTestId('booking-card');

describe('dashboard Book tab: My Bookings', () => {
  it('shows each booking with venue, type, section, place, date, EST time range, status, whole-dollar total and duration', async () => {
    await signIn(host);
    mockMyBookings(() => [
      makeBooking({
        venueName: 'Azure Dream',
        venueType: 'yacht',
        section: 'Full Yacht',
        sectionType: 'Full Yacht',
        venueCity: 'Miami, FL',
        venueState: 'Florida',
        bookingDate: '2099-06-06',
        startTime: '22:00',
        duration: 4,
        totalCost: '1700.00',
      }),
    ]);
    renderApp('/dashboard?tab=book');
    const [card] = await screen.findAllByTestId('booking-card');
    const c = within(card!);
    expect(c.getByRole('heading', { level: 3 })).toHaveTextContent('Azure Dream');
    expect(c.getByTestId('booking-type')).toHaveTextContent(/^Yacht$/);
    expect(c.getByTestId('booking-section')).toHaveTextContent(/^Full Yacht$/);
    expect(c.getByTestId('booking-place')).toHaveTextContent(/^Miami, FL$/);
    expect(c.getByTestId('booking-date')).toHaveTextContent(/^Saturday, Jun 06, 2099$/);
    expect(c.getByTestId('booking-time')).toHaveTextContent(/^10:00 PM - 2:00 AM EST$/);
    expect(c.getByTestId('booking-total')).toHaveTextContent(/^\$1,700$/);
    expect(c.getByTestId('booking-duration')).toHaveTextContent(/^4 hours$/);
    expect(c.getByTestId('booking-status')).toHaveTextContent(/^Confirmed$/);
  });

  it('shows times in New York whatever the season, totals rounded to whole dollars, and 1 hour in the singular', async () => {
    await signIn(host);
    mockMyBookings(() => [
      makeBooking({
        venueName: 'Winter Club',
        bookingDate: '2099-01-10',
        startTime: '01:00',
        duration: 1,
        totalCost: '1499.60',
      }),
    ]);
    renderApp('/dashboard?tab=book');
    const [card] = await screen.findAllByTestId('booking-card');
    const c = within(card!);
    // A start after midnight belongs to the night of the booking date.
    expect(c.getByTestId('booking-date')).toHaveTextContent(/^Saturday, Jan 10, 2099$/);
    expect(c.getByTestId('booking-time')).toHaveTextContent(/^1:00 AM - 2:00 AM EST$/);
    expect(c.getByTestId('booking-total')).toHaveTextContent(/^\$1,500$/);
    expect(c.getByTestId('booking-duration')).toHaveTextContent(/^1 hour$/);
  });

  it('lists bookings soonest first (after midnight comes after the evening of the same night)', async () => {
    await signIn(host);
    mockMyBookings(() => [
      makeBooking({ venueName: 'Late', bookingDate: '2099-06-06', startTime: '01:00' }),
      makeBooking({ venueName: 'Next week', bookingDate: '2099-06-13', startTime: '18:00' }),
      makeBooking({ venueName: 'Early', bookingDate: '2099-06-06', startTime: '23:00' }),
      makeBooking({ venueName: 'Past', bookingDate: '2020-03-01', startTime: '22:00', status: 'completed' }),
    ]);
    renderApp('/dashboard?tab=book');
    await screen.findAllByTestId('booking-card');
    expect(cards().map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Past',
      'Early',
      'Late',
      'Next week',
    ]);
  });

  it('fills the confirmed, cancelled and completed badges and outlines any other status', async () => {
    await signIn(host);
    mockMyBookings(() => [
      makeBooking({ venueName: 'A', bookingDate: '2099-06-01', status: 'confirmed' }),
      makeBooking({ venueName: 'B', bookingDate: '2099-06-02', status: 'cancelled' }),
      makeBooking({ venueName: 'C', bookingDate: '2099-06-03', status: 'completed' }),
      makeBooking({ venueName: 'D', bookingDate: '2099-06-04', status: 'held' }),
    ]);
    renderApp('/dashboard?tab=book');
    await screen.findAllByTestId('booking-card');
    const badges = cards().map((c) => within(c).getByTestId('booking-status'));
    expect(badges.map((b) => [b.textContent, b.dataset.variant])).toEqual([
      ['Confirmed', 'confirmed'],
      ['Cancelled', 'cancelled'],
      ['Completed', 'completed'],
      ['Held', 'outline'],
    ]);
  });

  it("offers 'Add to calendar' on confirmed bookings only: a download of the booking's calendar file", async () => {
    await signIn(host);
    const confirmed = makeBooking({ venueName: 'Azure Dream', bookingDate: '2099-06-01', status: 'confirmed' });
    mockMyBookings(() => [
      confirmed,
      makeBooking({ venueName: 'Gone', bookingDate: '2099-06-02', status: 'cancelled' }),
      makeBooking({ venueName: 'Paying', bookingDate: '2099-06-03', status: 'held' }),
    ]);
    renderApp('/dashboard?tab=book');
    const link = await screen.findByRole('link', { name: 'Add to calendar: Azure Dream' });
    expect(link).toHaveAttribute('href', `/api/bookings/${confirmed.id}/calendar.ics`);
    expect(link).toHaveAttribute('download', `luxeswipe-${confirmed.id}.ics`);
    expect(within(cards()[0]!).getByRole('link', { name: /^Add to calendar/ })).toBe(link);
    expect(screen.getAllByRole('link', { name: /^Add to calendar/ })).toHaveLength(1);
  });

  it('opens the guest requests of a booking in a dialog that says there are none yet, and closes by keyboard', async () => {
    await signIn(host);
    mockMyBookings(() => [makeBooking({ venueName: 'Azure Dream' })]);
    const { user } = renderApp('/dashboard?tab=book');
    const button = await screen.findByRole('button', { name: 'View Guest Requests: Azure Dream' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Guest Requests' });
    expect(dialog).toHaveAccessibleDescription('Azure Dream');
    expect(within(dialog).getByText('No guest requests yet')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('says it is loading, then shows the empty state whose Browse Events opens the Events tab', async () => {
    await signIn(host);
    const reads = mockMyBookings(async () => {
      await delay(40);
      return [];
    });
    const { user, location } = renderApp('/dashboard?tab=book');
    // A skeleton of the list, announced once as a status.
    expect((await screen.findByText('Loading bookings...')).closest('[role="status"]')).toHaveAttribute(
      'data-testid',
      'list-skeleton',
    );
    expect(await screen.findByText('No Bookings Yet')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your bookings' })).not.toBeInTheDocument();
    expect(reads.count).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Browse Events' }));
    expect(location()).toBe('/dashboard?tab=events');
  });

  it('says when the bookings cannot be loaded, and Try Again reads them again', async () => {
    await signIn(host);
    let fail = true;
    const reads = mockMyBookings(() =>
      fail ? HttpResponse.json({ message: 'down' }, { status: 500 }) : [makeBooking({ venueName: 'Azure Dream' })],
    );
    const { user } = renderApp('/dashboard?tab=book');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading bookings. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Azure Dream' })).toBeInTheDocument();
    expect(reads.count).toBe(2);
  });
});

describe('dashboard Book tab: deposits (docs/product.md#booking-deposits)', () => {
  it('shows the deposit paid and the balance due at the venue of a section booking; a yacht (paid in full) shows neither', async () => {
    await signIn(host);
    mockMyBookings(() => [
      makeBooking({
        venueName: 'Deposit Club',
        bookingDate: '2099-06-06',
        totalCost: '2500.00',
        minimumSpend: '2500.00',
        depositPercent: 25,
        depositAmount: '625.00',
        balanceDue: '1875.00',
      }),
      makeBooking({
        venueName: 'Plain Club',
        bookingDate: '2099-06-07',
        totalCost: '600.00',
        depositAmount: '0.00',
        balanceDue: '600.00',
      }),
      makeBooking({
        venueName: 'Azure Dream',
        venueType: 'yacht',
        bookingDate: '2099-06-08',
        totalCost: '3200.00',
        depositPercent: 100,
        depositAmount: '3200.00',
        balanceDue: '0.00',
      }),
    ]);
    renderApp('/dashboard?tab=book');
    await screen.findAllByTestId('booking-card');
    const [deposit, plain, yacht] = cards().map((c) => within(c));
    expect(deposit!.getByText('Deposit paid')).toBeInTheDocument();
    expect(deposit!.getByTestId('booking-deposit')).toHaveTextContent(/^\$625$/);
    expect(deposit!.getByTestId('booking-balance')).toHaveTextContent(/^\$1,875$/);
    expect(plain!.queryByTestId('booking-deposit')).not.toBeInTheDocument();
    expect(plain!.getByTestId('booking-balance')).toHaveTextContent(/^\$600$/);
    expect(yacht!.queryByTestId('booking-deposit')).not.toBeInTheDocument();
    expect(yacht!.queryByTestId('booking-balance')).not.toBeInTheDocument();
  });
});
