import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PAYMENT_ERRORS } from '@luxe/contracts';
import { ApiClient, waitFor } from './support/client';
import { paymentSucceededEvent, stripeWebhook } from './support/stripe';
import { nyDate, World } from './support/world';

// The edges of a booking's life where money went wrong (issue 29), on the distributed stack with
// stripe-mock: each case below failed before its fix. Outcomes at the provider are Stripe's
// webhooks, signed with the stack's secret as Stripe would sign them.
const world = new World();
type Account = Awaited<ReturnType<World['account']>>;

const intentEvent = (id: string, type: string, paymentIntentId: string, amount: number) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        status: type.endsWith('succeeded')
          ? 'succeeded'
          : type.endsWith('canceled')
            ? 'canceled'
            : 'requires_payment_method',
      },
    },
  });
let n = 0;
const eventId = (what: string) => `evt_${what}_${Date.now()}_${n++}`;

let owner: Account;
let yacht: string; // $500/h, moderate policy: a 4-hour booking is $2,000
let club: string; // a strip club with two VIP rooms and one entertainer
let roomA: string;
let roomB: string;
let dancer: string;
let lounge: string; // deposit sections
let smallDeposit: string;
let tinySection: string;

beforeAll(async () => {
  await world.open('payments');
  owner = await world.account('venue');
  yacht = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Ledger',
      type: 'yacht',
      city: 'Moneyville',
      state: 'Florida',
      address: '1 Pier',
      capacity: 12,
      pricePerHour: 500,
      yachtLength: 60,
    })
  ).json.id;
  await world.approve(yacht);
  club = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Two Rooms',
      type: 'club',
      subtype: 'strip_club',
      city: 'Moneyville',
      state: 'Florida',
      address: '2 Night St',
      capacity: 80,
      pricePerHour: 400,
    })
  ).json.id;
  roomA = (
    await owner.api.call('POST', `/api/venues/${club}/sections`, {
      name: 'Room A',
      type: 'VIP Room',
      capacity: 4,
      pricePerHour: 600,
      isVipRoom: true,
    })
  ).json.id;
  roomB = (
    await owner.api.call('POST', `/api/venues/${club}/sections`, {
      name: 'Room B',
      type: 'VIP Room',
      capacity: 4,
      pricePerHour: 600,
      isVipRoom: true,
    })
  ).json.id;
  dancer = (await owner.api.call('POST', `/api/venues/${club}/dancers`, { name: 'Aurora', priceModifier: 1 })).json.id;
  await world.approve(club);
  await world.has('bookings', 'dancer_cards', 'dancer_id', dancer);
  await world.has('bookings', 'section_cards', 'section_id', roomB);
  lounge = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Small Change',
      type: 'club',
      subtype: 'lounge',
      city: 'Moneyville',
      state: 'Florida',
      address: '3 Night St',
      capacity: 80,
      pricePerHour: 100,
    })
  ).json.id;
  smallDeposit = (
    await owner.api.call('POST', `/api/venues/${lounge}/sections`, {
      name: 'Bar Seat',
      type: 'Table',
      capacity: 2,
      pricePerHour: 20,
      depositPercent: 1,
    })
  ).json.id;
  tinySection = (
    await owner.api.call('POST', `/api/venues/${lounge}/sections`, {
      name: 'Penny Seat',
      type: 'Table',
      capacity: 2,
      pricePerHour: 0.3,
      depositPercent: 10,
    })
  ).json.id;
  await world.approve(lounge);
  await world.has('bookings', 'section_cards', 'section_id', tinySection);
});
afterAll(() => world.close());

let day = 30;
const holdYacht = (api: ApiClient, over: Record<string, unknown> = {}) =>
  api.call('POST', '/api/create-payment-intent', {
    venueId: yacht,
    bookingDate: nyDate(day++),
    startTime: '20:00',
    duration: 4,
    ...over,
  });
const paymentOf = async (bookingId: string) =>
  (await world.dbs.payments.query('SELECT * FROM payments WHERE booking_id = $1', [bookingId])).rows[0];
const bookingOf = async (bookingId: string) =>
  (await world.dbs.bookings.query('SELECT * FROM bookings WHERE id = $1', [bookingId])).rows[0];
const refundsOf = async (bookingId: string) =>
  (await world.dbs.payments.query('SELECT amount FROM refunds WHERE booking_id = $1', [bookingId])).rows.map(
    (r) => r.amount as number,
  );

