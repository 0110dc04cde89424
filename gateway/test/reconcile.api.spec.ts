import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { waitFor } from './support/client';
import { startOwnStack, type OwnStack } from './support/own-stack';
import { inject } from './support/provided';
import { nyDate, World } from './support/world';

// `npm run reconcile:payments` against a stack whose payments service talks to localstripe
// (infra/local: the fake Stripe that remembers what it charged and refunded), end to end: a hold,
// its PaymentIntent, a card confirmed at localstripe, localstripe's own signed webhook, a confirmed
// booking; then the records agree (exit 0), until the provider refunds what nobody recorded and a
// booking is cancelled with its money kept (exit 1, a line each).
// The shared test stack uses stripe-mock unless LUXE_TEST_STRIPE=localstripe: then this file uses
// it, else it starts a stack of its own (ports LUXE_TEST_BASE_PORT+30..+37).
const ROOT = join(__dirname, '..', '..');
const LOCALSTRIPE = process.env.LOCALSTRIPE_API_BASE;
/** The secret key the stack gives payments (infra/scripts/stack.mjs): localstripe takes any sk_test_ key. */
const SECRET_KEY = process.env.STRIPE_SECRET_KEY ?? 'sk_test_LuxeStripeMock123';
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');

let own: OwnStack | undefined;
let stack: { gatewayUrl: string; dbUrls: Record<string, string>; stripeWebhookSecret: string | null };
let world: World;
let provider: Stripe;
const startedAt = new Date(Date.now() - 1000).toISOString();

beforeAll(async () => {
  if (!LOCALSTRIPE)
    throw new Error(
      'LOCALSTRIPE_API_BASE is not set: run bash infra/local/up.sh (it starts localstripe) and source its env file',
    );
  if (inject('stripeApiBase') === LOCALSTRIPE) {
    stack = {
      gatewayUrl: inject('gatewayUrl'),
      dbUrls: inject('dbUrls'),
      stripeWebhookSecret: inject('stripeWebhookSecret'),
    };
  } else {
    const base = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) + 30;
    own = await startOwnStack({
      stripe: 'localstripe',
      dbPrefix: `luxe_test${id}_rc`,
      resetDatabases: true,
      basePort: base,
      gatewayPort: base,
      groupPrefix: `test${id}rc.`,
      readyTimeoutMs: Number(process.env.LUXE_STACK_READY_MS ?? 90_000),
      logDir: `${process.cwd()}/.data/test-logs/reconcile`,
      extraEnv: {
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
        RATE_LIMIT_REGISTER_PER_IP: '1000',
        CONSUMER_BACKOFF_MS: '50',
      },
    });
    expect(own.stripeApiBase).toBe(LOCALSTRIPE);
    stack = { gatewayUrl: own.gatewayUrls[0]!, dbUrls: own.dbUrls, stripeWebhookSecret: own.stripeWebhookSecret };
  }
  world = await new World(stack).open('payments');
  const url = new URL(LOCALSTRIPE);
  provider = new Stripe(SECRET_KEY, {
    host: url.hostname,
    port: Number(url.port || 80),
    protocol: url.protocol.replace(':', '') as 'http',
  });
  // localstripe posts its events to this stack's webhook, signed with the stack's secret (one
  // registration per test id: a later run replaces it).
  const events = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'].map(
    (e): [string, string] => ['events[]', e],
  );
  const hook = new URLSearchParams([
    ['url', `${stack.gatewayUrl}/api/webhooks/stripe`],
    ['secret', stack.stripeWebhookSecret!],
    ...events,
  ]);
  expect(
    (await fetch(`${LOCALSTRIPE}/_config/webhooks/luxe-test-${id || 'default'}`, { method: 'POST', body: hook }))
      .status,
  ).toBe(200);
}, 240_000);

afterAll(async () => {
  // Nothing of ours may be posted to once the stack is gone.
  if (LOCALSTRIPE)
    await fetch(`${LOCALSTRIPE}/_config/webhooks/luxe-test-${id || 'default'}`, {
      method: 'POST',
      body: new URLSearchParams([
        ['url', 'http://127.0.0.1:9/gone'],
        ['secret', 'whsec_gone_gone'],
        ['events[]', 'none.none'],
      ]),
    }).catch(() => undefined);
  await world?.close();
  await own?.stop();
});

const reconcileEnv = () => ({
  ...process.env,
  DATABASE_URL_PAYMENTS: stack.dbUrls.payments,
  DATABASE_URL_BOOKINGS: stack.dbUrls.bookings,
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_API_BASE: LOCALSTRIPE,
});

/** One run; a disagreement must hold over a second look 1 s later (--settle) to be printed. */
function reconcile(...args: string[]) {
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'infra/scripts/reconcile-payments.mjs'), '--since', startedAt, '--settle', '1', ...args],
    {
      env: reconcileEnv(),
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return { code: r.status, lines: r.stdout.split('\n').filter(Boolean), stderr: r.stderr };
}

