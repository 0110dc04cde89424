import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { paymentSucceededEvent, stripeWebhook } from './support/stripe';
import { nyDate, World } from './support/world';

// Cancellation policies and refunds (issue 12) on the distributed stack, card payments by stripe-mock.
// "Now" is the server's clock: a booking's distance from its start is set by moving its start in
// bookings' database (the policy snapshot and the payment are untouched), as other specs expire holds.
const world = new World();
const webhook = stripeWebhook;
const succeeded = (id: string, paymentIntentId: string) => paymentSucceededEvent(id, paymentIntentId, 200000);

type Account = Awaited<ReturnType<World['account']>>;
let owner: Account;
const yachts: Record<'flexible' | 'moderate' | 'strict', string> = { flexible: '', moderate: '', strict: '' };
let club: string;
let section: string;

beforeAll(async () => {
  await world.open('payments');
  owner = await world.account('venue');
  const venue = (over: Record<string, unknown>) =>
    owner.api.call('POST', '/api/venues', {
      name: 'Policy',
      type: 'yacht',
      city: 'Refundville',
      state: 'Florida',
      address: '1 Pier',
      capacity: 12,
      pricePerHour: 500,
      yachtLength: 60,
      ...over,
    });
  for (const p of ['flexible', 'moderate', 'strict'] as const) {
    const r = await venue({ name: `Policy ${p}`, cancellationPolicy: p });
    expect([r.status, r.json.cancellationPolicy]).toEqual([201, p]);
    yachts[p] = r.json.id;
    await world.approve(yachts[p]);
    await waitFor(
      `bookings knows the ${p} policy`,
      async () =>
        (await world.dbs.bookings.query('SELECT cancellation_policy FROM venue_cards WHERE venue_id = $1', [yachts[p]]))
          .rows[0]?.cancellation_policy === p,
    );
  }
  club = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Policy Club',
      type: 'club',
      subtype: 'lounge',
      city: 'Refundville',
      state: 'Florida',
      address: '2 Pier',
      capacity: 50,
      pricePerHour: 200,
    })
  ).json.id;
  section = (
    await owner.api.call('POST', `/api/venues/${club}/sections`, {
      name: 'Booth',
      type: 'Table',
      capacity: 6,
      pricePerHour: 150,
      maxSimultaneousBookings: 1,
    })
  ).json.id;
  await world.approve(club);
  await world.has('bookings', 'section_cards', 'section_id', section);
});
afterAll(() => world.close());

let dayOffset = 20;
/** A paid, confirmed 4-hour yacht booking ($2,000): hold, card payment, Stripe's webhook. */
async function paidBooking(policy: keyof typeof yachts, host?: Account) {
  const h = host ?? (await world.account('host'));
  const bookingDate = nyDate(dayOffset++);
  const start = await h.api.call('POST', '/api/create-payment-intent', {
    venueId: yachts[policy],
    bookingDate,
    startTime: '20:00',
    duration: 4,
  });
  expect(start.status).toBe(200);
  const id = start.json.bookingId as string;
  const [pay] = (await world.dbs.payments.query('SELECT payment_intent_id FROM payments WHERE booking_id = $1', [id]))
    .rows;
  expect((await webhook(succeeded(`evt_ok_${id}`, pay.payment_intent_id))).status).toBe(200);
  await waitFor(
    'the booking is paid',
    async () =>
      (await world.dbs.bookings.query('SELECT status, amount_paid FROM bookings WHERE id = $1', [id])).rows[0]
        .status === 'confirmed',
  );
  return { host: h, id, bookingDate };
}
/** Moves the booking's start to `hours` from the database's now (its length kept). */
const startIn = (id: string, hours: number) =>
  world.dbs.bookings.query(
    `UPDATE bookings SET starts_at = now() + make_interval(hours => $2), ends_at = now() + make_interval(hours => $2 + duration) WHERE id = $1`,
    [id, hours],
  );
const refunds = async (id: string) =>
  (await world.dbs.payments.query('SELECT amount, currency, stripe_refund_id FROM refunds WHERE booking_id = $1', [id]))
    .rows;
