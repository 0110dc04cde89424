import { act, fireEvent, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Split, SplitSharePublic } from '@luxe/contracts';
import type { PendingBooking } from '../../lib/pending-booking';
import { STORAGE_KEYS } from '../../lib/storage';
import { makeUser, signIn } from '../../testing/fixtures';
import { findToast, renderApp, screen, within } from '../../testing/render-app';
import { server } from '../../testing/server';
import { axeViolations } from '../../testing/axe';

// The split form on /payment and a guest's share page /split/:token (issue 12). Stripe.js cannot
// load here: its card form is a stand-in that reports the client secret it was given.
const stripe = vi.hoisted(() => ({ loadStripe: vi.fn(), confirmPayment: vi.fn() }));
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
      useEffect(() => onReady?.({}), [onReady]);
      return <div data-testid="payment-element">Card number</div>;
    },
    useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
    useElements: () => ({ id: 'elements' }),
  };
});

const host = makeUser({ id: '6f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3c', firstName: 'Ava' });
const HOLD_ID = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const pending: PendingBooking = {
  venueId: '0b7d3c1e-5a2f-4c8e-9d1a-000000000042',
  venueName: 'Azure Dream',
  venueImage: '/img/azure.jpg',
  date: '2030-06-15',
  time: '23:00',
  duration: 4,
  totalPrice: 3500,
  eventDescription: '',
  friendsCount: 0,
};

const splitAnswer = (shares: number, fallback: 'host-card' | 'release'): Split => ({
  id: '11111111-1111-4111-8111-111111111111',
  bookingId: HOLD_ID,
  fallback,
  status: 'open',
  deadline: '2030-06-14T16:00:00.000Z',
  total: '3500.00',
  paidCount: 0,
  hostClientSecret: 'pi_host_secret_s',
  shares: Array.from({ length: shares }, (_, i) => ({
    id: `2222222${i}-2222-4222-8222-222222222222`,
    label: i === 0 ? 'Host' : `Guest ${i}`,
    isHost: i === 0,
    amount: i === 0 ? '1166.68' : '1166.66',
    status: 'pending' as const,
    paidBy: null,
    link: i === 0 ? null : `/split/${TOKEN.slice(0, 31)}${i}`,
  })),
});

beforeEach(() => {
  stripe.loadStripe.mockImplementation(async () => ({ id: 'stripe' }));
  stripe.confirmPayment.mockReset();
});

describe('Split the payment on /payment', () => {
  beforeEach(async () => {
    await signIn(host);
    window.localStorage.setItem(STORAGE_KEYS.pendingBooking, JSON.stringify(pending));
  });

  it('asks how many people pay and what happens at the deadline, sends only that, then shows his share’s card form and the links to copy', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/payments/config', () => HttpResponse.json({ publishableKey: 'pk_test_123' })),
      http.post('/api/create-payment-intent', () =>
        HttpResponse.json({
          clientSecret: 'pi_full_secret_f',
          paymentIntentId: 'pi_full',
          bookingId: HOLD_ID,
          totalCost: '3500.00',
          holdExpiresAt: '2030-01-01T00:15:00.000Z',
          depositAmount: '3500.00',
          balanceDue: '0.00',
        }),
      ),
      http.post('/api/bookings/:id/split', async ({ params, request }) => {
        const body = (await request.json()) as { shares: number; fallback: 'host-card' | 'release' };
        bodies.push({ id: params.id, ...body });
        return HttpResponse.json(splitAnswer(body.shares, body.fallback), { status: 201 });
      }),
    );
    renderApp('/payment');
    // user-event installs its own clipboard with the render: watch that one.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const toggle = await screen.findByRole('button', { name: 'Split the payment' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const people = screen.getByLabelText('Number of people paying (you included)');
    fireEvent.change(people, { target: { value: '3' } });
    expect(screen.getByTestId('split-preview')).toHaveTextContent('Your share $1,166.68, each guest $1,166.66');
    // The choice is stated in full, with the deadline in New York time.
    const group = screen.getByRole('group', { name: /If a share is still unpaid at the deadline \(.+ EST\)/ });
    const card = within(group).getByRole('radio', { name: 'Charge my card for any unpaid shares at the deadline' });
    const release = within(group).getByRole('radio', {
      name: 'Cancel the booking at the deadline if any share is unpaid (paid shares are refunded in full)',
    });
    expect(card).toBeChecked();
    fireEvent.click(release);
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Split and get the links' }));
    await waitFor(() => expect(bodies).toEqual([{ id: HOLD_ID, shares: 3, fallback: 'release' }]));
    // His share's card form (the host share's payment), and the guests' links.
    await waitFor(() =>
      expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_host_secret_s'),
    );
    expect(screen.getByRole('button', { name: 'Pay $1,166.68' })).toBeInTheDocument();
    expect(screen.getByTestId('split-paid-count')).toHaveTextContent('0 of 3 shares paid');
    const links = screen.getAllByTestId('split-link').map((l) => l.textContent);
    expect(links).toEqual([`/split/${TOKEN.slice(0, 31)}1`, `/split/${TOKEN.slice(0, 31)}2`]);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy the link of Guest 2' })));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/split/${TOKEN.slice(0, 31)}2`);
    expect(await findToast()).toHaveTextContent('Link copied');
    expect(await axeViolations()).toEqual([]);
  });

  it('shows the server’s message when the split is refused', async () => {
    server.use(
      http.get('/api/payments/config', () => HttpResponse.json({ publishableKey: 'pk_test_123' })),
      http.post('/api/create-payment-intent', () =>
        HttpResponse.json({
          clientSecret: 'pi_full_secret_f',
          paymentIntentId: 'pi_full',
          bookingId: HOLD_ID,
          totalCost: '3500.00',
          holdExpiresAt: '2030-01-01T00:15:00.000Z',
          depositAmount: '3500.00',
          balanceDue: '0.00',
        }),
      ),
      http.post('/api/bookings/:id/split', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'SPLIT.NOT_SPLITTABLE',
            message: 'Only your held booking that is not paid yet can be split',
          },
          { status: 409 },
        ),
      ),
    );
    renderApp('/payment');
    fireEvent.click(await screen.findByRole('button', { name: 'Split the payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Split and get the links' }));
    const toast = await findToast();
    expect(toast).toHaveTextContent('The payment could not be split');
    expect(toast).toHaveTextContent('Only your held booking that is not paid yet can be split');
    expect(screen.queryByTestId('split-link')).not.toBeInTheDocument();
  });
});

