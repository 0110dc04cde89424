import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { paymentSucceededEvent, stripeWebhook } from './support/stripe';
import { nyDate, World } from './support/world';

// Split payment (docs/product.md#payment-split) on the distributed stack with stripe-mock: the host
// splits his held yacht booking, each share is paid by its own PaymentIntent confirmed by Stripe's
// signed webhook, and the deadline sweeper (SPLIT_SWEEP_MS=500 in the test stack) charges the
// host's card or releases the booking.
const world = new World();
const webhook = stripeWebhook;
let n = 0;
/** Stripe's `payment_intent.succeeded` (a new event id each time unless given). */
const succeeded = (
  paymentIntentId: string,
  amount: number,
  more: Record<string, unknown> = {},
  id = `evt_split_${Date.now()}_${n++}`,
) => paymentSucceededEvent(id, paymentIntentId, amount, more);

type Account = Awaited<ReturnType<World['account']>>;
let yacht = '';
let day = 3;

beforeAll(async () => {
  await world.open('payments');
  const owner = await world.account('venue');
  const r = await owner.api.call('POST', '/api/venues', {
    name: 'Split Yacht',
    type: 'yacht',
    city: 'Splitville',
    state: 'Florida',
    address: '3 Pier',
    capacity: 12,
    pricePerHour: 500,
    yachtLength: 60,
  });
  expect(r.status).toBe(201);
  yacht = r.json.id;
  await world.approve(yacht);
});
afterAll(() => world.close());

/** A held 4-hour yacht booking ($2,000 due now) of a new host, on a day of its own. */
async function heldBooking(host?: Account) {
  const h = host ?? (await world.account('host', 'Hank'));
  const slot = { venueId: yacht, bookingDate: nyDate(day++), startTime: '20:00', duration: 4 };
  const start = await h.api.call('POST', '/api/create-payment-intent', slot);
  expect(start.status).toBe(200);
  return { host: h, id: start.json.bookingId as string, slot, firstIntent: start.json.paymentIntentId as string };
}
const splitRow = async (bookingId: string) =>
  (await world.dbs.payments.query('SELECT * FROM split_payments WHERE booking_id = $1', [bookingId])).rows[0];
const booking = async (id: string) =>
  (await world.dbs.bookings.query('SELECT status, amount_paid, hold_expires_at FROM bookings WHERE id = $1', [id]))
    .rows[0];
const shareRows = async (splitId: string) =>
  (await world.dbs.payments.query('SELECT * FROM split_shares WHERE split_id = $1 ORDER BY position', [splitId])).rows;
const outboxCount = async (service: string, type: string, key: string) =>
  (
    await world.dbs[service].query('SELECT count(*)::int AS n FROM outbox_events WHERE type = $1 AND key = $2', [
      type,
      key,
    ])
  ).rows[0].n as number;
const tokenOf = (link: string) => link.replace('/split/', '');