const outboxCount = async (service: string, type: string, id: string) =>
  (
    await world.dbs[service].query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = $1 AND envelope->'data'->>'bookingId' = $2`,
      [type, id],
    )
  ).rows[0].n as number;

describe("a venue's policy", () => {
  it('is one of flexible, moderate or strict (moderate by default); anything else is refused with a message and nothing is stored', async () => {
    const body = {
      name: 'No Policy',
      type: 'club',
      subtype: 'lounge',
      city: 'Refundville',
      state: 'Florida',
      address: '3 Pier',
      capacity: 10,
      pricePerHour: 100,
    };
    const plain = await owner.api.call('POST', '/api/venues', body);
    expect([plain.status, plain.json.cancellationPolicy]).toEqual([201, 'moderate']);
    for (const bad of ['whenever', '', null, 7]) {
      const r = await owner.api.call('POST', '/api/venues', { ...body, name: 'Bad Policy', cancellationPolicy: bad });
      expect([r.status, r.json.message]).toEqual([400, 'Cancellation policy must be flexible, moderate or strict']);
    }
    expect(
      (await world.dbs.venues.query(`SELECT count(*)::int AS n FROM venues WHERE name = 'Bad Policy'`)).rows[0].n,
    ).toBe(0);
  });

  it('a booking keeps the policy it was booked under when the venue changes its policy', async () => {
    const host = await world.account('host');
    const body = {
      venueId: club,
      sectionId: section,
      bookingDate: nyDate(8),
      startTime: '19:00',
      duration: 1,
      friends: '[]',
      guestVisibility: 'both',
    };
    const before = await host.api.call('POST', '/api/bookings', body);
    expect([before.status, before.json.cancellationPolicy]).toEqual([201, 'moderate']);
    const venue = (await owner.api.call('GET', `/api/venues/${club}`)).json;
    const changed = await owner.api.call('PUT', `/api/venues/${club}`, {
      name: venue.name,
      type: 'club',
      subtype: 'lounge',
      city: venue.city,
      state: venue.state,
      address: venue.address,
      capacity: venue.capacity,
      pricePerHour: Number(venue.pricePerHour),
      cancellationPolicy: 'strict',
    });
    expect([changed.status, changed.json.cancellationPolicy]).toEqual([200, 'strict']);
    await waitFor(
      'bookings learns the new policy',
      async () =>
        (await world.dbs.bookings.query('SELECT cancellation_policy FROM venue_cards WHERE venue_id = $1', [club]))
          .rows[0].cancellation_policy === 'strict',
    );
    const after = await host.api.call('POST', '/api/bookings', { ...body, startTime: '21:00' });
    expect(after.json.cancellationPolicy).toBe('strict');
    const mine = (await host.api.call('GET', '/api/bookings/user')).json as {
      id: string;
      cancellationPolicy: string;
    }[];
    expect(mine.map((b) => [b.id, b.cancellationPolicy])).toEqual([
      [before.json.id, 'moderate'],
      [after.json.id, 'strict'],
    ]);
    // Back to moderate for the other tests of this club.
    await owner.api.call('PUT', `/api/venues/${club}`, {
      name: venue.name,
      type: 'club',
      subtype: 'lounge',
      city: venue.city,
      state: venue.state,
      address: venue.address,
      capacity: venue.capacity,
      pricePerHour: Number(venue.pricePerHour),
      cancellationPolicy: 'moderate',
    });
    await waitFor(
      'bookings learns it again',
      async () =>
        (await world.dbs.bookings.query('SELECT cancellation_policy FROM venue_cards WHERE venue_id = $1', [club]))
          .rows[0].cancellation_policy === 'moderate',
    );
  });
});

describe('cancelling a paid yacht booking refunds what its policy gives at that moment', () => {
  // [policy, hours before the start, refund %]; the bands: flexible 24 h; moderate 120 h / 48 h; strict 336 h / 168 h.
  const cases: [keyof typeof yachts, number, number][] = [
    ['flexible', 30, 100],
    ['flexible', 10, 0],
    ['moderate', 150, 100],
    ['moderate', 72, 50],
    ['moderate', 30, 0],
    ['strict', 400, 100],
    ['strict', 200, 50],
    ['strict', 100, 0],
  ];
  it.each(cases)('%s, %i hours before: %i %%', async (policy, hours, percent) => {
    const { host, id } = await paidBooking(policy);
    const before = (await host.api.call('GET', '/api/bookings/user')).json.find((b: { id: string }) => b.id === id);
    expect(before).toMatchObject({
      status: 'confirmed',
      cancellationPolicy: policy,
      amountPaid: '2000.00',
      totalCost: '2000.00',
      refundAmount: null,
      cancelledAt: null,
    });
    await startIn(id, hours);
    const r = await host.api.call('POST', `/api/bookings/${id}/cancel`);
    expect(r.status).toBe(200);
    const refund = (2000 * percent) / 100;
    expect(r.json).toMatchObject({
      id,
      status: 'cancelled',
      cancellationPolicy: policy,
      amountPaid: '2000.00',
      refundAmount: refund.toFixed(2),
    });
    expect(Date.parse(r.json.cancelledAt)).not.toBeNaN();
    const [ev] = (
      await world.dbs.bookings.query(
        `SELECT envelope FROM outbox_events WHERE key = $1 AND type = 'bookings.booking-cancelled'`,
        [id],
      )
    ).rows;
    expect(ev.envelope.data).toEqual({
      bookingId: id,
      reason: 'cancelled-by-host',
      refundAmount: refund * 100,
      refundPercent: percent,
    });
    // The same data for payments on the refund stream (payments does not read the booking stream).
    const [toPayments] = (
      await world.dbs.bookings.query(
        `SELECT envelope FROM outbox_events WHERE key = $1 AND type = 'bookings.refund-requested'`,
        [id],
      )
    ).rows;
    expect([toPayments.envelope.stream, toPayments.envelope.data]).toEqual(['bookings.refund', ev.envelope.data]);
    if (percent > 0) {
      await waitFor('payments refunds it', async () => (await refunds(id)).length === 1);
      expect((await refunds(id))[0]).toMatchObject({ amount: refund * 100, currency: 'usd' });
      const [issued] = (
        await world.dbs.payments.query(
          `SELECT envelope FROM outbox_events WHERE type = 'payments.refund-issued' AND envelope->'data'->>'bookingId' = $1`,
          [id],
        )
      ).rows;
      expect(issued.envelope.data).toMatchObject({ bookingId: id, amount: refund * 100, currency: 'usd' });
      expect(issued.envelope.data.refundId).toMatch(/^re_/);
    } else {
      // Payments applied the event (its inbox has it) and refunded nothing.
      await waitFor(
        'payments saw the cancellation',
        async () =>
          (await world.dbs.payments.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [toPayments.envelope.id]))
            .rows.length === 1,
      );
      expect(await refunds(id)).toEqual([]);
      expect(
        (await world.dbs.payments.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [ev.envelope.id])).rows,
      ).toEqual([]);
    }
  });
});

describe('one refund, only for the host', () => {
  it('the same cancel sent many times, several at once, answers the same booking and refunds once', async () => {
    const { host, id } = await paidBooking('moderate');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => host.api.call('POST', `/api/bookings/${id}/cancel`)),
    );
    const late = await host.api.call('POST', `/api/bookings/${id}/cancel`);
    for (const a of [...answers, late]) {
      expect(a.status).toBe(200);
      expect([a.json.status, a.json.refundAmount, a.json.cancelledAt]).toEqual([
        'cancelled',
        '2000.00',
        answers[0].json.cancelledAt,
      ]);
    }
    await waitFor('payments refunds it', async () => (await refunds(id)).length === 1);
    await waitFor(
      'the refund is published',
      async () => (await outboxCount('payments', 'payments.refund-issued', id)) === 1,
    );
    expect(await outboxCount('bookings', 'bookings.booking-cancelled', id)).toBe(1);
    expect(await outboxCount('bookings', 'bookings.refund-requested', id)).toBe(1);
    expect(await refunds(id)).toHaveLength(1);
    expect(await outboxCount('payments', 'payments.refund-issued', id)).toBe(1);
  });

  it('another member, the venue owner or a visitor cannot cancel it; nothing changes; a bad id is refused with a message', async () => {
    const { host, id } = await paidBooking('flexible');
    for (const other of [(await world.account('host')).api, owner.api]) {
      const r = await other.call('POST', `/api/bookings/${id}/cancel`);
      expect([r.status, r.json.message]).toEqual([404, 'Booking not found']);
    }
    expect((await new ApiClient(world.base).call('POST', `/api/bookings/${id}/cancel`)).status).toBe(401);
    expect(
      (await world.dbs.bookings.query('SELECT status, refund_amount, cancelled_at FROM bookings WHERE id = $1', [id]))
        .rows[0],
    ).toEqual({ status: 'confirmed', refund_amount: null, cancelled_at: null });
    expect(await outboxCount('bookings', 'bookings.booking-cancelled', id)).toBe(0);
    const bad = await host.api.call('POST', '/api/bookings/not-a-booking/cancel');
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.json.message).toBe('Booking not found');
    const unknown = await host.api.call('POST', '/api/bookings/00000000-0000-4000-8000-000000000000/cancel');
    expect([unknown.status, unknown.json.message]).toEqual([404, 'Booking not found']);
  });

  it('a booking that has started, or is over, cannot be cancelled', async () => {
    const { host, id } = await paidBooking('flexible');
    await startIn(id, -1);
    const r = await host.api.call('POST', `/api/bookings/${id}/cancel`);
    expect([r.status, r.json.message]).toEqual([
      409,
      'This booking has already started and can no longer be cancelled',
    ]);
    expect((await world.dbs.bookings.query('SELECT status FROM bookings WHERE id = $1', [id])).rows[0].status).toBe(
      'confirmed',
    );
    // Nor can an expired hold or a completed booking.
    await world.dbs.bookings.query(
      `UPDATE bookings SET status = 'completed', starts_at = now() + interval '100 hours', ends_at = now() + interval '104 hours' WHERE id = $1`,
      [id],
    );
    const done = await host.api.call('POST', `/api/bookings/${id}/cancel`);
    expect([done.status, done.json.message]).toEqual([
      409,
      'Only upcoming held or confirmed bookings can be cancelled',
    ]);
    expect(await outboxCount('bookings', 'bookings.booking-cancelled', id)).toBe(0);
  });
});

describe('the slot is free again', () => {
  it('a cancelled yacht booking frees its slot for a new booking', async () => {
    const { host, id, bookingDate } = await paidBooking('moderate');
    const rival = await world.account('host');
    const slot = { venueId: yachts.moderate, bookingDate, startTime: '20:00', duration: 4 };
    expect((await rival.api.call('POST', '/api/create-payment-intent', slot)).status).toBe(409);
    expect((await host.api.call('POST', `/api/bookings/${id}/cancel`)).status).toBe(200);
    expect((await rival.api.call('POST', '/api/create-payment-intent', slot)).status).toBe(200);
  });

  it('a club booking confirmed without payment is cancelled with no refund, the section is free, and the owner sees it cancelled', async () => {
    const host = await world.account('host');
    const body = {
      venueId: club,
      sectionId: section,
      bookingDate: nyDate(9),
      startTime: '22:00',
      duration: 2,
      friends: '[]',
      guestVisibility: 'both',
    };
    const b = await host.api.call('POST', '/api/bookings', body);
    expect([b.status, b.json.cancellationPolicy, b.json.amountPaid]).toEqual([201, 'moderate', '0.00']);
    const other = await world.account('host');
    expect((await other.api.call('POST', '/api/bookings', body)).status).toBe(409);
    const r = await host.api.call('POST', `/api/bookings/${b.json.id}/cancel`);
    expect([r.status, r.json.status, r.json.refundAmount]).toEqual([200, 'cancelled', '0.00']);
    expect((await other.api.call('POST', '/api/bookings', body)).status).toBe(201);
    const seen = (await owner.api.call('GET', '/api/venue-owner-bookings')).json.find(
      (x: { id: string }) => x.id === b.json.id,
    );
    expect(seen).toMatchObject({ status: 'cancelled', refundAmount: '0.00' });
  });

  it('a held (unpaid) yacht slot is released; a payment that still arrives for it is refunded in full', async () => {
    const host = await world.account('host');
    const slot = { venueId: yachts.strict, bookingDate: nyDate(dayOffset++), startTime: '19:00', duration: 4 };
    const hold = await host.api.call('POST', '/api/create-payment-intent', slot);
    const id = hold.json.bookingId as string;
    const r = await host.api.call('POST', `/api/bookings/${id}/cancel`);
    expect([r.status, r.json.status, r.json.amountPaid, r.json.refundAmount, r.json.holdExpiresAt]).toEqual([
      200,
      'cancelled',
      '0.00',
      '0.00',
      null,
    ]);
    expect((await (await world.account('host')).api.call('POST', '/api/create-payment-intent', slot)).status).toBe(200);
    const [pay] = (await world.dbs.payments.query('SELECT payment_intent_id FROM payments WHERE booking_id = $1', [id]))
      .rows;
    expect((await webhook(succeeded(`evt_late_${id}`, pay.payment_intent_id))).status).toBe(200);
    await waitFor('the late payment is refunded', async () => (await refunds(id)).length === 1);
    expect((await refunds(id))[0].amount).toBe(200000);
    expect(
      (await world.dbs.bookings.query('SELECT status, amount_paid, refund_amount FROM bookings WHERE id = $1', [id]))
        .rows[0],
    ).toEqual({ status: 'cancelled', amount_paid: '2000.00', refund_amount: '2000.00' });
  });

  it('a payment arriving after its hold expired and the slot was taken is refunded in full', async () => {
    const host = await world.account('host');
    const slot = { venueId: yachts.flexible, bookingDate: nyDate(dayOffset++), startTime: '21:00', duration: 4 };
    const id = (await host.api.call('POST', '/api/create-payment-intent', slot)).json.bookingId as string;
    await world.dbs.bookings.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1`, [
      id,
    ]);
    expect((await (await world.account('host')).api.call('POST', '/api/create-payment-intent', slot)).status).toBe(200);
    const [pay] = (await world.dbs.payments.query('SELECT payment_intent_id FROM payments WHERE booking_id = $1', [id]))
      .rows;
    expect((await webhook(succeeded(`evt_exp_${id}`, pay.payment_intent_id))).status).toBe(200);
    await waitFor('the payment is refunded', async () => (await refunds(id)).length === 1);
    expect((await refunds(id))[0].amount).toBe(200000);
    expect(
      (await world.dbs.bookings.query('SELECT status, refund_amount FROM bookings WHERE id = $1', [id])).rows[0],
    ).toEqual({ status: 'cancelled', refund_amount: '2000.00' });
  });
});
