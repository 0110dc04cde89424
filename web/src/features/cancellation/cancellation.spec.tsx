import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { bookingWindow, type Booking } from '@luxe/contracts';
import { axeViolations } from '../../testing/axe';
import { makeBooking, makeOwnerBooking } from '../../testing/bookings';
import { makeUser, signIn } from '../../testing/fixtures';
import { renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';
import { CancelBookingDialog } from './components/cancel-booking-dialog';
import { RefundSchedule } from '../../components/refund-schedule';

const host = makeUser({ userType: 'host' });
const H = 3_600_000;

/** GET /api/bookings/user answers the list; POST …/cancel answers `answer` and is counted. */
function mockBookings(list: Booking[], answer: (id: string) => Booking | Response) {
  const cancels: string[] = [];
  let current = list;
  server.use(
    http.get('/api/bookings/user', () => HttpResponse.json(current)),
    http.post('/api/bookings/:id/cancel', ({ params }) => {
      const id = String(params.id);
      cancels.push(id);
      const a = answer(id);
      if (a instanceof Response) return a;
      current = current.map((b) => (b.id === id ? a : b));
      return HttpResponse.json(a);
    }),
  );
  return cancels;
}

function renderDialog(booking: Booking, now: Date) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const closed: boolean[] = [];
  render(
    <QueryClientProvider client={client}>
      <CancelBookingDialog booking={booking} onClose={(cancelled) => closed.push(cancelled)} now={() => now} />
    </QueryClientProvider>,
  );
  return closed;
}

