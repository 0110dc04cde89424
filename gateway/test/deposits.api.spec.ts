import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { paymentSucceededEvent, stripeWebhook } from './support/stripe';
import { nyDate, World } from './support/world';

// Table deposits and minimum spend (docs/product.md#booking-deposits) through the gateway, on the
// distributed stack: the owner sets them, bookings prices them, payments charges the deposit
// (stripe-mock).
const world = new World();
const base = world.base;
beforeAll(() => world.open('payments'));
afterAll(() => world.close());
const account = (userType: 'venue' | 'host' | 'guest', firstName = 'Ada') => world.account(userType, firstName);
const approve = (venueId: string) => world.approve(venueId);
const dbs = world.dbs;

/** Bookings' catalog has the section with this deposit percentage (from venues' event). */
const waitForSectionCard = (id: string, depositPercent: number) =>
  waitFor(
    `bookings has section ${id} at ${depositPercent} %`,
    async () =>
      (await dbs.bookings.query('SELECT deposit_percent FROM section_cards WHERE section_id = $1', [id])).rows[0]
        ?.deposit_percent === depositPercent,
  );

const webhook = stripeWebhook;
const succeeded = (id: string, paymentIntentId: string, amount: number) =>
  paymentSucceededEvent(id, paymentIntentId, amount);

const sectionFields = { name: 'Balcony', type: 'Table', capacity: 6, pricePerHour: 500 };

interface Setup {
  owner: Awaited<ReturnType<typeof account>>;
  club: string;
  /** $500/h, minimum spend $2,500, deposit 25 %, one booking at a time. */
  deposit: string;
  /** $300/h, minimum spend $1,000, no deposit. */
  minimumOnly: string;
  /** $200/h, nothing special. */
  plain: string;
  yacht: string;
}
let setup: Setup;

beforeAll(async () => {
  const owner = await account('venue');
  const club = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Deposit Club',
      type: 'club',
      subtype: 'nightclub',
      city: 'Depositville',
      state: 'Florida',
      address: '1 Cash St',
      capacity: 80,
      pricePerHour: 200,
    })
  ).json.id as string;
  const make = async (body: Record<string, unknown>) => {
    const r = await owner.api.call('POST', `/api/venues/${club}/sections`, body);
    expect(r.status).toBe(201);
    return r.json;
  };
  const deposit = await make({ ...sectionFields, minimumSpend: 2500, depositPercent: 25, isExclusive: true });
  expect(deposit).toMatchObject({ minimumSpend: '2500.00', depositPercent: 25 });
  const minimumOnly = await make({ ...sectionFields, name: 'Floor', pricePerHour: 300, minimumSpend: 1000 });
  expect(minimumOnly).toMatchObject({ minimumSpend: '1000.00', depositPercent: 0 });
  const plain = await make({ ...sectionFields, name: 'Bar', pricePerHour: 200 });
  expect(plain).toMatchObject({ minimumSpend: null, depositPercent: 0 });
  const yacht = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Deposit Yacht',
      type: 'yacht',
      city: 'Depositville',
      state: 'Florida',
      address: '2 Pier',
      capacity: 12,
      pricePerHour: 900,
      pricingTiers: [{ hours: 4, price: 3200 }],
    })
  ).json.id as string;
  await approve(club);
  await approve(yacht);
  await waitForSectionCard(deposit.id, 25);
  await waitForSectionCard(minimumOnly.id, 0);
  await waitForSectionCard(plain.id, 0);
  setup = { owner, club, deposit: deposit.id, minimumOnly: minimumOnly.id, plain: plain.id, yacht };
});

const slot = (over: Record<string, unknown> = {}) => ({
  venueId: setup.club,
  sectionId: setup.deposit,
  bookingDate: nyDate(4),
  startTime: '22:00',
  duration: 2,
  friends: '[]',
  guestVisibility: 'both',
  ...over,
});
const startPayment = (api: ApiClient, over: Record<string, unknown> = {}) =>
  api.call('POST', '/api/create-payment-intent', { ...slot(), friendsCount: 0, ...over });