describe('making a split', () => {
  it('is for the host only: another member, a venue owner and anyone signed out are refused and nothing changes', async () => {
    const b = await heldBooking();
    const other = await world.account('host', 'Olga');
    const r = await other.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 3, fallback: 'release' });
    expect([r.status, r.json.code]).toEqual([404, 'BOOKING.NOT_FOUND']);
    expect(
      (await new ApiClient(world.base).call('POST', `/api/bookings/${b.id}/split`, { shares: 3, fallback: 'release' }))
        .status,
    ).toBe(401);
    expect(
      (
        await (
          await world.account('venue')
        ).api.call('POST', `/api/bookings/${b.id}/split`, { shares: 3, fallback: 'release' })
      ).status,
    ).toBe(404);
    expect(await splitRow(b.id)).toBeUndefined();
    expect(
      (await world.dbs.payments.query('SELECT status FROM payments WHERE booking_id = $1', [b.id])).rows[0].status,
    ).toBe('pending');
  });

  it('refuses a bad number of people or fallback with its message and changes nothing', async () => {
    const b = await heldBooking();
    for (const [body, message] of [
      [{ shares: 1, fallback: 'release' }, 'Split the payment between 2 and 10 people'],
      [{ shares: 11, fallback: 'release' }, 'Split the payment between 2 and 10 people'],
      [{ shares: 2.5, fallback: 'release' }, 'Split the payment between 2 and 10 people'],
      [{ shares: '3', fallback: 'release' }, 'Split the payment between 2 and 10 people'],
      [{ shares: 3, fallback: 'later' }, 'Choose what happens to unpaid shares at the deadline'],
    ] as const) {
      const r = await b.host.api.call('POST', `/api/bookings/${b.id}/split`, body);
      expect({ body, status: r.status, message: r.json.message }).toEqual({ body, status: 400, message });
    }
    expect(await splitRow(b.id)).toBeUndefined();
  });

  it('refuses a booking that starts too soon for guests to pay (deadline less than 1 hour away) with its message', async () => {
    const b = await heldBooking();
    // The booking now starts at 8 PM the night before (New York): start − 2 h is long past.
    await world.dbs.bookings.query(`UPDATE bookings SET booking_date = $2, start_time = '20:00' WHERE id = $1`, [
      b.id,
      nyDate(-1),
    ]);
    const r = await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 2, fallback: 'host-card' });
    expect([r.status, r.json.code, r.json.message]).toEqual([
      409,
      'SPLIT.TOO_LATE',
      'This booking starts too soon to split the payment: guests need at least 1 hour to pay',
    ]);
    expect(await splitRow(b.id)).toBeUndefined();
  });

  it('refuses a booking already paid', async () => {
    const b = await heldBooking();
    const [pay] = (
      await world.dbs.payments.query('SELECT payment_intent_id FROM payments WHERE booking_id = $1', [b.id])
    ).rows;
    expect((await webhook(succeeded(pay.payment_intent_id, 200000))).status).toBe(200);
    await waitFor('the booking is confirmed', async () => (await booking(b.id)).status === 'confirmed');
    const r = await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 2, fallback: 'release' });
    expect([r.status, r.json.code, r.json.message]).toEqual([
      409,
      'SPLIT.NOT_SPLITTABLE',
      'Only your held booking that is not paid yet can be split',
    ]);
    expect(await splitRow(b.id)).toBeUndefined();
  });

  it('splits the amount due now in equal cents (remainder on the host), keeps the hold until the deadline, and answers the same split again', async () => {
    const b = await heldBooking();
    const r = await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 3, fallback: 'release' });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      bookingId: b.id,
      fallback: 'release',
      status: 'open',
      total: '2000.00',
      paidCount: 0,
    });
    expect(
      r.json.shares.map((s: { amount: string; isHost: boolean; status: string }) => [s.amount, s.isHost, s.status]),
    ).toEqual([
      ['666.68', true, 'pending'],
      ['666.66', false, 'pending'],
      ['666.66', false, 'pending'],
    ]);
    const links = r.json.shares.filter((s: { isHost: boolean }) => !s.isHost).map((s: { link: string }) => s.link);
    expect(links).toHaveLength(2);
    for (const l of links) expect(l).toMatch(/^\/split\/[A-Za-z0-9_-]{32}$/);
    expect(r.json.hostClientSecret).toEqual(expect.any(String));
    // Deadline: 24 h from now (the booking starts days later); the hold lasts until then.
    const deadline = new Date(r.json.deadline).getTime();
    expect(Math.abs(deadline - (Date.now() + 24 * 3_600_000))).toBeLessThan(5 * 60_000);
    await waitFor(
      'bookings keeps the hold until the deadline (and 30 minutes of grace)',
      async () => new Date((await booking(b.id)).hold_expires_at).getTime() === deadline + 30 * 60_000,
    );
    expect((await booking(b.id)).status).toBe('held');
    // The whole-amount card payment started before is replaced.
    expect(
      (await world.dbs.payments.query('SELECT status FROM payments WHERE booking_id = $1', [b.id])).rows[0].status,
    ).toBe('replaced');
    // Again: the same split (no second one).
    const again = await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 5, fallback: 'host-card' });
    expect([again.json.id, again.json.shares.length, again.json.fallback]).toEqual([r.json.id, 3, 'release']);
    // The checkout page's payment start answers the host's share.
    const checkout = await b.host.api.call('POST', '/api/create-payment-intent', b.slot);
    expect(checkout.json.clientSecret).toBe(r.json.hostClientSecret);
  });
});

