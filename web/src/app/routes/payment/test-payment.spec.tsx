import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingBooking } from '../../../lib/pending-booking';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, signIn } from '../../../testing/fixtures';
import { findToast, renderApp, screen } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { axeViolations } from '../../../testing/axe';

// /payment with the test provider (issue 31, the embedded mode): our own labelled card form, no
// Stripe.js; each state of the payment page (succeeded, declined and retried on the same hold,
// processing then confirmed) with the server's answers.
const stripe = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const host = makeUser({ id: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c', firstName: 'Ava' });
const VENUE_ID = '0b7d3c1e-5a2f-4c8e-9d1a-000000000042';
const HOLD_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const SECRET = 'pi_test_abc12345_secret_xyz';
const pending: PendingBooking = {
  venueId: VENUE_ID,
  venueName: 'Azure Dream',
  venueImage: '/img/azure.jpg',
  date: '2030-06-15',
  time: '23:00',
  duration: 4,
  totalPrice: 3500,
  eventDescription: '',
  friendsCount: 0,
};

/** The test provider's API: confirm answers in turn from `answers`; the booking's status as `status()` says. */
function mockTestApi(answers: Array<{ status: string; error: string | null }>, status: () => string) {
  const confirms: unknown[] = [];
  server.use(
    http.get('/api/payments/config', () => HttpResponse.json({ provider: 'test', publishableKey: null })),
    http.post('/api/create-payment-intent', () =>
      HttpResponse.json({
        clientSecret: SECRET,
        paymentIntentId: 'pi_test_abc12345',
        bookingId: HOLD_ID,
        totalCost: '3500.00',
        holdExpiresAt: '2030-01-01T00:15:00.000Z',
        depositAmount: '3500.00',
        balanceDue: '0.00',
      }),
    ),
    http.post('/api/test-payments/:id/confirm', async ({ request, params }) => {
      confirms.push({ id: params.id, ...((await request.json()) as object) });
      return HttpResponse.json(answers.shift());
    }),
    http.get('/api/bookings/user', () => HttpResponse.json([{ id: HOLD_ID, status: status() }])),
    http.post('/api/bookings', () =>
      HttpResponse.json({ id: HOLD_ID, status: 'confirmed', venueName: 'Azure Dream' }, { status: 201 }),
    ),
  );
  return confirms;
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], number: string) {
  const card = await screen.findByLabelText('Card number');
  await user.clear(card);
  await user.type(card, number);
  await user.clear(screen.getByLabelText('Expiry (MM/YY)'));
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.clear(screen.getByLabelText('CVC'));
  await user.type(screen.getByLabelText('CVC'), '123');
}

beforeEach(async () => {
  stripe.loadStripe.mockReset();
  window.localStorage.setItem(STORAGE_KEYS.pendingBooking, JSON.stringify(pending));
  await signIn(host);
});

describe('/payment with the test provider', () => {
  it('shows a labelled test-mode card form with the four test numbers, loads no Stripe.js, and passes axe', async () => {
    mockTestApi([], () => 'held');
    const { container } = renderApp('/payment');
    expect(await screen.findByText('Test mode — no real card is charged')).toBeInTheDocument();
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    for (const n of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995', '4000 0025 0000 3155'])
      expect(screen.getByText(n)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $3,500.00' })).toBeEnabled();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="stripe"]')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says what is wrong with each field before sending anything', async () => {
    const confirms = mockTestApi([], () => 'held');
    const { user } = renderApp('/payment');
    await user.type(await screen.findByLabelText('Card number'), '4242');
    await user.click(screen.getByRole('button', { name: 'Pay $3,500.00' }));
    expect(await screen.findByText('Enter the card number (12 to 19 digits)')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY')).toBeInTheDocument();
    expect(screen.getByText('Enter the 3- or 4-digit security code (CVC)')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(confirms).toHaveLength(0);
  });

  it('a declined card shows the provider’s message and keeps the form; 4242 then pays the same hold and the booking is confirmed', async () => {
    let status = 'held';
    const confirms = mockTestApi(
      [
        { status: 'requires_payment_method', error: 'Your card was declined.' },
        { status: 'succeeded', error: null },
      ],
      () => status,
    );
    const { user } = renderApp('/payment');
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $3,500.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(await findToast()).toHaveTextContent('Payment Failed');
    await fillCard(user, '4242 4242 4242 4242');
    status = 'confirmed';
    await user.click(screen.getByRole('button', { name: 'Pay $3,500.00' }));
    expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(confirms).toEqual([
      { id: 'pi_test_abc12345', clientSecret: SECRET, cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' },
      { id: 'pi_test_abc12345', clientSecret: SECRET, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    ]);
  });

  it('processing shows "Payment Processing" until the booking is confirmed', async () => {
    let status = 'held';
    mockTestApi([{ status: 'processing', error: null }], () => status);
    const { user } = renderApp('/payment');
    await fillCard(user, '4000 0025 0000 3155');
    await user.click(screen.getByRole('button', { name: 'Pay $3,500.00' }));
    expect(await screen.findByText('Payment Processing', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Booking Confirmed!' })).not.toBeInTheDocument();
    status = 'confirmed';
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument(), {
      timeout: 5000,
    });
  });
});