describe('the owner sets a minimum spend and a deposit', () => {
  it('keeps them, shows them, and tells bookings (section-changed)', async () => {
    const listed = (await new ApiClient(base).call('GET', `/api/venues/${setup.club}/sections`)).json.find(
      (s: { id: string }) => s.id === setup.deposit,
    );
    expect(listed).toMatchObject({ minimumSpend: '2500.00', depositPercent: 25 });
    const [card] = (
      await dbs.bookings.query('SELECT minimum_spend, deposit_percent FROM section_cards WHERE section_id = $1', [
        setup.deposit,
      ])
    ).rows;
    expect(card).toEqual({ minimum_spend: '2500.00', deposit_percent: 25 });
    const [ev] = (
      await dbs.venues.query(
        `SELECT envelope FROM outbox_events WHERE key = $1 AND type = 'venues.section-changed' ORDER BY sequence DESC LIMIT 1`,
        [setup.deposit],
      )
    ).rows;
    expect(ev.envelope.data).toMatchObject({ sectionId: setup.deposit, minimumSpend: '2500.00', depositPercent: 25 });
  });

  it('refuses a bad minimum spend or deposit with its message and changes nothing; only the owner may change them', async () => {
    const s = await setup.owner.api.call('POST', `/api/venues/${setup.club}/sections`, {
      ...sectionFields,
      name: 'Edited',
      minimumSpend: 800,
      depositPercent: 10,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ depositPercent: 101 }, 'Deposit must be a whole percentage from 0 to 100'],
      [{ depositPercent: -1 }, 'Deposit must be a whole percentage from 0 to 100'],
      [{ depositPercent: 12.5 }, 'Deposit must be a whole percentage from 0 to 100'],
      [{ depositPercent: '20' }, 'Deposit must be a whole percentage from 0 to 100'],
      [
        { minimumSpend: 0 },
        'Minimum spend must be an amount greater than 0 with at most 2 decimals, or empty for none',
      ],
      [
        { minimumSpend: -100 },
        'Minimum spend must be an amount greater than 0 with at most 2 decimals, or empty for none',
      ],
      [
        { minimumSpend: 10.005 },
        'Minimum spend must be an amount greater than 0 with at most 2 decimals, or empty for none',
      ],
      [
        { minimumSpend: 100_000_000 },
        'Minimum spend must be an amount greater than 0 with at most 2 decimals, or empty for none',
      ],
    ];
    for (const [over, message] of cases) {
      const put = await setup.owner.api.call('PUT', `/api/sections/${s.json.id}`, {
        ...sectionFields,
        name: 'Edited',
        minimumSpend: 800,
        depositPercent: 10,
        ...over,
      });
      expect({ over, status: put.status, message: put.json.message }).toEqual({ over, status: 400, message });
      const post = await setup.owner.api.call('POST', `/api/venues/${setup.club}/sections`, {
        ...sectionFields,
        name: 'Refused',
        ...over,
      });
      expect({ over, status: post.status, message: post.json.message }).toEqual({ over, status: 400, message });
    }
    expect(
      (await dbs.venues.query('SELECT minimum_spend, deposit_percent FROM sections WHERE id = $1', [s.json.id]))
        .rows[0],
    ).toEqual({ minimum_spend: '800.00', deposit_percent: 10 });
    expect((await dbs.venues.query(`SELECT count(*)::int AS n FROM sections WHERE name = 'Refused'`)).rows[0].n).toBe(
      0,
    );
    // Another owner cannot change them.
    expect(
      (
        await (
          await account('venue')
        ).api.call('PUT', `/api/sections/${s.json.id}`, { ...sectionFields, depositPercent: 0 })
      ).status,
    ).toBe(403);
    // The owner removes them: none and 0 %.
    const cleared = await setup.owner.api.call('PUT', `/api/sections/${s.json.id}`, {
      ...sectionFields,
      name: 'Edited',
      minimumSpend: null,
      depositPercent: 0,
    });
    expect([cleared.status, cleared.json.minimumSpend, cleared.json.depositPercent]).toEqual([200, null, 0]);
  });
});