describe('paying the shares', () => {
  it("each share's webhook marks it paid once; all paid confirms the booking once with the total", async () => {
    const b = await heldBooking();
    const made = (await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 3, fallback: 'release' }))
      .json;
    const [hostShare, g1, g2] = made.shares;
    // The link shows the share to anyone, nothing sensitive.
    const pub = await new ApiClient(world.base).call('GET', `/api/split-shares/${tokenOf(g1.link)}`);
    expect(pub.status).toBe(200);
    expect(pub.json).toEqual({
      venueName: 'Split Yacht',
      bookingDate: b.slot.bookingDate,
      startTime: '20:00',
      amount: '666.66',
      status: 'pending',
      deadline: made.deadline,
      open: true,
    });
    expect((await new ApiClient(world.base).call('GET', `/api/split-shares/${'x'.repeat(32)}`)).status).toBe(404);
    // Paying needs a signed-in member; one PaymentIntent per share.
    expect(
      (await new ApiClient(world.base).call('POST', `/api/split-shares/${tokenOf(g1.link)}/payment-intent`)).status,
    ).toBe(401);
    const gina = await world.account('guest', 'Gina');
    const i1 = await gina.api.call('POST', `/api/split-shares/${tokenOf(g1.link)}/payment-intent`);
    expect([i1.status, i1.json.amount]).toEqual([200, '666.66']);
    expect(
      (await gina.api.call('POST', `/api/split-shares/${tokenOf(g1.link)}/payment-intent`)).json.paymentIntentId,
    ).toBe(i1.json.paymentIntentId);
    const gus = await world.account('guest', 'Gus');
    const i2 = (await gus.api.call('POST', `/api/split-shares/${tokenOf(g2.link)}/payment-intent`)).json;

    const [hostRow] = await shareRows(made.id);
    // The host's share, its webhook twice (two deliveries of one event, and a second event).
    const hostEvent = succeeded(hostRow.payment_intent_id, 66668, {
      payment_method: 'pm_card_visa',
      customer: 'cus_split',
    });
    expect((await webhook(hostEvent)).status).toBe(200);
    expect((await webhook(hostEvent)).status).toBe(200);
    expect((await webhook(succeeded(hostRow.payment_intent_id, 66668))).status).toBe(200);
    // Gina's share, twice.
    expect((await webhook(succeeded(i1.json.paymentIntentId, 66666))).status).toBe(200);
    expect((await webhook(succeeded(i1.json.paymentIntentId, 66666))).status).toBe(200);
    const mid = await b.host.api.call('GET', `/api/bookings/${b.id}/split`);
    expect(mid.json.paidCount).toBe(2);
    expect(mid.json.shares.map((s: { status: string; paidBy: string | null }) => [s.status, s.paidBy])).toEqual([
      ['paid', null],
      ['paid', 'Gina'],
      ['pending', null],
    ]);
    expect(mid.json.shares[0].id).toBe(hostShare.id);
    // A payer sees the split too (without the links); another member does not.
    const seen = await gina.api.call('GET', `/api/bookings/${b.id}/split`);
    expect([
      seen.status,
      seen.json.shares.every((s: { link: string | null }) => s.link === null),
      seen.json.hostClientSecret,
    ]).toEqual([200, true, null]);
    expect((await (await world.account('host', 'Nosy')).api.call('GET', `/api/bookings/${b.id}/split`)).status).toBe(
      404,
    );
    expect((await booking(b.id)).status).toBe('held');
    expect(await outboxCount('payments', 'payments.payment-succeeded', made.id)).toBe(0);
    // The last share: the booking is confirmed once, with everything paid.
    expect((await webhook(succeeded(i2.paymentIntentId, 66666))).status).toBe(200);
    expect((await webhook(succeeded(i2.paymentIntentId, 66666))).status).toBe(200);
    await waitFor('the booking is confirmed', async () => (await booking(b.id)).status === 'confirmed');
    expect((await booking(b.id)).amount_paid).toBe('2000.00');
    expect(await outboxCount('payments', 'payments.payment-succeeded', made.id)).toBe(1);
    expect(await outboxCount('bookings', 'bookings.booking-confirmed', b.id)).toBe(1);
    expect((await shareRows(made.id)).map((s) => s.status)).toEqual(['paid', 'paid', 'paid']);
    const done = await b.host.api.call('GET', `/api/bookings/${b.id}/split`);
    expect([done.json.status, done.json.paidCount, done.json.hostClientSecret]).toEqual(['completed', 3, null]);
    // A paid share's link says so and can no longer be paid.
    expect((await new ApiClient(world.base).call('GET', `/api/split-shares/${tokenOf(g2.link)}`)).json).toMatchObject({
      status: 'paid',
      open: false,
    });
    const late = await gus.api.call('POST', `/api/split-shares/${tokenOf(g2.link)}/payment-intent`);
    expect([late.status, late.json.code]).toEqual([409, 'SPLIT.SHARE_CLOSED']);
  });
});