/** A paid, confirmed 4-hour yacht booking ($2,000) more than 120 h ahead (moderate: 100 % back if the host cancels). */
async function paidYacht(host?: Account) {
  const h = host ?? (await world.account('host'));
  const r = await holdYacht(h.api);
  expect(r.status).toBe(200);
  const id = r.json.bookingId as string;
  const pay = await paymentOf(id);
  expect((await stripeWebhook(paymentSucceededEvent(eventId('ok'), pay.payment_intent_id, 200_000))).status).toBe(200);
  await waitFor('the booking is paid', async () => (await bookingOf(id)).status === 'confirmed');
  return { host: h, id, intent: pay.payment_intent_id as string };
}

describe('case 1: a venue owner deletes his account', () => {
  it("cancels the upcoming bookings at his venues and refunds everything paid (not the host's doing)", async () => {
    const own = await world.account('venue');
    const v = (
      await own.api.call('POST', '/api/venues', {
        name: 'Vanishing',
        type: 'yacht',
        city: 'Moneyville',
        state: 'Florida',
        address: '9 Pier',
        capacity: 10,
        pricePerHour: 500,
        yachtLength: 50,
      })
    ).json.id;
    await world.approve(v);
    const host = await world.account('host');
    const r = await host.api.call('POST', '/api/create-payment-intent', {
      venueId: v,
      bookingDate: nyDate(3),
      startTime: '20:00',
      duration: 4,
    });
    const id = r.json.bookingId as string;
    expect(
      (await stripeWebhook(paymentSucceededEvent(eventId('own'), (await paymentOf(id)).payment_intent_id, 200_000)))
        .status,
    ).toBe(200);
    await waitFor('confirmed', async () => (await bookingOf(id)).status === 'confirmed');
    // Three days ahead under the moderate policy, the host himself would get 0 back: the owner's exit gives 100 %.
    expect((await own.api.call('DELETE', `/api/users/${own.id}`)).status).toBe(204);
    await waitFor('the booking is cancelled', async () => (await bookingOf(id)).status === 'cancelled');
    expect((await bookingOf(id)).refund_amount).toBe('2000.00');
    await waitFor('payments refunds it in full', async () => (await refundsOf(id)).length === 1);
    expect(await refundsOf(id)).toEqual([200_000]);
    const mine = (await host.api.call('GET', '/api/bookings/user')).json.find((b: { id: string }) => b.id === id);
    expect(mine).toMatchObject({ status: 'cancelled', refundAmount: '2000.00' });
  });
});

describe('case 2: a host deletes his account', () => {
  it('his paid upcoming booking is refunded by its schedule from the records payments keeps', async () => {
    const { host, id } = await paidYacht();
    expect((await host.api.call('DELETE', `/api/users/${host.id}`)).status).toBe(204);
    await waitFor('payments refunds it', async () => (await refundsOf(id)).length === 1);
    expect(await refundsOf(id)).toEqual([200_000]); // 30+ days ahead under moderate: 100 %
    expect((await paymentOf(id)).status).toBe('succeeded'); // the financial record stays (pseudonymous ids only)
    await waitFor('the booking is gone from bookings', async () => (await bookingOf(id)) === undefined);
  });

  it('a payment that succeeds after the erasure is refunded in full (card charged, no booking)', async () => {
    const host = await world.account('host');
    const r = await holdYacht(host.api);
    const id = r.json.bookingId as string;
    const pay = await paymentOf(id);
    expect((await host.api.call('DELETE', `/api/users/${host.id}`)).status).toBe(204);
    await waitFor('the booking is gone', async () => (await bookingOf(id)) === undefined);
    // The payer completed the payment at the moment the erasure cancelled its PaymentIntent.
    expect((await stripeWebhook(paymentSucceededEvent(eventId('late'), pay.payment_intent_id, 200_000))).status).toBe(
      200,
    );
    await waitFor('the late payment is refunded in full', async () => (await refundsOf(id)).length === 1);
    expect(await refundsOf(id)).toEqual([200_000]);
  });
});