describe('booking a section that takes a deposit', () => {
  it('is refused without paying, and creates nothing', async () => {
    const host = await account('host');
    const r = await host.api.call('POST', '/api/bookings', slot({ status: 'confirmed', depositAmount: '0.00' }));
    expect([r.status, r.json.code, r.json.message]).toEqual([
      400,
      'BOOKING.DEPOSIT_REQUIRED',
      'This section takes a deposit: pay it by card to book',
    ]);
    expect(
      (await dbs.bookings.query('SELECT count(*)::int AS n FROM bookings WHERE host_id = $1', [host.id])).rows[0].n,
    ).toBe(0);
  });

  it("refuses an entertainer outside a strip club's VIP room with its message, and holds nothing", async () => {
    const host = await account('host');
    const r = await startPayment(host.api, { dancerId: '00000000-0000-4000-8000-000000000001' });
    expect([r.status, r.json.code, r.json.message]).toEqual([
      400,
      'BOOKING.DANCER_NOT_ALLOWED',
      'Entertainers can only be chosen for VIP rooms of strip clubs',
    ]);
    expect(
      (await dbs.bookings.query('SELECT count(*)::int AS n FROM bookings WHERE host_id = $1', [host.id])).rows[0].n,
    ).toBe(0);
  });

  it('charges the server-computed deposit (client prices ignored); the webhook confirms the booking with its deposit and balance', async () => {
    const host = await account('host', 'Dana');
    // 2 h × $500 = $1,000 < $2,500 minimum spend: the total is $2,500, 25 % now = $625, $1,875 at the venue.
    const r = await startPayment(host.api, {
      totalCost: '1.00',
      depositAmount: '0.01',
      balanceDue: '0',
      minimumSpend: null,
      depositPercent: 1,
      amount: 1,
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ totalCost: '2500.00', depositAmount: '625.00', balanceDue: '1875.00' });
    const [pay] = (
      await dbs.payments.query('SELECT payment_intent_id, amount, status FROM payments WHERE booking_id = $1', [
        r.json.bookingId,
      ])
    ).rows;
    // The PaymentIntent is for the deposit in cents, not the total.
    expect(pay).toMatchObject({ amount: 62500, status: 'pending' });
    const [held] = (
      await dbs.bookings.query(
        'SELECT status, section_id, total_cost, deposit_amount, deposit_percent, minimum_spend FROM bookings WHERE id = $1',
        [r.json.bookingId],
      )
    ).rows;
    expect(held).toEqual({
      status: 'held',
      section_id: setup.deposit,
      total_cost: '2500.00',
      deposit_amount: '625.00',
      deposit_percent: 25,
      minimum_spend: '2500.00',
    });
    // The same start again answers the same payment.
    const again = await startPayment(host.api);
    expect([again.json.bookingId, again.json.clientSecret]).toEqual([r.json.bookingId, r.json.clientSecret]);
    // Capacity is counted as for section bookings: the exclusive section is held, a rival can neither pay nor book it.
    const rival = await account('host');
    const rivalPay = await startPayment(rival.api);
    expect([rivalPay.status, rivalPay.json.message]).toEqual([
      409,
      'This time is no longer available. Please choose another time.',
    ]);
    // Posting the booking before paying is still refused.
    expect((await host.api.call('POST', '/api/bookings', slot())).status).toBe(400);

    const body = succeeded(`evt_dep_${r.json.bookingId.slice(0, 8)}`, pay.payment_intent_id, 62500);
    expect((await webhook(body)).status).toBe(200);
    await waitFor(
      'the deposit hold is confirmed',
      async () =>
        (await dbs.bookings.query('SELECT status FROM bookings WHERE id = $1', [r.json.bookingId])).rows[0].status ===
        'confirmed',
    );
    const after = await host.api.call('POST', '/api/bookings', { ...slot(), holdId: r.json.bookingId, totalCost: '1' });
    expect(after.json).toMatchObject({
      id: r.json.bookingId,
      status: 'confirmed',
      section: 'Balcony',
      totalCost: '2500.00',
      minimumSpend: '2500.00',
      depositPercent: 25,
      depositAmount: '625.00',
      balanceDue: '1875.00',
      holdExpiresAt: null,
    });
    const mine = (await host.api.call('GET', '/api/bookings/user')).json;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ depositAmount: '625.00', balanceDue: '1875.00' });
    const ownerView = (await setup.owner.api.call('GET', '/api/venue-owner-bookings')).json.find(
      (b: { id: string }) => b.id === r.json.bookingId,
    );
    expect(ownerView).toMatchObject({
      status: 'confirmed',
      totalCost: '2500.00',
      depositAmount: '625.00',
      balanceDue: '1875.00',
    });
    // Confirmed once; the rival still cannot take the slot.
    expect(
      (
        await dbs.bookings.query(
          `SELECT count(*)::int AS n FROM outbox_events WHERE key = $1 AND type = 'bookings.booking-confirmed'`,
          [r.json.bookingId],
        )
      ).rows[0].n,
    ).toBe(1);
    expect((await startPayment(rival.api)).status).toBe(409);
  });

  it('prices the hours when they cost more than the minimum spend; rounds the deposit half-up on cents', async () => {
    const host = await account('host');
    // 6 h × $500 = $3,000 > $2,500: 25 % = $750.
    const r = await startPayment(host.api, { bookingDate: nyDate(5), startTime: '18:00', duration: 6 });
    expect(r.json).toMatchObject({ totalCost: '3000.00', depositAmount: '750.00', balanceDue: '2250.00' });
    expect(
      (await dbs.payments.query('SELECT amount FROM payments WHERE booking_id = $1', [r.json.bookingId])).rows[0]
        .amount,
    ).toBe(75000);
    // The owner makes it 33 % of a $1,000.01 minimum: 33000.33 cents → $330.00, balance $670.01.
    const put = await setup.owner.api.call('PUT', `/api/sections/${setup.deposit}`, {
      ...sectionFields,
      minimumSpend: 1000.01,
      depositPercent: 33,
      isExclusive: true,
    });
    expect(put.status).toBe(200);
    await waitForSectionCard(setup.deposit, 33);
    const odd = await startPayment(host.api, { bookingDate: nyDate(6), startTime: '20:00', duration: 1 });
    expect(odd.json).toMatchObject({ totalCost: '1000.01', depositAmount: '330.00', balanceDue: '670.01' });
    expect(
      (await dbs.payments.query('SELECT amount FROM payments WHERE booking_id = $1', [odd.json.bookingId])).rows[0]
        .amount,
    ).toBe(33000);
    await setup.owner.api.call('PUT', `/api/sections/${setup.deposit}`, {
      ...sectionFields,
      minimumSpend: 2500,
      depositPercent: 25,
      isExclusive: true,
    });
    await waitForSectionCard(setup.deposit, 25);
  });

  it('a cancelled payment releases the section', async () => {
    const host = await account('host');
    const r = await startPayment(host.api, { bookingDate: nyDate(8) });
    const [pay] = (
      await dbs.payments.query('SELECT payment_intent_id FROM payments WHERE booking_id = $1', [r.json.bookingId])
    ).rows;
    const body = JSON.stringify({
      id: `evt_depfail_${r.json.bookingId.slice(0, 8)}`,
      object: 'event',
      type: 'payment_intent.canceled',
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: pay.payment_intent_id,
          object: 'payment_intent',
          amount: 62500,
          currency: 'usd',
          status: 'requires_payment_method',
        },
      },
    });
    expect((await webhook(body)).status).toBe(200);
    await waitFor(
      'the hold is released',
      async () =>
        (await dbs.bookings.query('SELECT status FROM bookings WHERE id = $1', [r.json.bookingId])).rows[0].status ===
        'cancelled',
    );
    expect((await startPayment((await account('host')).api, { bookingDate: nyDate(8) })).status).toBe(200);
  });
});