describe('at the deadline', () => {
  it("'release': the booking is cancelled, its slot free again, and each paid share refunded once in full", async () => {
    const b = await heldBooking();
    const made = (await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 3, fallback: 'release' }))
      .json;
    await waitFor(
      'the hold lasts until the deadline and its grace',
      async () =>
        new Date((await booking(b.id)).hold_expires_at).getTime() === new Date(made.deadline).getTime() + 30 * 60_000,
    );
    const [hostRow] = await shareRows(made.id);
    const gina = await world.account('guest', 'Gina');
    const i1 = (await gina.api.call('POST', `/api/split-shares/${tokenOf(made.shares[1].link)}/payment-intent`)).json;
    expect(
      (await webhook(succeeded(hostRow.payment_intent_id, 66668, { payment_method: 'pm_card_visa' }))).status,
    ).toBe(200);
    expect((await webhook(succeeded(i1.paymentIntentId, 66666))).status).toBe(200);
    // The deadline passes (moved in the database; the sweeper runs every 500 ms in the test stack).
    await world.dbs.payments.query(`UPDATE split_payments SET deadline = now() - interval '1 second' WHERE id = $1`, [
      made.id,
    ]);
    await waitFor('the split is released', async () => (await splitRow(b.id)).status === 'released');
    await waitFor('the booking is cancelled', async () => (await booking(b.id)).status === 'cancelled');
    const shares = await shareRows(made.id);
    expect(shares.map((s) => s.status)).toEqual(['refunded', 'refunded', 'pending']);
    expect(shares.slice(0, 2).every((s) => typeof s.refund_id === 'string' && s.refund_id.length > 0)).toBe(true);
    const refunds = async () =>
      (
        await world.dbs.payments.query(
          `SELECT envelope FROM outbox_events WHERE type = 'payments.refund-issued' AND key = $1`,
          [made.id],
        )
      ).rows
        .map((r) => r.envelope.data.amount)
        .sort();
    expect(await refunds()).toEqual([66666, 66668]);
    // Each payer hears of his own refund: Gina of her share, the host of his (issue 29).
    type Note = { kind: string; body: string; link: string };
    const refundNotes = async (who: { api: ApiClient }) =>
      ((await who.api.call('GET', '/api/notifications')).json.notifications as Note[]).filter(
        (n) => n.kind === 'refund-issued',
      );
    await waitFor('Gina is told of her refund', async () => (await refundNotes(gina)).length === 1);
    expect((await refundNotes(gina))[0]).toMatchObject({
      body: expect.stringMatching(/^\$666\.66, your share for /),
      link: '/dashboard?tab=events',
    });
    await waitFor('the host is told of his', async () => (await refundNotes(b.host)).length === 1);
    expect((await refundNotes(b.host))[0]).toMatchObject({
      body: expect.stringMatching(/^\$666\.68 for /),
      link: '/dashboard?tab=book',
    });
    // Later sweeps and a replayed webhook refund nothing more; the unpaid link is closed.
    expect((await webhook(succeeded(i1.paymentIntentId, 66666))).status).toBe(200);
    await world.dbs.payments.query(`UPDATE split_payments SET deadline = now() - interval '2 second' WHERE id = $1`, [
      made.id,
    ]);
    await new Promise((r) => setTimeout(r, 1500)); // three more sweeps
    expect(await refunds()).toEqual([66666, 66668]);
    expect(await outboxCount('bookings', 'bookings.booking-cancelled', b.id)).toBe(1);
    expect(
      (await new ApiClient(world.base).call('GET', `/api/split-shares/${tokenOf(made.shares[2].link)}`)).json,
    ).toMatchObject({ status: 'pending', open: false });
    // The slot is free again: another host holds it.
    const other = await world.account('host', 'Next');
    expect((await other.api.call('POST', '/api/bookings/holds', b.slot)).status).toBe(201);
  });

  it("'host-card' without a saved card (the host never paid his share): released like 'release'", async () => {
    const b = await heldBooking();
    const made = (await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 2, fallback: 'host-card' }))
      .json;
    await waitFor(
      'the hold lasts until the deadline and its grace',
      async () =>
        new Date((await booking(b.id)).hold_expires_at).getTime() === new Date(made.deadline).getTime() + 30 * 60_000,
    );
    await world.dbs.payments.query(`UPDATE split_payments SET deadline = now() - interval '1 second' WHERE id = $1`, [
      made.id,
    ]);
    await waitFor('the booking is cancelled', async () => (await booking(b.id)).status === 'cancelled');
    expect((await splitRow(b.id)).status).toBe('released');
  });

  it("'host-card': the charge of the host's card fails: released, and the paid share refunded", async () => {
    const b = await heldBooking();
    const made = (await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 2, fallback: 'host-card' }))
      .json;
    const [hostRow] = await shareRows(made.id);
    expect(
      (
        await webhook(
          succeeded(hostRow.payment_intent_id, 100000, { payment_method: 'pm_card_visa', customer: 'cus_split' }),
        )
      ).status,
    ).toBe(200);
    await world.dbs.payments.query(`UPDATE split_payments SET deadline = now() - interval '1 second' WHERE id = $1`, [
      made.id,
    ]);
    await waitFor('the host card is charged', async () => (await splitRow(b.id)).fallback_intent_id !== null);
    const failed = JSON.stringify({
      id: `evt_split_fail_${made.id}`,
      object: 'event',
      type: 'payment_intent.payment_failed',
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: (await splitRow(b.id)).fallback_intent_id,
          object: 'payment_intent',
          amount: 100000,
          currency: 'usd',
          status: 'requires_payment_method',
        },
      },
    });
    expect((await webhook(failed)).status).toBe(200);
    await waitFor('the booking is cancelled', async () => (await booking(b.id)).status === 'cancelled');
    expect([(await splitRow(b.id)).status, (await splitRow(b.id)).fallback_status]).toEqual(['released', 'failed']);
    expect((await shareRows(made.id)).map((s) => [s.status, s.refund_amount])).toEqual([
      ['refunded', 100000],
      ['pending', null],
    ]);
  });

  it("'host-card': the host's saved card is charged the unpaid shares and the booking is confirmed with the total", async () => {
    const b = await heldBooking();
    const made = (await b.host.api.call('POST', `/api/bookings/${b.id}/split`, { shares: 4, fallback: 'host-card' }))
      .json;
    expect(made.shares.map((s: { amount: string }) => s.amount)).toEqual(['500.00', '500.00', '500.00', '500.00']);
    const [hostRow] = await shareRows(made.id);
    const gina = await world.account('guest', 'Gina');
    const i1 = (await gina.api.call('POST', `/api/split-shares/${tokenOf(made.shares[1].link)}/payment-intent`)).json;
    expect(
      (
        await webhook(
          succeeded(hostRow.payment_intent_id, 50000, { payment_method: 'pm_card_visa', customer: 'cus_split' }),
        )
      ).status,
    ).toBe(200);
    expect((await webhook(succeeded(i1.paymentIntentId, 50000))).status).toBe(200);
    await world.dbs.payments.query(`UPDATE split_payments SET deadline = now() - interval '1 second' WHERE id = $1`, [
      made.id,
    ]);
    // The host's card is charged once for the two unpaid shares (Stripe's answer comes by webhook).
    await waitFor('the host card is charged', async () => (await splitRow(b.id)).fallback_intent_id !== null);
    const split = await splitRow(b.id);
    expect([split.fallback_amount, split.fallback_status, split.host_payment_method_id]).toEqual([
      100000,
      'pending',
      'pm_card_visa',
    ]);
    expect((await booking(b.id)).status).toBe('held');
    expect((await webhook(succeeded(split.fallback_intent_id, 100000))).status).toBe(200);
    expect((await webhook(succeeded(split.fallback_intent_id, 100000))).status).toBe(200);
    await waitFor('the booking is confirmed', async () => (await booking(b.id)).status === 'confirmed');
    expect((await booking(b.id)).amount_paid).toBe('2000.00');
    expect((await shareRows(made.id)).map((s) => s.status)).toEqual([
      'paid',
      'paid',
      'covered-by-host',
      'covered-by-host',
    ]);
    expect(await outboxCount('payments', 'payments.payment-succeeded', made.id)).toBe(1);
    const view = await b.host.api.call('GET', `/api/bookings/${b.id}/split`);
    expect([view.json.status, view.json.paidCount]).toEqual(['completed', 4]);

    // The host cancels the confirmed booking: the policy's refund is shared among what was paid
    // (his share, Gina's share and his fallback charge, in proportion), once each.
    const cancelled = await b.host.api.call('POST', `/api/bookings/${b.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const refundCents = Math.round(Number(cancelled.json.refundAmount) * 100);
    expect(refundCents).toBeGreaterThan(0);
    const issued = async () =>
      (
        await world.dbs.payments.query(
          `SELECT envelope FROM outbox_events WHERE type = 'payments.refund-issued' AND key = $1`,
          [made.id],
        )
      ).rows.map((r) => r.envelope.data.amount as number);
    await waitFor('the refunds are issued', async () => (await issued()).length === 3);
    const parts = await issued();
    expect(parts.reduce((a, c) => a + c, 0)).toBe(refundCents);
    // In proportion: the fallback charge paid twice what each share did ($2,000 × a whole percentage divides by 4 in cents).
    expect(refundCents % 4).toBe(0);
    expect([...parts].sort((a, c) => a - c)).toEqual([refundCents / 4, refundCents / 4, refundCents / 2]);
    expect((await splitRow(b.id)).fallback_refund_amount).toBe(refundCents / 2);
    expect((await shareRows(made.id)).map((s) => s.refund_amount)).toEqual([
      refundCents / 4,
      refundCents / 4,
      null,
      null,
    ]);
  });
});