describe('the erasure and a payment at the same moment (the lifecycle model, seed 290260)', () => {
  // The model found a host's erasure cancelling his hold with a $0 refund while the payment
  // confirmed it: the erasure had read the booking without its lock and saved its stale copy over
  // the confirmation, so the card stayed charged. Here the payment's confirmation holds the row
  // when the erasure arrives; the erasure must wait for it and refund what was then paid.
  it('the erasure waits for the confirmation holding the booking and refunds what it recorded', async () => {
    const host = await world.account('host');
    const r = await holdYacht(host.api);
    expect(r.status).toBe(200);
    const id = r.json.bookingId as string;
    const confirming = new Client({ connectionString: world.urls.bookings });
    await confirming.connect();
    try {
      await confirming.query('BEGIN');
      await confirming.query('SELECT 1 FROM bookings WHERE id = $1 FOR UPDATE', [id]);
      expect((await host.api.call('DELETE', `/api/users/${host.id}`)).status).toBe(204);
      const waiting = async () =>
        (
          await world.dbs.bookings.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows[0].n as number;
      await waitFor('the erasure reaches the booking and waits for its row', async () => (await waiting()) > 0, 30_000);
      await confirming.query(
        `UPDATE bookings SET status = 'confirmed', amount_paid = 2000, hold_expires_at = NULL WHERE id = $1`,
        [id],
      );
      await confirming.query('COMMIT');
    } finally {
      await confirming.end();
    }
    await waitFor('the booking is gone', async () => (await bookingOf(id)) === undefined, 30_000);
    const asked = (
      await world.dbs.bookings.query(
        `SELECT envelope->'data' AS d FROM outbox_events WHERE type = 'bookings.refund-requested' AND key = $1`,
        [id],
      )
    ).rows.map((x) => x.d);
    // 30+ days ahead under the moderate policy: all of the $2,000 the confirmation recorded.
    expect(asked).toEqual([expect.objectContaining({ reason: 'host-deleted', refundAmount: 200_000 })]);
  });
});

describe("case 3 and 6: a hold's PaymentIntent", () => {
  it('a declined card keeps the hold; the host releasing the hold cancels its PaymentIntent; a success arriving anyway is refunded in full', async () => {
    const host = await world.account('host');
    const r = await holdYacht(host.api);
    const id = r.json.bookingId as string;
    const pay = await paymentOf(id);
    expect(
      (
        await stripeWebhook(
          intentEvent(eventId('decl'), 'payment_intent.payment_failed', pay.payment_intent_id, 200_000),
        )
      ).status,
    ).toBe(200);
    await waitFor('the decline is recorded', async () => (await paymentOf(id)).last_error !== null);
    expect([(await paymentOf(id)).status, (await bookingOf(id)).status]).toEqual(['pending', 'held']);
    expect((await host.api.call('POST', `/api/bookings/${id}/cancel`)).json.status).toBe('cancelled');
    await waitFor(
      'the PaymentIntent is cancelled at the provider',
      async () => (await paymentOf(id)).status === 'canceled',
    );
    // The payer's retry went through at the same moment: the booking stays cancelled and the money goes back.
    expect((await stripeWebhook(paymentSucceededEvent(eventId('retry'), pay.payment_intent_id, 200_000))).status).toBe(
      200,
    );
    await waitFor('refunded in full', async () => (await refundsOf(id)).length === 1);
    expect(await refundsOf(id)).toEqual([200_000]);
    expect((await bookingOf(id)).status).toBe('cancelled');
  });

  it('an expired hold cancels its PaymentIntent', async () => {
    const host = await world.account('host');
    const id = (await holdYacht(host.api)).json.bookingId as string;
    await world.dbs.bookings.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1`, [
      id,
    ]);
    await waitFor(
      'the hold expires and its PaymentIntent is cancelled',
      async () => (await paymentOf(id)).status === 'canceled',
      60_000,
    );
    expect((await bookingOf(id)).status).toBe('expired');
  });
});

describe('case 4: a split replacing a whole-card payment', () => {
  it('cancels the whole-card PaymentIntent first; should it succeed anyway, it is refunded in full and confirms nothing', async () => {
    const host = await world.account('host');
    const id = (await holdYacht(host.api)).json.bookingId as string;
    const pay = await paymentOf(id);
    const split = await host.api.call('POST', `/api/bookings/${id}/split`, { shares: 2, fallback: 'release' });
    expect(split.status).toBe(201);
    expect((await paymentOf(id)).status).toBe('replaced');
    expect((await stripeWebhook(paymentSucceededEvent(eventId('repl'), pay.payment_intent_id, 200_000))).status).toBe(
      200,
    );
    await waitFor('the replaced payment is refunded in full', async () => (await refundsOf(id)).length === 1);
    expect([await refundsOf(id), (await paymentOf(id)).status]).toEqual([[200_000], 'replaced-refunded']);
    expect((await bookingOf(id)).status).toBe('held'); // the shares still pay for it
    const published = await world.dbs.payments.query(
      `SELECT 1 FROM outbox_events WHERE type = 'payments.payment-succeeded' AND envelope->'data'->>'bookingId' = $1`,
      [id],
    );
    expect(published.rows).toEqual([]);
  });

  it("refuses a split or a payment for a hold payments knows has ended, even when bookings' answer was read before the end (the model test's race)", async () => {
    const host = await world.account('host');
    const bookingDate = nyDate(day++);
    const id = (
      await host.api.call('POST', '/api/bookings/holds', {
        venueId: yacht,
        bookingDate,
        startTime: '20:00',
        duration: 4,
      })
    ).json.id as string;
    // What a cancellation's refund-requested records in payments, arriving between the gateway's read of the hold and the split.
    await world.dbs.payments.query(`INSERT INTO ended_bookings (booking_id, reason) VALUES ($1, 'venue-deleted')`, [
      id,
    ]);
    const split = await host.api.call('POST', `/api/bookings/${id}/split`, { shares: 2, fallback: 'release' });
    expect([split.status, split.json.code]).toEqual([409, 'SPLIT.NOT_SPLITTABLE']);
    const pay = await host.api.call('POST', '/api/create-payment-intent', {
      venueId: yacht,
      bookingDate,
      startTime: '20:00',
      duration: 4,
    });
    expect([pay.status, pay.json.code, pay.json.message]).toEqual([
      409,
      PAYMENT_ERRORS.HOLD_ENDED.code,
      PAYMENT_ERRORS.HOLD_ENDED.message,
    ]);
    expect(
      (await world.dbs.payments.query('SELECT count(*)::int AS n FROM split_payments WHERE booking_id = $1', [id]))
        .rows[0].n,
    ).toBe(0);
    expect(await paymentOf(id)).toBeUndefined();
  });

  it('refuses a split when each share would be under the card minimum', async () => {
    const host = await world.account('host');
    const r = await host.api.call('POST', '/api/create-payment-intent', {
      venueId: lounge,
      sectionId: smallDeposit,
      bookingDate: nyDate(4),
      startTime: '20:00',
      duration: 1,
    });
    expect([r.status, r.json.depositAmount]).toEqual([200, '0.50']);
    const split = await host.api.call('POST', `/api/bookings/${r.json.bookingId}/split`, {
      shares: 2,
      fallback: 'release',
    });
    expect([split.status, split.json.code]).toEqual([409, 'SPLIT.NOT_SPLITTABLE']);
  });
});

describe('case 6: limits on holds', () => {
  it(`one member keeps at most 3 holds waiting for payment; the same slot again is the same hold`, async () => {
    const host = await world.account('host');
    const dates = [nyDate(200), nyDate(201), nyDate(202), nyDate(203)];
    const holds = [];
    for (const d of dates.slice(0, 3)) holds.push(await holdYacht(host.api, { bookingDate: d }));
    expect(holds.map((h) => h.status)).toEqual([200, 200, 200]);
    expect((await holdYacht(host.api, { bookingDate: dates[0] })).json.bookingId).toBe(holds[0]!.json.bookingId);
    const fourth = await holdYacht(host.api, { bookingDate: dates[3] });
    expect([fourth.status, fourth.json.message]).toEqual([
      409,
      'You already have 3 bookings waiting for payment. Pay for or release one of them first.',
    ]);
    expect(
      (await world.dbs.bookings.query(`SELECT count(*)::int AS n FROM bookings WHERE host_id = $1`, [host.id])).rows[0]
        .n,
    ).toBe(3);
    // Released, one is room for another.
    expect((await host.api.call('POST', `/api/bookings/${holds[0]!.json.bookingId}/cancel`)).status).toBe(200);
    expect((await holdYacht(host.api, { bookingDate: dates[3] })).status).toBe(200);
  });

  it('parallel holds of one member cannot pass the cap together', async () => {
    const host = await world.account('host');
    const answers = await Promise.all(
      [210, 211, 212, 213, 214].map((d) => holdYacht(host.api, { bookingDate: nyDate(d) })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2);
  });

  it('one member starts at most 20 holds in 10 minutes, then 429 with Retry-After (others are not affected)', async () => {
    const host = await world.account('host');
    const slot = { bookingDate: nyDate(220) };
    for (let i = 0; i < 20; i++) expect((await holdYacht(host.api, slot)).status).toBe(200); // the same hold again
    const refused = await holdYacht(host.api, slot);
    expect([refused.status, refused.json.code]).toEqual([429, 'AUTH.RATE_LIMITED']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await holdYacht((await world.account('host')).api, { bookingDate: nyDate(221) })).status).toBe(200);
  });

  it('a booking date beyond 365 days ahead is refused, and nothing is held', async () => {
    const host = await world.account('host');
    for (const bookingDate of [nyDate(366), '9999-12-31']) {
      const r = await holdYacht(host.api, { bookingDate });
      expect([r.status, r.json.message]).toEqual([400, 'Bookings open up to 365 days ahead']);
      const direct = await host.api.call('POST', '/api/bookings', {
        venueId: club,
        sectionId: roomA,
        bookingDate,
        startTime: '20:00',
        duration: 1,
        friends: '[]',
        guestVisibility: 'both',
      });
      expect([direct.status, direct.json.message]).toEqual([400, 'Bookings open up to 365 days ahead']);
    }
    expect((await holdYacht(host.api, { bookingDate: nyDate(365) })).status).toBe(200);
    expect(
      (await world.dbs.bookings.query(`SELECT count(*)::int AS n FROM bookings WHERE host_id = $1`, [host.id])).rows[0]
        .n,
    ).toBe(1);
  });
});

describe('case 7: an entertainer is one person', () => {
  it('cannot be booked into two VIP rooms for overlapping hours, even in parallel', async () => {
    const book = (api: ApiClient, sectionId: string, startTime: string, duration: number) =>
      api.call('POST', '/api/bookings', {
        venueId: club,
        sectionId,
        dancerId: dancer,
        bookingDate: nyDate(5),
        startTime,
        duration,
        friends: '[]',
        guestVisibility: 'both',
      });
    const [a, b] = await Promise.all([
      book((await world.account('host')).api, roomA, '20:00', 2),
      book((await world.account('host')).api, roomB, '21:00', 2),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.json.message).toBe(
      'This entertainer is already booked at that time. Please choose another time or entertainer.',
    );
    // Another room after the first booking ends is fine; so is the other room without him.
    const end = a.status === 201 ? '22:00' : '23:00';
    expect((await book((await world.account('host')).api, roomB, end, 1)).status).toBe(201);
    const without = await (
      await world.account('host')
    ).api.call('POST', '/api/bookings', {
      venueId: club,
      sectionId: roomB,
      bookingDate: nyDate(5),
      startTime: '18:00',
      duration: 1,
      friends: '[]',
      guestVisibility: 'both',
    });
    expect(without.status).toBe(201);
    expect(
      (
        await world.dbs.bookings.query(
          `SELECT count(*)::int AS n FROM bookings WHERE dancer_id = $1 AND status = 'confirmed'`,
          [dancer],
        )
      ).rows[0].n,
    ).toBe(2);
  });
});

describe('case 10: friends added in the yacht flow', () => {
  it("reach the booking its hold becomes (the host's own, not yet on a booking; anyone else's are ignored)", async () => {
    const host = await world.account('host');
    const other = await world.account('host');
    const mine = [];
    for (const name of ['Marta', 'Jo'])
      mine.push((await host.api.call('POST', '/api/friends', { name })).json.id as string);
    const theirs = (await other.api.call('POST', '/api/friends', { name: 'Stranger' })).json.id as string;
    const r = await holdYacht(host.api, { friendsCount: 2, friendIds: [...mine, theirs] });
    expect(r.status).toBe(200);
    const held = (await host.api.call('GET', '/api/bookings/user')).json.find(
      (b: { id: string }) => b.id === r.json.bookingId,
    );
    expect(JSON.parse(held.friends)).toEqual(['Marta', 'Jo']);
    expect(
      (await world.dbs.bookings.query('SELECT booking_id FROM friends WHERE id = $1', [theirs])).rows[0].booking_id,
    ).toBeNull();
    const bad = await holdYacht(host.api, { friendIds: ['not-an-id'] });
    expect([bad.status, bad.json.message]).toEqual([400, 'Friend not found']);
  });
});

describe('case 12: the card minimum', () => {
  it('raises a deposit under $0.50 to $0.50 and refuses a hold whose whole total is under it', async () => {
    const host = await world.account('host');
    const small = await host.api.call('POST', '/api/create-payment-intent', {
      venueId: lounge,
      sectionId: smallDeposit,
      bookingDate: nyDate(6),
      startTime: '20:00',
      duration: 1,
    });
    expect([small.status, small.json.depositAmount, small.json.balanceDue]).toEqual([200, '0.50', '19.50']);
    expect((await paymentOf(small.json.bookingId)).amount).toBe(50);
    const tiny = await host.api.call('POST', '/api/create-payment-intent', {
      venueId: lounge,
      sectionId: tinySection,
      bookingDate: nyDate(6),
      startTime: '20:00',
      duration: 1,
    });
    expect([tiny.status, tiny.json.message]).toEqual([
      400,
      'Card payments start at $0.50: this booking is too small to be paid by card',
    ]);
    expect(
      (await world.dbs.bookings.query(`SELECT count(*)::int AS n FROM bookings WHERE section_id = $1`, [tinySection]))
        .rows[0].n,
    ).toBe(0);
  });
});