describe('/split/:token', () => {
  const share = (over: Partial<SplitSharePublic> = {}): SplitSharePublic => ({
    venueName: 'Azure Dream',
    bookingDate: '2030-06-15',
    startTime: '23:00',
    amount: '1166.66',
    status: 'pending',
    deadline: '2030-06-14T16:00:00.000Z',
    open: true,
    ...over,
  });
  beforeEach(async () => {
    await signIn(makeUser({ id: '9f1c2a7e-2b9d-4a53-9f44-0d6c8a1f2b3d', firstName: 'Gina' }));
  });

  it('shows the share (venue, date, amount, deadline in EST) and, asked, its card form', async () => {
    let intents = 0;
    server.use(
      http.get('/api/payments/config', () => HttpResponse.json({ publishableKey: 'pk_test_123' })),
      http.get('/api/split-shares/:token', () => HttpResponse.json(share())),
      http.post('/api/split-shares/:token/payment-intent', () => {
        intents++;
        return HttpResponse.json({ clientSecret: 'pi_share_secret_g', paymentIntentId: 'pi_share', amount: '1166.66' });
      }),
    );
    renderApp(`/split/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay your share' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Azure Dream' })).toBeInTheDocument();
    expect(screen.getByTestId('share-amount')).toHaveTextContent('$1,166.66');
    expect(screen.getByText('Jun 14, 2030 12:00 PM EST')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay my share ($1,166.66)' }));
    await waitFor(() =>
      expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', 'pi_share_secret_g'),
    );
    expect(intents).toBe(1);
    expect(screen.getByRole('button', { name: 'Pay $1,166.66' })).toBeInTheDocument();
  });

  it('says so when card payments are not configured', async () => {
    server.use(
      http.get('/api/payments/config', () => HttpResponse.json({ publishableKey: null })),
      http.get('/api/split-shares/:token', () => HttpResponse.json(share())),
    );
    renderApp(`/split/${TOKEN}`);
    expect(await screen.findByText('Card payments are not configured. Please contact support.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay my share/ })).not.toBeInTheDocument();
  });

  it('a paid share says it is paid and offers no payment', async () => {
    server.use(
      http.get('/api/payments/config', () => HttpResponse.json({ publishableKey: 'pk_test_123' })),
      http.get('/api/split-shares/:token', () => HttpResponse.json(share({ status: 'paid', open: false }))),
    );
    renderApp(`/split/${TOKEN}`);
    expect(await screen.findByText('This share is paid. Thank you!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay my share/ })).not.toBeInTheDocument();
  });

  it('an unknown link says it is invalid', async () => {
    server.use(
      http.get('/api/payments/config', () => HttpResponse.json({ publishableKey: 'pk_test_123' })),
      http.get('/api/split-shares/:token', () =>
        HttpResponse.json(
          { statusCode: 404, code: 'SPLIT.SHARE_NOT_FOUND', message: 'This payment link is invalid or has expired' },
          { status: 404 },
        ),
      ),
    );
    renderApp(`/split/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment link is invalid or has expired');
  });
});

describe('My Bookings: who has paid', () => {
  it('shows "2 of 4 shares paid" for a split booking and nothing for one without a split', async () => {
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const { render } = await import('@testing-library/react');
    const { SplitProgress } = await import('./components/split-progress');
    const four = splitAnswer(4, 'host-card');
    four.paidCount = 2;
    server.use(
      http.get('/api/bookings/:id/split', ({ params }) =>
        params.id === HOLD_ID
          ? HttpResponse.json(four)
          : HttpResponse.json(
              { statusCode: 404, code: 'SPLIT.NOT_FOUND', message: 'Split payment not found' },
              { status: 404 },
            ),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <SplitProgress bookingId={HOLD_ID} />
        <div data-testid="none">
          <SplitProgress bookingId="33333333-3333-4333-8333-333333333333" />
        </div>
      </QueryClientProvider>,
    );
    expect(await screen.findByTestId('booking-split')).toHaveTextContent('2 of 4 shares paid');
    await waitFor(() =>
      expect(client.getQueryState(['booking-split', '33333333-3333-4333-8333-333333333333'])?.status).toBe('success'),
    );
    expect(screen.getByTestId('none')).toBeEmptyDOMElement();
    expect(await axeViolations(container)).toEqual([]);
  });
});
