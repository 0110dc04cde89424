import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { startOwnStack, type OwnStack } from './support/own-stack';
import { nyDate, World } from './support/world';

// The test provider (issue 31, PAYMENT_PROVIDER=test, the embedded mode's default) on a
// distributed stack of this file's own (ports LUXE_TEST_BASE_PORT+60..+67; no stripe-mock for
// its payments): a hold paid with Stripe's test card numbers, whose outcomes reach bookings
// through the same webhook handler as Stripe's, and refunds and splits that follow as with Stripe.
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
let own: OwnStack;
let world: World;
let owner: Awaited<ReturnType<World['account']>>;
let yacht: string; // $500/h, moderate policy
let day = 20;

beforeAll(async () => {
  const base = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) + 60;
  own = await startOwnStack({
    dbPrefix: `luxe_test${id}_tp`,
    resetDatabases: true,
    basePort: base,
    gatewayPort: base,
    groupPrefix: `test${id}tp.`,
    readyTimeoutMs: Number(process.env.LUXE_STACK_READY_MS ?? 90_000),
    logDir: `${process.cwd()}/.data/test-logs/test-payments`,
    extraEnv: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      CONSUMER_BACKOFF_MS: '50',
      PAYMENT_PROVIDER: 'test',
      TEST_PAYMENT_PROCESSING_MS: '1500',
    },
  });
  world = await new World({ gatewayUrl: own.gatewayUrls[0]!, dbUrls: own.dbUrls }).open('payments');
  owner = await world.account('venue');
  yacht = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Test Tide',
      type: 'yacht',
      city: 'Cardville',
      state: 'Florida',
      address: '1 Pier',
      capacity: 12,
      pricePerHour: 500,
      yachtLength: 60,
    })
  ).json.id;
  await world.approve(yacht);
}, 240_000);

afterAll(async () => {
  await world?.close();
  await own?.stop();
});

const hold = (api: ApiClient) =>
  api.call('POST', '/api/create-payment-intent', {
    venueId: yacht,
    bookingDate: nyDate(day++),
    startTime: '20:00',
    duration: 4,
  });
const confirm = (
  api: ApiClient,
  intentId: string,
  clientSecret: string,
  cardNumber: string,
  over: Record<string, unknown> = {},
) =>
  api.call('POST', `/api/test-payments/${intentId}/confirm`, {
    clientSecret,
    cardNumber,
    expiry: '12/40',
    cvc: '123',
    ...over,
  });
const bookingOf = async (bookingId: string) =>
  (await world.dbs.bookings.query('SELECT status, amount_paid FROM bookings WHERE id = $1', [bookingId])).rows[0];
const paymentOf = async (bookingId: string) =>
  (await world.dbs.payments.query('SELECT * FROM payments WHERE booking_id = $1', [bookingId])).rows[0];
const intentOf = async (intentId: string) =>
  (await world.dbs.payments.query('SELECT * FROM test_payment_intents WHERE id = $1', [intentId])).rows[0];
const confirmed = (bookingId: string) =>
  waitFor('the booking is confirmed', async () => (await bookingOf(bookingId)).status === 'confirmed', 20_000);