describe('npm run reconcile:payments against localstripe', () => {
  let bookingId: string;
  let intentId: string;

  it('a hold paid by card at localstripe is confirmed by its webhook, and the records agree', async () => {
    const owner = await world.account('venue');
    const yacht = (
      await owner.api.call('POST', '/api/venues', {
        name: 'Ledger Yacht',
        type: 'yacht',
        city: 'Reconcile',
        state: 'Florida',
        address: '3 Pier',
        capacity: 12,
        pricePerHour: 900,
        pricingTiers: [{ hours: 4, price: 3200 }],
      })
    ).json.id as string;
    await world.approve(yacht);
    const host = await world.account('host');
    const started = await host.api.call('POST', '/api/create-payment-intent', {
      venueId: yacht,
      bookingDate: nyDate(9),
      startTime: '20:00',
      duration: 4,
      friendsCount: 0,
    });
    expect(started.json).toMatchObject({
      bookingId: expect.any(String),
      paymentIntentId: expect.stringMatching(/^pi_/),
    });
    ({ bookingId, paymentIntentId: intentId } = started.json);
    // The intent is localstripe's (stripe-mock would not know it afterwards).
    const created = await provider.paymentIntents.retrieve(intentId);
    expect(created).toMatchObject({ amount: 320000, status: 'requires_payment_method', metadata: { bookingId } });

    // What Stripe.js does in the browser: confirm with a card.
    expect((await provider.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })).status).toBe(
      'succeeded',
    );
    // localstripe posts payment_intent.succeeded about a second later, signed: payments settles it, bookings confirms.
    await waitFor(
      'the booking confirmed',
      async () =>
        (await world.dbs.bookings.query(`SELECT status FROM bookings WHERE id = $1`, [bookingId])).rows[0]?.status ===
        'confirmed',
    );
    expect(
      (await world.dbs.payments.query(`SELECT status, amount FROM payments WHERE booking_id = $1`, [bookingId])).rows,
    ).toEqual([{ status: 'succeeded', amount: 320000 }]);
    expect(
      (await world.dbs.bookings.query(`SELECT amount_paid FROM bookings WHERE id = $1`, [bookingId])).rows[0]
        .amount_paid,
    ).toBe('3200.00');

    const r = reconcile();
    expect(r).toMatchObject({ code: 0, lines: ['no disagreements (1 booking, 1 intent)'] });
  });

  it('reports a refund at the provider that nobody recorded, then a cancelled booking whose money is kept, and exits 1', async () => {
    const refund = await provider.refunds.create({ payment_intent: intentId, amount: 1000, metadata: { bookingId } });
    let r = reconcile();
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `refund-without-row booking=${bookingId} the provider refunded $10.00 (${refund.id}, succeeded) of ${intentId}, recorded nowhere`,
    ]);
    expect(r.stderr).toContain('1 disagreement (1 booking, 1 intent)');

    // bookings says nothing is kept; the provider still holds $3,190.00.
    await world.dbs.bookings.query(
      `UPDATE bookings SET status = 'cancelled', refund_amount = amount_paid, cancelled_at = now() WHERE id = $1`,
      [bookingId],
    );
    r = reconcile();
    expect(r.code).toBe(1);
    expect(r.lines).toEqual([
      `money-kept booking=${bookingId} cancelled booking keeps $0.00 but the provider holds $3190.00 ($3200.00 taken, $10.00 refunded)`,
      `refund-without-row booking=${bookingId} the provider refunded $10.00 (${refund.id}, succeeded) of ${intentId}, recorded nowhere`,
    ]);
  });

  it('prints only what a second look still finds: a transition that lands between the two looks is not reported', async () => {
    const child = spawn(
      process.execPath,
      [join(ROOT, 'infra/scripts/reconcile-payments.mjs'), '--since', startedAt, '--settle', '3'],
      { env: reconcileEnv() },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += String(d)));
    child.stderr.on('data', (d: Buffer) => (stderr += String(d)));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await waitFor('the first look', async () => stderr.includes('looking again in 3 s'));
    expect(stderr).toContain('first look: 2 disagreements');
    // Between the looks, bookings catches up with the provider (the $10.00 goes back to the host's
    // account of the booking: it keeps what the provider holds), and payments' row moves on while its
    // intent has not yet (a webhook in flight): the first is settled, the second seen once only.
    await world.dbs.bookings.query(`UPDATE bookings SET refund_amount = 10 WHERE id = $1`, [bookingId]);
    await world.dbs.payments.query(`UPDATE payments SET status = 'canceled' WHERE booking_id = $1`, [bookingId]);
    expect(await exited).toBe(1);
    expect(stdout.split('\n').filter(Boolean)).toEqual([
      `refund-without-row booking=${bookingId} the provider refunded $10.00 (${(await provider.refunds.list({ payment_intent: intentId })).data[0]!.id}, succeeded) of ${intentId}, recorded nowhere`,
    ]);
    expect(stderr).toContain('1 disagreement seen only in the second look (in flight): look again later');
  });

  it('refuses a bad option with its usage, and says what is missing when not configured', () => {
    const bad = reconcile('--since', 'yesterday');
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('--since: not an ISO date: yesterday');
    const r = spawnSync(process.execPath, [join(ROOT, 'infra/scripts/reconcile-payments.mjs')], {
      env: { PATH: process.env.PATH },
      encoding: 'utf8',
    });
    expect(r.status).toBe(78);
    expect(r.stderr).toContain('not configured: DATABASE_URL_PAYMENTS, DATABASE_URL_BOOKINGS, STRIPE_SECRET_KEY');
  });
});
