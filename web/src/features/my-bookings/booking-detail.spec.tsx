import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Booking } from '@luxe/contracts';
import { axeViolations } from '../../testing/axe';
import { makeBooking } from '../../testing/bookings';
import { makeUser, signIn } from '../../testing/fixtures';
import { renderApp, screen } from '../../testing/render-app';
import { server } from '../../testing/server';

const host = makeUser({ firstName: 'Ava', userType: 'host' });
const PAGE = { timeout: 5000 } as const;

/** The member's bookings as GET /api/bookings/user answers them, one after another (the last one repeated). */
function mockBookings(...answers: Booking[][]) {
  let reads = 0;
  server.use(
    http.get('/api/bookings/user', () => HttpResponse.json(answers[Math.min(reads++, answers.length - 1)])),
    http.get('/api/bookings/:id/pass', ({ params }) =>
      HttpResponse.json({ token: `tok-${String(params.id)}`, code: 'ABCD2345', url: `/pass/tok-${String(params.id)}` }),
    ),
  );
  return { reads: () => reads };
}

describe("/bookings/{id}: one of the member's bookings (where a paid checkout lands, issue 31)", () => {
  it('a confirmed booking: its details, the door pass (QR code, door code, its page), the calendar file and Cancel', async () => {
    await signIn(host);
    const booking = makeBooking({
      venueName: 'Diamond Cabaret',
      section: 'Platinum VIP Room',
      amountPaid: '1500.00',
      depositPercent: 50,
      depositAmount: '1500.00',
      balanceDue: '1500.00',
      totalCost: '3000.00',
      minimumSpend: '3000.00',
    });
    mockBookings([makeBooking(), booking]);
    renderApp(`/bookings/${booking.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Diamond Cabaret' }, PAGE)).toBeInTheDocument();
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(screen.getByTestId('booking-deposit')).toHaveTextContent('$1,500');
    expect(await screen.findByTestId('pass-code')).toHaveTextContent('ABCD-2345');
    expect(await screen.findByTestId('pass-qr', {}, PAGE)).toHaveAccessibleName(
      'QR code of your pass for Diamond Cabaret',
    );
    expect(screen.getByRole('link', { name: 'Open pass' })).toHaveAttribute('href', `/pass/tok-${booking.id}`);
    expect(screen.getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute(
      'href',
      `/api/bookings/${booking.id}/calendar.ics`,
    );
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it('a booking still held waits for its payment and updates by itself; no pass until confirmed', async () => {
    await signIn(host);
    const held = makeBooking({ venueName: 'Velvet Miami', status: 'held' });
    const api = mockBookings([held], [{ ...held, status: 'confirmed' }]);
    renderApp(`/bookings/${held.id}`);
    expect(
      await screen.findByText('Waiting for the payment to be confirmed. This page updates by itself.', {}, PAGE),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your door pass' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your door pass' }, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(api.reads()).toBe(2);
  });

  it("another member's booking (or none) is not found", async () => {
    await signIn(host);
    mockBookings([makeBooking()]);
    renderApp('/bookings/b0000000-0000-4000-8000-999999999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking not found' }, PAGE)).toBeInTheDocument();
  });
});