describe('the test payment provider (PAYMENT_PROVIDER=test)', () => {
  it('is named by the payment config, without a publishable key', async () => {
    expect((await new ApiClient(world.base).call('GET', '/api/payments/config')).json).toEqual({
      provider: 'test',
      publishableKey: null,
    });
  });

  it('4242 4242 4242 4242: a held yacht is paid with the server’s amount and confirmed by the signed event', async () => {
    const host = await world.account('host', 'Tess');
    const r = await hold(host.api);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      totalCost: '2000.00',
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      clientSecret: expect.stringMatching(/^pi_test_\w+_secret_/),
    });
    const intent = await intentOf(r.json.paymentIntentId);
    expect([intent.amount, intent.status, intent.metadata.bookingId]).toEqual([
      200_000,
      'requires_payment_method',
      r.json.bookingId,
    ]);
    const paid = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4242 4242 4242 4242');
    expect([paid.status, paid.json]).toEqual([200, { status: 'succeeded', error: null }]);
    await confirmed(r.json.bookingId);
    expect((await bookingOf(r.json.bookingId)).amount_paid).toBe('2000.00');
    expect((await paymentOf(r.json.bookingId)).status).toBe('succeeded');
    // The event went through the webhook handler (recorded once there).
    expect(
      (
        await world.dbs.payments.query(
          `SELECT type FROM stripe_events WHERE event_id LIKE 'evt_test_%' AND type = 'payment_intent.succeeded'`,
        )
      ).rows.length,
    ).toBeGreaterThanOrEqual(1);
    const twice = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4242424242424242');
    expect([twice.status, twice.json.message]).toEqual([409, 'This payment has already been made']);
  });

  it('4000 0000 0000 0002 is declined with its message and the hold kept; 4242 then pays the same hold', async () => {
    const host = await world.account('host', 'Dee');
    const r = await hold(host.api);
    const declined = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4000 0000 0000 0002');
    expect([declined.status, declined.json]).toEqual([
      200,
      { status: 'requires_payment_method', error: 'Your card was declined.' },
    ]);
    await waitFor(
      'the decline is recorded',
      async () => (await paymentOf(r.json.bookingId)).last_error === 'Your card was declined.',
    );
    const insufficient = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4000000000009995');
    expect(insufficient.json).toEqual({
      status: 'requires_payment_method',
      error: 'Your card has insufficient funds.',
    });
    await waitFor(
      'the second decline is recorded',
      async () => (await paymentOf(r.json.bookingId)).last_error === 'Your card has insufficient funds.',
    );
    expect([(await bookingOf(r.json.bookingId)).status, (await paymentOf(r.json.bookingId)).status]).toEqual([
      'held',
      'pending',
    ]);
    expect((await paymentOf(r.json.bookingId)).payment_intent_id).toBe(r.json.paymentIntentId);
    const retry = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4242424242424242');
    expect(retry.json).toEqual({ status: 'succeeded', error: null });
    await confirmed(r.json.bookingId);
  });

  it('4000 0025 0000 3155 is processing first (the booking still held), then succeeds and confirms', async () => {
    const host = await world.account('host', 'Pia');
    const r = await hold(host.api);
    const processing = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4000 0025 0000 3155');
    expect(processing.json).toEqual({ status: 'processing', error: null });
    expect((await bookingOf(r.json.bookingId)).status).toBe('held');
    const again = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4242424242424242');
    expect([again.status, again.json.message]).toEqual([409, 'This payment is already being processed']);
    await confirmed(r.json.bookingId);
    expect((await intentOf(r.json.paymentIntentId)).status).toBe('succeeded');
  });

  it('refuses bad input with a clear 400, a wrong secret or another’s intent with 404, and anonymous callers with 401; nothing changes', async () => {
    const host = await world.account('host', 'Bea');
    const r = await hold(host.api);
    for (const [over, message] of [
      [{ cardNumber: '4242' }, 'Enter the card number (12 to 19 digits)'],
      [{ expiry: '1/2' }, 'Enter the expiry date as MM/YY'],
      [{ expiry: '01/20' }, 'The expiry date is in the past'],
      [{ cvc: 'abc' }, 'Enter the 3- or 4-digit security code (CVC)'],
    ] as const) {
      const bad = await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4242424242424242', over);
      expect([bad.status, bad.json.errors?.[0]?.message ?? bad.json.message]).toEqual([400, message]);
    }
    const wrong = await confirm(
      host.api,
      r.json.paymentIntentId,
      `${r.json.paymentIntentId}_secret_wrong`,
      '4242424242424242',
    );
    expect([wrong.status, wrong.json.message]).toEqual([404, 'Payment not found']);
    const anon = await confirm(
      new ApiClient(world.base),
      r.json.paymentIntentId,
      r.json.clientSecret,
      '4242424242424242',
    );
    expect(anon.status).toBe(401);
    expect((await intentOf(r.json.paymentIntentId)).status).toBe('requires_payment_method');
    expect((await bookingOf(r.json.bookingId)).status).toBe('held');
  });

  it('a host cancelling a paid booking is refunded by the test provider (a test refund row, refund-issued)', async () => {
    const host = await world.account('host', 'Rae');
    day = Math.max(day, 40); // more than 120 h ahead: the moderate policy refunds in full
    const r = await hold(host.api);
    await confirm(host.api, r.json.paymentIntentId, r.json.clientSecret, '4242424242424242');
    await confirmed(r.json.bookingId);
    const cancel = await host.api.call('POST', `/api/bookings/${r.json.bookingId}/cancel`);
    expect(cancel.status).toBe(200);
    const refund = await waitFor(
      'the refund is recorded',
      async () =>
        (await world.dbs.payments.query('SELECT * FROM refunds WHERE booking_id = $1', [r.json.bookingId])).rows[0],
      20_000,
    );
    expect([refund.amount, refund.stripe_refund_id]).toEqual([200_000, expect.stringMatching(/^re_test_/)]);
    const atProvider = (
      await world.dbs.payments.query('SELECT * FROM test_payment_refunds WHERE id = $1', [refund.stripe_refund_id])
    ).rows[0];
    expect([atProvider.payment_intent_id, atProvider.amount, atProvider.status]).toEqual([
      r.json.paymentIntentId,
      200_000,
      'succeeded',
    ]);
    expect(
      (await world.dbs.bookings.query('SELECT refund_amount FROM bookings WHERE id = $1', [r.json.bookingId])).rows[0]
        .refund_amount,
    ).toBe('2000.00');
  });

  it('a released hold cancels its test intent; a split replaces the whole payment (the hold kept) and its shares paid by card confirm the booking', async () => {
    const host = await world.account('host', 'Sam');
    const guest = await world.account('guest', 'Gus');
    const r = await hold(host.api);
    const split = await host.api.call('POST', `/api/bookings/${r.json.bookingId}/split`, {
      shares: 2,
      fallback: 'release',
    });
    expect(split.status).toBe(201);
    expect((await intentOf(r.json.paymentIntentId)).status).toBe('canceled');
    // The cancellation's own event comes later and changes nothing: the booking stays held for its shares.
    await new Promise((res) => setTimeout(res, 2000));
    expect([(await bookingOf(r.json.bookingId)).status, (await paymentOf(r.json.bookingId)).status]).toEqual([
      'held',
      'replaced',
    ]);
    const hostSecret = split.json.hostClientSecret as string;
    const hostIntent = hostSecret.split('_secret_')[0]!;
    expect((await confirm(host.api, hostIntent, hostSecret, '4242424242424242')).json.status).toBe('succeeded');
    const token = (split.json.shares[1].link as string).replace('/split/', '');
    const share = await guest.api.call('POST', `/api/split-shares/${token}/payment-intent`);
    expect(share.status).toBe(200);
    expect(
      (await confirm(guest.api, share.json.paymentIntentId, share.json.clientSecret, '4000000000000002')).json.error,
    ).toBe('Your card was declined.');
    expect(
      (await confirm(guest.api, share.json.paymentIntentId, share.json.clientSecret, '4242424242424242')).json.status,
    ).toBe('succeeded');
    await confirmed(r.json.bookingId);

    // Another hold released by its host: its open test intent is cancelled at the provider.
    const other = await hold(host.api);
    expect((await host.api.call('POST', `/api/bookings/${other.json.bookingId}/cancel`)).status).toBe(200);
    await waitFor(
      'the open intent is cancelled',
      async () => (await intentOf(other.json.paymentIntentId)).status === 'canceled',
      20_000,
    );
    const late = await confirm(host.api, other.json.paymentIntentId, other.json.clientSecret, '4242424242424242');
    expect([late.status, late.json.message]).toEqual([409, 'This payment was cancelled. Please start again.']);
  });
});