describe('a deposit paid after its hold expired', () => {
  const pay = async (bookingId: string) => {
    const [p] = (
      await dbs.payments.query('SELECT payment_intent_id, amount FROM payments WHERE booking_id = $1', [bookingId])
    ).rows;
    expect((await webhook(succeeded(`evt_late_${bookingId.slice(0, 8)}`, p.payment_intent_id, p.amount))).status).toBe(
      200,
    );
  };
  const status = async (id: string) =>
    (await dbs.bookings.query('SELECT status FROM bookings WHERE id = $1', [id])).rows[0].status as string;

  it('confirms the booking when the section is still free, and cancels it when someone took the section meanwhile', async () => {
    const late = await account('host');
    const free = await startPayment(late.api, { bookingDate: nyDate(13) });
    await dbs.bookings.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1`, [
      free.json.bookingId,
    ]);
    await pay(free.json.bookingId);
    await waitFor(
      'the late payment confirms the free section',
      async () => (await status(free.json.bookingId)) === 'confirmed',
    );

    const taken = await startPayment(late.api, { bookingDate: nyDate(14) });
    await dbs.bookings.query(`UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1`, [
      taken.json.bookingId,
    ]);
    // The exclusive section is free again: another host holds it.
    const other = await startPayment((await account('host')).api, { bookingDate: nyDate(14) });
    expect(other.status).toBe(200);
    await pay(taken.json.bookingId);
    await waitFor(
      'the late payment finds the section taken',
      async () => (await status(taken.json.bookingId)) === 'cancelled',
    );
    expect(await status(other.json.bookingId)).toBe('held');
  });
});

describe('sections without a deposit', () => {
  it('confirm at once, nothing paid, the whole total (at least the minimum spend) due at the venue', async () => {
    const host = await account('host');
    // 2 h × $300 = $600 < $1,000 minimum spend.
    const r = await host.api.call(
      'POST',
      '/api/bookings',
      slot({ sectionId: setup.minimumOnly, totalCost: '1.00', depositAmount: '1000.00', balanceDue: '0.00' }),
    );
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      status: 'confirmed',
      totalCost: '1000.00',
      minimumSpend: '1000.00',
      depositPercent: 0,
      depositAmount: '0.00',
      balanceDue: '1000.00',
    });
    const plain = await host.api.call('POST', '/api/bookings', slot({ sectionId: setup.plain, duration: 3 }));
    expect(plain.json).toMatchObject({
      status: 'confirmed',
      totalCost: '600.00',
      minimumSpend: null,
      depositPercent: 0,
      depositAmount: '0.00',
      balanceDue: '600.00',
    });
    expect(
      (
        await dbs.payments.query('SELECT count(*)::int AS n FROM payments WHERE booking_id = ANY($1)', [
          [r.json.id, plain.json.id],
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('are not paid by card', async () => {
    const host = await account('host');
    const r = await startPayment(host.api, { sectionId: setup.plain });
    expect([r.status, r.json.message]).toEqual([400, 'Only yachts and sections that take a deposit are paid by card']);
    expect((await startPayment(host.api, { sectionId: null })).json.message).toBe(
      'Only yachts and sections that take a deposit are paid by card',
    );
    expect((await startPayment(host.api, { sectionId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect(
      (await dbs.bookings.query('SELECT count(*)::int AS n FROM bookings WHERE host_id = $1', [host.id])).rows[0].n,
    ).toBe(0);
  });
});

describe('yachts', () => {
  it('are paid in full: the deposit is the total, no balance', async () => {
    const host = await account('host');
    const r = await host.api.call('POST', '/api/create-payment-intent', {
      venueId: setup.yacht,
      bookingDate: nyDate(9),
      startTime: '20:00',
      duration: 4,
      friendsCount: 0,
      depositAmount: '1.00',
    });
    expect(r.json).toMatchObject({ totalCost: '3200.00', depositAmount: '3200.00', balanceDue: '0.00' });
    expect(
      (await dbs.payments.query('SELECT amount FROM payments WHERE booking_id = $1', [r.json.bookingId])).rows[0]
        .amount,
    ).toBe(320000);
    const held = (await host.api.call('GET', '/api/bookings/user')).json[0];
    expect(held).toMatchObject({
      status: 'held',
      minimumSpend: null,
      depositPercent: 100,
      depositAmount: '3200.00',
      balanceDue: '0.00',
    });
  });
});
