import { act, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Booking } from '@luxe/contracts';
import type { PendingBooking } from '../../../lib/pending-booking';
import { STORAGE_KEYS } from '../../../lib/storage';
import { makeUser, signIn } from '../../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { axeViolations } from '../../../testing/axe';

/** Stripe.js cannot load here: the card form is replaced by a stand-in whose readiness the test controls. */
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  retrievePaymentIntent: vi.fn(),
  autoReady: true,
  readyCallbacks: [] as Array<() => void>,
}));

vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ children, options }: { children: React.ReactNode; options: { clientSecret: string } }) => (
      <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
        {children}
      </div>
    ),
    PaymentElement: ({ onReady }: { onReady?: (e: unknown) => void }) => {
      useEffect(() => {
        if (stripe.autoReady) onReady?.({});
        else stripe.readyCallbacks.push(() => onReady?.({}));
      }, [onReady]);
      return <div data-testid="payment-element">Card number</div>;
    },
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => ({ id: 'elements' }),
  };
});

const host = makeUser({ id: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c', firstName: 'Ava' });
const VENUE_ID = '0b7d3c1e-5a2f-4c8e-9d1a-000000000042';
const HOLD_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

const pending: PendingBooking = {
  venueId: VENUE_ID,
  venueName: 'Azure Dream',
  venueImage: '/img/azure.jpg',
  date: '2030-06-15',
  time: '23:00',
  duration: 4,
  totalPrice: 3500,
  eventDescription: 'Birthday on the bay',
  friendsCount: 2,
};

function storePending(booking: Partial<PendingBooking> = {}) {
  window.localStorage.setItem(STORAGE_KEYS.pendingBooking, JSON.stringify({ ...pending, ...booking }));
}

function bookingAnswer(): Booking {
  return {
    id: HOLD_ID,
    hostId: host.id,
    venueId: VENUE_ID,
    venueName: 'Azure Dream',
    venueType: 'yacht',
    venueCity: 'Miami, FL',
    venueState: 'Florida',
    venueImage: '/img/azure.jpg',
    sectionId: null,
    sectionType: 'Full Yacht',
    section: 'Full Yacht',
    dancerId: null,
    bookingDate: '2030-06-15',
    startTime: '23:00',
    endTime: '03:00',
    duration: 4,
    totalCost: '3500.00',
    friends: '[]',
    guestVisibility: 'both',
    status: 'confirmed',
    eventDescription: 'Birthday on the bay',
    createdAt: '2030-01-01T00:00:00.000Z',
    holdExpiresAt: null,
    cancellationPolicy: 'moderate',
    amountPaid: '0.00',
    refundAmount: null,
    cancelledAt: null,
    minimumSpend: null,
    depositPercent: 100,
    depositAmount: '3500.00',
    balanceDue: '0.00',
  };
}

interface Api {
  intents: unknown[];
  bookings: unknown[];
}

/** The payment API: the config answers `publishableKey`; create-payment-intent and bookings answer as given. */
function mockPaymentApi({
  publishableKey = 'pk_test_123',
  intent = () =>
    HttpResponse.json({
      clientSecret: 'pi_123_secret_abc',
      paymentIntentId: 'pi_123',
      bookingId: HOLD_ID,
      totalCost: '3500.00',
      holdExpiresAt: '2030-01-01T00:15:00.000Z',
      depositAmount: '3500.00',
      balanceDue: '0.00',
    }),
  booking = () => HttpResponse.json(bookingAnswer(), { status: 201 }),
}: {
  publishableKey?: string | null;
  intent?: () => Response | Promise<Response>;
  booking?: () => Response;
} = {}): Api {
  const api: Api = { intents: [], bookings: [] };
  server.use(
    http.get('/api/payments/config', () => HttpResponse.json({ publishableKey })),
    http.post('/api/create-payment-intent', async ({ request }) => {
      api.intents.push(await request.json());
      return intent();
    }),
    http.post('/api/bookings', async ({ request }) => {
      api.bookings.push(await request.json());
      return booking();
    }),
  );
  return api;
}

async function payButton() {
  return screen.findByRole('button', { name: 'Pay $3,500.00' });
}

beforeEach(async () => {
  stripe.autoReady = true;
  stripe.readyCallbacks = [];
  stripe.loadStripe.mockImplementation(async () => ({
    id: 'stripe',
    retrievePaymentIntent: stripe.retrievePaymentIntent,
  }));
  stripe.retrievePaymentIntent.mockReset();
  stripe.confirmPayment.mockReset();
  await signIn(host);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/payment', () => {
  it('without a pending booking: toast No Booking Found and go to /dashboard', async () => {
    const api = mockPaymentApi();
    const { location } = renderApp('/payment');
    const toast = await findToast();
    expect(toast).toHaveTextContent('No Booking Found');
    expect(toast).toHaveTextContent('Please start a new booking.');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(api.intents).toHaveLength(0);
  });

  it('summarises the booking: image, venue, long date, time range and hours in EST, friends, description in quotes, total with cents', async () => {
    mockPaymentApi();
    storePending();
    renderApp('/payment');
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Booking' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Azure Dream' })).toHaveAttribute('src', '/img/azure.jpg');
    expect(screen.getByRole('heading', { level: 2, name: 'Azure Dream' })).toBeInTheDocument();
    expect(screen.getByTestId('summary-date')).toHaveTextContent(/^Saturday, June 15, 2030$/);
    expect(screen.getByTestId('summary-time')).toHaveTextContent(/^11:00 PM - 3:00 AM EST \(4 hours\)$/);
    expect(screen.getByTestId('summary-friends')).toHaveTextContent(/^2 friends invited$/);
    expect(screen.getByTestId('summary-description')).toHaveTextContent(/^“Birthday on the bay”$/);
    expect(screen.getByTestId('summary-total')).toHaveTextContent(/^\$3,500\.00$/);
    expect(await payButton()).toBeInTheDocument();
    expect(screen.getByText(/secured by our card payment provider/)).toBeInTheDocument();
  });

  it('leaves out friends when there are none and the description when empty', async () => {
    mockPaymentApi();
    storePending({ friendsCount: 0, eventDescription: '', duration: 1, time: '18:00' });
    renderApp('/payment');
    expect(await screen.findByTestId('summary-time')).toHaveTextContent(/^6:00 PM - 7:00 PM EST \(1 hour\)$/);
    expect(screen.queryByTestId('summary-friends')).not.toBeInTheDocument();
    expect(screen.queryByTestId('summary-description')).not.toBeInTheDocument();
  });

  it('holds the slot with the pending booking, shows the setting-up text meanwhile, and keeps Pay disabled until the card form is ready', async () => {
    stripe.autoReady = false;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = mockPaymentApi({
      publishableKey: 'pk_test_setup',
      intent: async () => {
        await answered;
        return HttpResponse.json({
          clientSecret: 'pi_9_secret_x',
          paymentIntentId: 'pi_9',
          bookingId: HOLD_ID,
          totalCost: '3500.00',
          holdExpiresAt: '2030-01-01T00:15:00.000Z',
          depositAmount: '3500.00',
          balanceDue: '0.00',
        });
      },
    });
    storePending();
    renderApp('/payment');
    expect(await screen.findByText('Setting up secure payment...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await waitFor(() => expect(api.intents).toHaveLength(1));
    expect(api.intents[0]).toEqual({
      venueId: VENUE_ID,
      bookingDate: '2030-06-15',
      startTime: '23:00',
      duration: 4,
      eventDescription: 'Birthday on the bay',
      friendsCount: 2,
    });

    answer();
    const pay = await payButton();
    expect(screen.queryByText('Setting up secure payment...')).not.toBeInTheDocument();
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_9_secret_x');
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_setup');
    expect(pay).toBeDisabled();
    act(() => stripe.readyCallbacks.forEach((ready) => ready()));
    expect(pay).toBeEnabled();
  });

  it('card payments not configured (no publishable key): the configuration error, and no payment is started', async () => {
    const api = mockPaymentApi({ publishableKey: null });
    storePending();
    renderApp('/payment');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment Configuration Error' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Card payments are not configured. Please contact support.');
    expect(alert).not.toHaveTextContent(/stripe/i);
    expect(api.intents).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('card payments not configured on the server (503): the configuration error', async () => {
    mockPaymentApi({
      intent: () =>
        HttpResponse.json(
          {
            statusCode: 503,
            code: 'PAYMENT.NOT_CONFIGURED',
            message: 'Card payments are not configured. Please contact support.',
          },
          { status: 503 },
        ),
    });
    storePending();
    renderApp('/payment');
    expect(await screen.findByRole('heading', { name: 'Payment Configuration Error' })).toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('setup failure: toast Payment Setup Failed; Try Again starts the payment again', async () => {
    let fail = true;
    const api = mockPaymentApi({
      intent: () =>
        fail
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json({
              clientSecret: 'pi_2_secret_y',
              paymentIntentId: 'pi_2',
              bookingId: HOLD_ID,
              totalCost: '3500.00',
              holdExpiresAt: '2030-01-01T00:15:00.000Z',
              depositAmount: '3500.00',
              balanceDue: '0.00',
            }),
    });
    storePending();
    const { user } = renderApp('/payment');
    const toast = await findToast();
    expect(toast).toHaveTextContent('Payment Setup Failed');
    expect(toast).toHaveTextContent('Unable to initialize payment. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await payButton()).toBeEnabled();
    expect(api.intents).toHaveLength(2);
  });

  it('a taken slot (409) says so in the setup failure toast', async () => {
    mockPaymentApi({
      intent: () =>
        HttpResponse.json(
          { message: 'This time is no longer available. Please choose another time.' },
          { status: 409 },
        ),
    });
    storePending();
    renderApp('/payment');
    const toast = await findToast();
    expect(toast).toHaveTextContent('Payment Setup Failed');
    expect(toast).toHaveTextContent('This time is no longer available. Please choose another time.');
  });

  it("success: books with the hold, clears the pending booking, confirms, and opens the booking's page after 2 s, with its pass and calendar file (issue 31: it went to the dashboard's Profile tab)", async () => {
    let succeed!: () => void;
    stripe.confirmPayment.mockImplementation(
      () =>
        new Promise((resolve) => (succeed = () => resolve({ paymentIntent: { id: 'pi_123', status: 'succeeded' } }))),
    );
    const api = mockPaymentApi();
    storePending();
    const { location, router, user } = renderApp('/payment');
    await user.click(await payButton());
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

    // The clock stops once the card is being confirmed: the redirect's delay is counted exactly.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    succeed();
    // Let everything due now run (the booking call, the state updates) without moving the clock.
    for (let i = 0; i < 200 && !screen.queryByRole('heading', { level: 1, name: 'Booking Confirmed!' }); i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(0));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText(/confirmation email/i)).toBeInTheDocument();
    expect(screen.getByText('Opening your booking...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View booking' })).toHaveAttribute('href', `/bookings/${HOLD_ID}`);
    const toast = screen.getByTestId('toast');
    expect(toast).toHaveTextContent('Payment Successful!');
    expect(toast).toHaveTextContent('Your yacht booking has been confirmed.');

    expect(stripe.confirmPayment).toHaveBeenCalledTimes(1);
    expect(stripe.confirmPayment.mock.calls[0]?.[0]).toMatchObject({
      elements: { id: 'elements' },
      redirect: 'if_required',
    });
    expect(api.bookings).toEqual([
      {
        hostId: host.id,
        venueId: VENUE_ID,
        venueName: 'Azure Dream',
        venueType: 'yacht',
        sectionType: 'Full Yacht',
        sectionId: -1,
        dancerId: null,
        bookingDate: '2030-06-15',
        startTime: '23:00',
        endTime: '03:00',
        duration: 4,
        totalCost: '3500.00',
        friends: '[]',
        guestVisibility: 'both',
        status: 'confirmed',
        eventDescription: 'Birthday on the bay',
        holdId: HOLD_ID,
      },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingBooking)).toBeNull();

    server.use(
      http.get('/api/bookings/user', () => HttpResponse.json([bookingAnswer()])),
      http.get('/api/bookings/:id/pass', ({ params }) =>
        HttpResponse.json({
          token: `tok-${String(params.id)}`,
          code: 'ABCD2345',
          url: `/pass/tok-${String(params.id)}`,
        }),
      ),
    );
    // Where the router is going (the booking's page loads on demand, so its navigation starts before it completes).
    const target = () => router.state.navigation.location?.pathname ?? router.state.location.pathname;
    act(() => vi.advanceTimersByTime(1999));
    expect(target()).toBe('/payment');
    act(() => vi.advanceTimersByTime(1));
    expect(target()).toBe(`/bookings/${HOLD_ID}`);
    vi.useRealTimers();
    await waitFor(() => expect(location()).toBe(`/bookings/${HOLD_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Azure Dream' })).toBeInTheDocument();
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(screen.getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute(
      'href',
      `/api/bookings/${HOLD_ID}/calendar.ics`,
    );
    expect(await screen.findByTestId('pass-code')).toHaveTextContent('ABCD-2345');
    expect(screen.getByRole('link', { name: 'Open pass' })).toHaveAttribute('href', `/pass/tok-${HOLD_ID}`);
  });

  it('success even when the booking call fails (the server confirms it from the payment)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const api = mockPaymentApi({ booking: () => HttpResponse.json({ message: 'down' }, { status: 500 }) });
    storePending();
    const { user } = renderApp('/payment');
    await user.click(await payButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(api.bookings).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingBooking)).toBeNull();
    expect(await findToast()).toHaveTextContent('Payment Successful!');
  });

  it('once confirmed, invites the guests chosen on the invites step to the booking; a failed invite is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const MIA = 'f0000000-0000-4000-8000-000000000101';
    const NOA = 'f0000000-0000-4000-8000-000000000102';
    const invites: unknown[] = [];
    server.use(
      http.post('/api/invites', async ({ request }) => {
        const body = (await request.json()) as { guestId: string };
        invites.push(body);
        return body.guestId === NOA
          ? HttpResponse.json({ message: 'down' }, { status: 500 })
          : HttpResponse.json({}, { status: 201 });
      }),
    );
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    mockPaymentApi();
    storePending({ sendInvites: true, invitedMemberIds: [MIA, NOA] });
    const { user } = renderApp('/payment');
    await user.click(await payButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeInTheDocument();
    await waitFor(() => expect(invites).toHaveLength(2));
    const expected = {
      eventTitle: 'Azure Dream · Full Yacht',
      eventDescription: 'Birthday on the bay',
      eventDate: '2030-06-15',
      bookingId: HOLD_ID,
    };
    expect(invites).toEqual([
      { guestId: MIA, ...expected },
      { guestId: NOA, ...expected },
    ]);
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to send an invite for the booking', expect.any(Error)),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeInTheDocument();
  });

  it('sends no invite when invites were turned off or nobody was chosen', async () => {
    const invites: unknown[] = [];
    server.use(
      http.post('/api/invites', async ({ request }) => {
        invites.push(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    const api = mockPaymentApi();
    storePending({ sendInvites: false, invitedMemberIds: ['f0000000-0000-4000-8000-000000000101'] });
    const { user } = renderApp('/payment');
    await user.click(await payButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(api.bookings).toHaveLength(1);
    await delay(50);
    expect(invites).toEqual([]);
  });

  it('declined: toast Payment Failed with the provider message; nothing is booked and the booking stays pending', async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    const api = mockPaymentApi();
    storePending();
    const { user, location } = renderApp('/payment');
    const pay = await payButton();
    await user.click(pay);
    const toast = await findToast();
    expect(toast).toHaveTextContent('Payment Failed');
    expect(toast).toHaveTextContent('Your card was declined.');
    expect(api.bookings).toHaveLength(0);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingBooking)).not.toBeNull();
    expect(location()).toBe('/payment');
    expect(pay).toBeEnabled();
  });

  it('any other payment status: toast Payment Processing', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_123', status: 'processing' } });
    const api = mockPaymentApi();
    storePending();
    const { user } = renderApp('/payment');
    await user.click(await payButton());
    const toast = await findToast();
    expect(toast).toHaveTextContent('Payment Processing');
    expect(toast).toHaveTextContent('Your payment is being processed.');
    expect(api.bookings).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Booking Confirmed!' })).not.toBeInTheDocument();
  });

  it('an unexpected exception: toast Payment Error', async () => {
    stripe.confirmPayment.mockRejectedValue(new Error('network down'));
    mockPaymentApi();
    storePending();
    const { user } = renderApp('/payment');
    await user.click(await payButton());
    const toast = await findToast();
    expect(toast).toHaveTextContent('Payment Error');
    expect(toast).toHaveTextContent('An unexpected error occurred. Please try again.');
  });

  it('waits while the server is slow to answer the configuration', async () => {
    server.use(
      http.get('/api/payments/config', async () => {
        await delay(30);
        return HttpResponse.json({ publishableKey: 'pk_test_123' });
      }),
    );
    storePending();
    renderApp('/payment');
    expect(await screen.findByText('Setting up secure payment...')).toBeInTheDocument();
  });

  describe("back from the bank's check (3-D Secure redirect)", () => {
    const attempt = { holdId: HOLD_ID, clientSecret: 'pi_3ds_secret_k', total: 3500 };
    const back =
      '/payment?payment_intent=pi_3ds&payment_intent_client_secret=pi_3ds_secret_k&redirect_status=succeeded';

    it('remembers the started payment with the pending booking', async () => {
      mockPaymentApi({
        intent: () =>
          HttpResponse.json({
            clientSecret: 'pi_3ds_secret_k',
            paymentIntentId: 'pi_3ds',
            bookingId: HOLD_ID,
            totalCost: '3500.00',
            holdExpiresAt: '2030-01-01T00:15:00.000Z',
            depositAmount: '3500.00',
            balanceDue: '0.00',
          }),
      });
      storePending();
      renderApp('/payment');
      await payButton();
      expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.pendingBooking)!).payment).toEqual({
        ...attempt,
        balance: 0,
      });
    });

    it('a succeeded payment finishes that booking with its hold, without a second payment', async () => {
      stripe.retrievePaymentIntent.mockResolvedValue({ paymentIntent: { id: 'pi_3ds', status: 'succeeded' } });
      const api = mockPaymentApi();
      storePending({ payment: attempt });
      const { location } = renderApp(back);
      expect(await screen.findByRole('heading', { name: 'Booking Confirmed!' })).toBeInTheDocument();
      expect(stripe.retrievePaymentIntent).toHaveBeenCalledWith('pi_3ds_secret_k');
      expect(api.intents).toHaveLength(0);
      expect(api.bookings).toEqual([expect.objectContaining({ holdId: HOLD_ID, venueId: VENUE_ID })]);
      expect(window.localStorage.getItem(STORAGE_KEYS.pendingBooking)).toBeNull();
      expect(location()).toBe('/payment');
    });

    it('a failed check: Payment Failed, and the same payment is offered again', async () => {
      stripe.retrievePaymentIntent.mockResolvedValue({
        paymentIntent: { id: 'pi_3ds', status: 'requires_payment_method' },
      });
      const api = mockPaymentApi();
      storePending({ payment: attempt });
      renderApp(back.replace('succeeded', 'failed'));
      const toast = await findToast();
      expect(toast).toHaveTextContent('Payment Failed');
      expect(await payButton()).toBeInTheDocument();
      expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_3ds_secret_k');
      expect(api.intents).toHaveLength(0);
      expect(api.bookings).toHaveLength(0);
    });

    it('a return for another payment than the one remembered starts a new one', async () => {
      const api = mockPaymentApi();
      storePending({ payment: { ...attempt, clientSecret: 'pi_old_secret' } });
      renderApp(back);
      await payButton();
      expect(api.intents).toHaveLength(1);
      expect(stripe.retrievePaymentIntent).not.toHaveBeenCalled();
    });
  });
});

describe('/payment: a section paid by deposit (docs/product.md#booking-deposits)', () => {
  const SECTION_ID = '5ec71010-0000-4000-8000-000000000777';
  const sectionPending: Partial<PendingBooking> = {
    venueName: 'Velvet Room',
    venueImage: '',
    time: '22:00',
    duration: 2,
    totalPrice: 2500,
    eventDescription: '',
    friendsCount: 0,
    sendInvites: false,
    section: {
      id: SECTION_ID,
      name: 'Balcony',
      dancerId: null,
      guestVisibility: 'women',
      depositPercent: 25,
      depositAmount: 625,
      balanceDue: 1875,
      minimumSpend: 2500,
    },
  };
  const sectionBooking = (): Booking => ({
    ...bookingAnswer(),
    venueName: 'Velvet Room',
    venueType: 'club',
    sectionId: SECTION_ID,
    sectionType: 'Table',
    section: 'Balcony',
    totalCost: '2500.00',
    minimumSpend: '2500.00',
    depositPercent: 25,
    depositAmount: '625.00',
    balanceDue: '1875.00',
  });
  const intent = () =>
    HttpResponse.json({
      clientSecret: 'pi_dep_secret_d',
      paymentIntentId: 'pi_dep',
      bookingId: HOLD_ID,
      totalCost: '2500.00',
      holdExpiresAt: '2030-01-01T00:15:00.000Z',
      depositAmount: '625.00',
      balanceDue: '1875.00',
    });

  it('holds the section, charges the deposit (the server amounts), shows deposit and balance, and confirms with deposit paid and balance due', async () => {
    stripe.confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_dep', status: 'succeeded' } });
    const api = mockPaymentApi({ intent, booking: () => HttpResponse.json(sectionBooking(), { status: 201 }) });
    storePending(sectionPending);
    const { user } = renderApp('/payment');
    const pay = await screen.findByRole('button', { name: 'Pay $625.00' });
    expect(api.intents).toEqual([
      {
        venueId: VENUE_ID,
        bookingDate: '2030-06-15',
        startTime: '22:00',
        duration: 2,
        friendsCount: 0,
        sectionId: SECTION_ID,
        dancerId: null,
        guestVisibility: 'women',
      },
    ]);
    expect(screen.getByTestId('summary-section')).toHaveTextContent('Balcony');
    expect(screen.getByTestId('summary-minimum-spend')).toHaveTextContent('$2,500');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$2,500.00');
    expect(screen.getByTestId('summary-deposit')).toHaveTextContent('$625.00');
    expect(screen.getByTestId('summary-balance')).toHaveTextContent('$1,875.00');
    expect(screen.getByText('Deposit due now (25%)')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(pay);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText(/Balcony is booked/)).toBeInTheDocument();
    expect(screen.getByTestId('confirmed-deposit')).toHaveTextContent('$625');
    expect(screen.getByTestId('confirmed-balance')).toHaveTextContent('$1,875');
    expect(screen.getByTestId('toast')).toHaveTextContent('Your deposit is paid and your booking is confirmed.');
    // The booking call names the held section and the hold; never a price.
    expect(api.bookings).toEqual([
      {
        venueId: VENUE_ID,
        sectionId: SECTION_ID,
        dancerId: null,
        bookingDate: '2030-06-15',
        startTime: '22:00',
        duration: 2,
        friends: [],
        guestVisibility: 'women',
        holdId: HOLD_ID,
      },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.pendingBooking)).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });
});