describe('refund schedule', () => {
  it('lists each deadline in New York time with its refund, then none', () => {
    // Fri Dec 18 2026 6:00 PM EST, strict: 14 days and 7 days before.
    render(
      <RefundSchedule
        policy="strict"
        startsAt={bookingWindow('2026-12-18', '18:00', 2).startsAt}
        now={new Date('2026-11-01T12:00:00Z')}
      />,
    );
    const s = screen.getByTestId('refund-schedule');
    expect(within(s).getByRole('heading')).toHaveTextContent('Cancellation policy: Strict');
    expect(
      within(s)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Cancel before Fri, Dec 4, 6:00 PM ESTfull refund',
      'Cancel before Fri, Dec 11, 6:00 PM EST50% refund',
      'After thatno refund',
    ]);
  });

  it('leaves out the deadlines already passed: 3 days ahead under moderate, only the 50% one is left', () => {
    const start = bookingWindow('2026-12-18', '18:00', 2).startsAt;
    render(<RefundSchedule policy="moderate" startsAt={start} now={new Date(start.getTime() - 72 * H)} />);
    const s = screen.getByTestId('refund-schedule');
    expect(
      within(s)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Cancel before Wed, Dec 16, 6:00 PM EST50% refund', 'After thatno refund']);
  });

  it('reads as non-refundable for a booking tonight: no deadline of the past is offered', () => {
    const start = bookingWindow('2026-11-21', '22:00', 3).startsAt;
    render(<RefundSchedule policy="moderate" startsAt={start} now={new Date(start.getTime() - 2 * H)} />);
    const s = screen.getByTestId('refund-schedule');
    expect(
      within(s)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Refund deadlines have passed: non-refundableno refund']);
    expect(s).not.toHaveTextContent('Cancel before');
  });
});

describe('cancel booking dialog', () => {
  const start = bookingWindow('2099-06-06', '22:00', 4).startsAt;

  it('states the refund the policy gives now (50% of what was paid, 3 days ahead under moderate), then the server’s answer', async () => {
    const booking = makeBooking({
      venueName: 'Azure Dream',
      venueType: 'yacht',
      bookingDate: '2099-06-06',
      startTime: '22:00',
      cancellationPolicy: 'moderate',
      amountPaid: '2000.00',
      totalCost: '2000.00',
    });
    const cancels = mockBookings([booking], (id) => ({
      ...booking,
      id,
      status: 'cancelled',
      refundAmount: '1000.00',
      cancelledAt: new Date().toISOString(),
    }));
    renderDialog(booking, new Date(start.getTime() - 72 * H));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel booking at Azure Dream?' });
    expect(screen.getByTestId('cancel-expected')).toHaveTextContent(
      'If you cancel now you get a 50% refund: $1,000.00 of the $2,000.00 you paid.',
    );
    expect(within(dialog).getByTestId('refund-schedule')).toHaveTextContent('Cancellation policy: Moderate');
    // 'Keep booking' takes the focus first (the safe choice).
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    const done = await screen.findByRole('dialog', { name: 'Booking cancelled' });
    expect(within(done).getByTestId('cancel-result')).toHaveTextContent('Booking cancelled. Refund: $1,000.00');
    expect(within(done).getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(await axeViolations()).toEqual([]);
    expect(cancels).toEqual([booking.id]);
  });

  it('shows what the server decided, not the estimate, and "No refund" when it is nothing', async () => {
    const booking = makeBooking({
      bookingDate: '2099-06-06',
      startTime: '22:00',
      cancellationPolicy: 'flexible',
      amountPaid: '500.00',
    });
    mockBookings([booking], (id) => ({
      ...booking,
      id,
      status: 'cancelled',
      refundAmount: '0.00',
      cancelledAt: new Date().toISOString(),
    }));
    renderDialog(booking, new Date(start.getTime() - 30 * H));
    expect(screen.getByTestId('cancel-expected')).toHaveTextContent(
      'If you cancel now you get a full refund: $500.00 of the $500.00 you paid.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByTestId('cancel-result')).toHaveTextContent(/^Booking cancelled\. No refund$/);
  });

  it('says so when nothing was paid or nothing comes back, and shows the server’s refusal', async () => {
    const club = makeBooking({
      bookingDate: '2099-06-06',
      startTime: '22:00',
      cancellationPolicy: 'strict',
      amountPaid: '0.00',
    });
    mockBookings([club], () =>
      HttpResponse.json(
        {
          statusCode: 409,
          code: 'CANCELLATION.STARTED',
          message: 'This booking has already started and can no longer be cancelled',
        },
        { status: 409 },
      ),
    );
    const closed = renderDialog(club, new Date(start.getTime() - 10 * H));
    expect(screen.getByTestId('cancel-expected')).toHaveTextContent(
      'Nothing was paid for this booking, so there is nothing to refund.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking has already started and can no longer be cancelled',
    );
    await userEvent.keyboard('{Escape}');
    expect(closed).toEqual([false]);
  });

  it('under strict, 3 days before a paid trip: no refund', () => {
    const paid = makeBooking({
      bookingDate: '2099-06-06',
      startTime: '22:00',
      cancellationPolicy: 'strict',
      amountPaid: '3200.00',
    });
    renderDialog(paid, new Date(start.getTime() - 72 * H));
    expect(screen.getByTestId('cancel-expected')).toHaveTextContent(
      'If you cancel now you get no refund of the $3,200.00 you paid.',
    );
  });
});

describe('My Bookings: cancelling', () => {
  it('offers Cancel booking on upcoming held or confirmed bookings only; by keyboard it cancels and the card shows the refund', async () => {
    await signIn(host);
    const upcoming = makeBooking({
      venueName: 'Azure Dream',
      venueType: 'yacht',
      bookingDate: '2099-06-06',
      startTime: '22:00',
      cancellationPolicy: 'moderate',
      amountPaid: '2000.00',
    });
    const past = makeBooking({ venueName: 'Old Night', bookingDate: '2020-01-10', startTime: '22:00' });
    const gone = makeBooking({
      venueName: 'Called Off',
      bookingDate: '2099-07-01',
      status: 'cancelled',
      refundAmount: '250.00',
      cancelledAt: '2099-05-02T10:00:00.000Z',
    });
    const cancels = mockBookings([upcoming, past, gone], (id) => ({
      ...upcoming,
      id,
      status: 'cancelled',
      refundAmount: '2000.00',
      cancelledAt: new Date().toISOString(),
    }));
    renderApp('/dashboard?tab=book');
    const card = (name: string) =>
      screen.getAllByTestId('booking-card').find((c) => within(c).queryByRole('heading', { name }))!;
    await screen.findByRole('heading', { name: 'Azure Dream' });
    expect(within(card('Old Night')).queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    expect(within(card('Called Off')).queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    expect(within(card('Called Off')).getByTestId('booking-refund')).toHaveTextContent('$250.00');

    const button = within(card('Azure Dream')).getByRole('button', { name: 'Cancel booking: Azure Dream' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByTestId('cancel-expected')).toHaveTextContent(
      'If you cancel now you get a full refund: $2,000.00 of the $2,000.00 you paid.',
    );
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByTestId('cancel-result')).toHaveTextContent('Booking cancelled. Refund: $2,000.00');
    expect(cancels).toEqual([upcoming.id]);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The focus goes to the booking's card (its Cancel button is gone).
    await waitFor(() => expect(within(card('Azure Dream')).getByRole('heading', { level: 3 })).toHaveFocus());
    // The list is read again: the booking is cancelled, with its refund, and cannot be cancelled again.
    await screen.findByText('$2,000.00');
    expect(within(card('Azure Dream')).getByTestId('booking-status')).toHaveTextContent('Cancelled');
    expect(within(card('Azure Dream')).queryByRole('button', { name: /Cancel booking/ })).toBeNull();
  });
});

describe('venue dashboard: cancelled bookings', () => {
  it('shows a cancelled booking with its badge and what was refunded (or "No refund"); others show no refund line', async () => {
    await signIn(makeUser({ userType: 'venue' }));
    server.use(
      http.get('/api/my-venues', () => HttpResponse.json([])),
      http.get('/api/venue-owner-bookings', () =>
        HttpResponse.json([
          makeOwnerBooking({
            venueName: 'Refunded',
            bookingDate: '2099-06-01',
            status: 'cancelled',
            refundAmount: '1600.00',
          }),
          makeOwnerBooking({
            venueName: 'Nothing back',
            bookingDate: '2099-06-02',
            status: 'cancelled',
            refundAmount: '0.00',
          }),
          makeOwnerBooking({
            venueName: 'Still on',
            bookingDate: '2099-06-03',
            status: 'confirmed',
            refundAmount: null,
          }),
        ]),
      ),
    );
    renderApp('/venue-dashboard?tab=my-bookings');
    const list = await screen.findByRole('list', { name: 'Bookings at your venues' });
    const card = (name: string) =>
      within(list)
        .getAllByTestId('owner-booking')
        .find((c) => within(c).queryByRole('heading', { name }))!;
    expect(within(card('Refunded')).getByTestId('booking-status')).toHaveTextContent(/^Cancelled$/);
    expect(within(card('Refunded')).getByTestId('owner-booking-refund')).toHaveTextContent(/^\$1,600\.00$/);
    expect(within(card('Nothing back')).getByTestId('owner-booking-refund')).toHaveTextContent(/^No refund$/);
    expect(within(card('Still on')).queryByTestId('owner-booking-refund')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
