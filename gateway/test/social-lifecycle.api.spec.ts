import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from './support/client';
import { nyDate, World } from './support/world';

// An event's guest list over its life, on the distributed stack: places taken by invites as by
// approvals (the host's limit, else the section's capacity), blocks and guest visibility on asking
// to join, a guest admitted twice (invite and request) leaving through one, and a cancelled booking
// ending its requests and invites.
const world = new World();
beforeAll(() => world.open('social'));
afterAll(() => world.close());

type Member = Awaited<ReturnType<World['account']>>;

/** A member social and bookings already know. */
async function member(
  userType: 'host' | 'guest',
  firstName: string,
  more: Parameters<World['account']>[2] = {},
): Promise<Member> {
  const m = await world.account(userType, firstName, more);
  await world.has('social', 'member_cards', 'user_id', m.id);
  await world.has('bookings', 'member_cards', 'user_id', m.id);
  return m;
}

let day = 30;
/** A confirmed event of a new host, in a section of `capacity` people (no friends named: `capacity - 1` places). */
async function hostedEvent(opts: { capacity?: number; guestVisibility?: string } = {}) {
  const { club, section } = await world.bookableClub('Lifecycle', opts.capacity ?? 8);
  const host = await member('host', 'Hugo', { gender: 'male' });
  const booking = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(day++),
    startTime: '22:00',
    duration: 2,
    guestVisibility: opts.guestVisibility ?? 'both',
  });
  expect(booking.status).toBe(201);
  await world.has('social', 'event_cards', 'booking_id', booking.json.id);
  return { host, bookingId: booking.json.id as string };
}

const ask = (guest: Member, bookingId: string) => guest.api.call('POST', '/api/event-join-requests', { bookingId });
const approve = (host: Member, id: string) => host.api.call('POST', `/api/event-join-requests/${id}/approve`);
const setLimit = (host: Member, bookingId: string, guestLimit: number | null) =>
  host.api.call('PUT', `/api/bookings/${bookingId}/guest-limit`, { guestLimit });
const invite = async (host: Member, guest: Member, bookingId: string) => {
  const r = await host.api.call('POST', '/api/invites', {
    guestId: guest.id,
    eventTitle: 'Velvet night',
    eventDate: nyDate(1),
    bookingId,
  });
  expect(r.status).toBe(201);
  return r.json.id as string;
};
const accept = (guest: Member, inviteId: string) =>
  guest.api.call('POST', `/api/invites/${inviteId}/respond`, { response: 'accept' });
/** A guest on the list through an approved request. */
async function approved(host: Member, bookingId: string, name: string) {
  const guest = await member('guest', name);
  const r = await ask(guest, bookingId);
  expect(r.status).toBe(201);
  expect((await approve(host, r.json.id)).json.status).toBe('approved');
  return { guest, requestId: r.json.id as string };
}

const requestStatus = async (id: string) =>
  (await world.dbs.social.query('SELECT status FROM event_join_requests WHERE id = $1', [id])).rows[0]?.status as
    | string
    | undefined;
const inviteStatus = async (id: string) =>
  (await world.dbs.social.query('SELECT status FROM invites WHERE id = $1', [id])).rows[0]?.status as
    | string
    | undefined;
const going = async (bookingId: string) =>
  (
    await world.dbs.social.query(
      `SELECT count(DISTINCT guest_id)::int AS n FROM (SELECT guest_id FROM event_join_requests WHERE booking_id = $1 AND status = 'approved' UNION ALL SELECT guest_id FROM invites WHERE booking_id = $1 AND status = 'accepted') g`,
      [bookingId],
    )
  ).rows[0].n as number;
const attendees = async (bookingId: string) =>
  (await world.dbs.bookings.query('SELECT user_id FROM booking_attendees WHERE booking_id = $1', [bookingId])).rows.map(
    (x) => x.user_id as string,
  );
const outboxTypes = async (key: string) =>
  (await world.dbs.social.query('SELECT type FROM outbox_events WHERE key = $1 ORDER BY sequence', [key])).rows.map(
    (x) => x.type as string,
  );
/** Waits until bookings applied social's event of this type about `key` (its inbox has it). */
async function bookingsApplied(type: string, key: string) {
  const [ev] = (
    await world.dbs.social.query(`SELECT envelope->>'id' AS id FROM outbox_events WHERE key = $1 AND type = $2`, [
      key,
      type,
    ])
  ).rows;
  expect(ev).toBeDefined();
  await waitFor(
    `bookings applied ${type}`,
    async () =>
      (await world.dbs.bookings.query('SELECT 1 FROM inbox_events WHERE event_id = $1', [ev.id])).rows.length > 0,
  );
}

const FULL = [409, 'The guest list of this event is full'];
const NOT_FOUND = [404, 'Event not found'];

describe('places on the guest list: invites as approvals', () => {
  it("accepting an invite past the host's limit is refused (409, nothing changes); a guest already on the list still may; a place opened lets the next one accept", async () => {
    const { host, bookingId } = await hostedEvent();
    expect((await setLimit(host, bookingId, 1)).status).toBe(200);
    const a = await approved(host, bookingId, 'Ana');
    const bea = await member('guest', 'Bea');
    const toBea = await invite(host, bea, bookingId);

    const refused = await accept(bea, toBea);
    expect([refused.status, refused.json.message]).toEqual(FULL);
    expect(await inviteStatus(toBea)).toBe('pending');
    expect(await outboxTypes(toBea)).toEqual(['social.invite-sent']);
    expect(await going(bookingId)).toBe(1);

    // Ana holds a place already: her invite takes no second one.
    const toAna = await invite(host, a.guest, bookingId);
    expect((await accept(a.guest, toAna)).json.status).toBe('accepted');
    expect(await going(bookingId)).toBe(1);

    // A place opens: the invite may be accepted now (it stayed pending).
    expect((await setLimit(host, bookingId, 2)).status).toBe(200);
    expect((await accept(bea, toBea)).json.status).toBe('accepted');
    expect((await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json).toMatchObject({
      guestLimit: 2,
      approvedCount: 2,
    });
  });

  it("without a guest limit, the section's capacity bounds the list: an approval past it is waitlisted, an invite refused", async () => {
    // Capacity 3: the host and two guests.
    const { host, bookingId } = await hostedEvent({ capacity: 3 });
    await approved(host, bookingId, 'Ana');
    const bea = await member('guest', 'Bea');
    expect((await accept(bea, await invite(host, bea, bookingId))).json.status).toBe('accepted');
    expect(await going(bookingId)).toBe(2);

    const cleo = await member('guest', 'Cleo');
    const r = await ask(cleo, bookingId);
    expect((await approve(host, r.json.id)).json).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const dora = await member('guest', 'Dora');
    const toDora = await invite(host, dora, bookingId);
    const refused = await accept(dora, toDora);
    expect([refused.status, refused.json.message]).toEqual(FULL);
    expect(await inviteStatus(toDora)).toBe('pending');
    expect(await going(bookingId)).toBe(2);
    expect((await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json).toMatchObject({
      guestLimit: null,
      capacity: 3,
      approvedCount: 2,
      waitlistCount: 1,
    });
  });

  it('concurrent accepts for the last place: exactly one wins, the others are told the list is full', async () => {
    const { host, bookingId } = await hostedEvent();
    expect((await setLimit(host, bookingId, 2)).status).toBe(200);
    await approved(host, bookingId, 'Ana');
    const guests = await Promise.all(['Bea', 'Cleo', 'Dora', 'Eve'].map((n) => member('guest', n)));
    const invites: string[] = [];
    for (const g of guests) invites.push(await invite(host, g, bookingId));
    const answers = await Promise.all(guests.map((g, i) => accept(g, invites[i]!)));
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409, 409, 409]);
    for (const x of answers.filter((y) => y.status === 409)) expect(x.json.message).toBe(FULL[1]);
    expect(await going(bookingId)).toBe(2);
    // And an approval racing an accept for the last place: one takes it, the other waits or is refused.
    expect((await setLimit(host, bookingId, 3)).status).toBe(200);
    const late = guests.filter((_g, i) => answers[i]!.status === 409);
    const asker = await member('guest', 'Fay');
    const req = await ask(asker, bookingId);
    const [acc, app] = await Promise.all([
      accept(late[0]!, invites[guests.indexOf(late[0]!)]!),
      approve(host, req.json.id),
    ]);
    expect(`${acc.status} ${app.json.status}`).toMatch(/^(200 waitlisted|409 approved)$/);
    expect(await going(bookingId)).toBe(3);
  });
});

describe('asking to join: blocks and guest visibility', () => {
  it('a guest blocked by the host, or who blocked him, is answered as for an unknown event, and nothing is stored', async () => {
    const { host, bookingId } = await hostedEvent();
    const blockedByHost = await member('guest', 'Bo');
    const blocker = await member('guest', 'Cy');
    expect((await host.api.call('POST', '/api/blocks', { userId: blockedByHost.id })).status).toBe(201);
    expect((await blocker.api.call('POST', '/api/blocks', { userId: host.id })).status).toBe(201);
    const unknown = await ask(blockedByHost, randomUUID());
    expect([unknown.status, unknown.json.message]).toEqual(NOT_FOUND);
    for (const g of [blockedByHost, blocker]) {
      const r = await ask(g, bookingId);
      expect([r.status, r.json.message, r.json.code]).toEqual([...NOT_FOUND, unknown.json.code]);
    }
    expect(
      (
        await world.dbs.social.query('SELECT count(*)::int AS n FROM event_join_requests WHERE booking_id = $1', [
          bookingId,
        ])
      ).rows[0].n,
    ).toBe(0);
    // Unblocked, he may ask.
    expect((await host.api.call('DELETE', `/api/blocks/${blockedByHost.id}`)).status).toBe(204);
    expect((await ask(blockedByHost, bookingId)).status).toBe(201);
  });

  it('an event shown to the other gender only is not there to join; one shown to his is', async () => {
    const forWomen = await hostedEvent({ guestVisibility: 'women' });
    const forBoth = await hostedEvent({ guestVisibility: 'men,women' });
    const man = await member('guest', 'Max', { gender: 'male' });
    const woman = await member('guest', 'Gina', { gender: 'female' });
    const unsaid = await member('guest', 'Kim', { gender: 'other' });
    for (const g of [man, unsaid]) {
      const r = await ask(g, forWomen.bookingId);
      expect([r.status, r.json.message]).toEqual(NOT_FOUND);
    }
    expect((await ask(woman, forWomen.bookingId)).status).toBe(201);
    for (const g of [man, unsaid]) expect((await ask(g, forBoth.bookingId)).status).toBe(201);
  });

  it("a guest blocked since he asked (either way) is not approved nor promoted, and his request leaves the host's list", async () => {
    const { host, bookingId } = await hostedEvent();
    const bo = await member('guest', 'Bo');
    const cy = await member('guest', 'Cy');
    const rb = await ask(bo, bookingId);
    const rc = await ask(cy, bookingId);
    expect((await host.api.call('POST', '/api/blocks', { userId: bo.id })).status).toBe(201);
    expect((await cy.api.call('POST', '/api/blocks', { userId: host.id })).status).toBe(201);
    for (const id of [rb.json.id, rc.json.id]) {
      const r = await approve(host, id);
      expect([r.status, r.json.message]).toEqual([404, 'Join request not found']);
      expect(await requestStatus(id)).toBe('pending');
      expect(await outboxTypes(id)).toEqual(['social.join-request-created']);
    }
    expect((await host.api.call('GET', `/api/event-join-requests?bookingId=${bookingId}`)).json).toEqual([]);

    // On the waitlist: blocked meanwhile, he is passed over when a place opens.
    expect((await setLimit(host, bookingId, 1)).status).toBe(200);
    const ana = await approved(host, bookingId, 'Ana');
    const [dee, eve] = [await member('guest', 'Dee'), await member('guest', 'Eve')];
    const rd = await ask(dee, bookingId);
    const re = await ask(eve, bookingId);
    expect((await approve(host, rd.json.id)).json.status).toBe('waitlisted');
    expect((await approve(host, re.json.id)).json.status).toBe('waitlisted');
    expect((await host.api.call('POST', '/api/blocks', { userId: dee.id })).status).toBe(201);
    expect((await ana.guest.api.call('POST', `/api/event-join-requests/${ana.requestId}/leave`)).status).toBe(200);
    await waitFor('the next waitlisted is promoted', async () => (await requestStatus(re.json.id)) === 'approved');
    expect(await requestStatus(rd.json.id)).toBe('waitlisted');
    await waitFor('bookings knows the promoted guest', async () => (await attendees(bookingId)).includes(eve.id));
    expect(await attendees(bookingId)).not.toContain(dee.id);
    // Passed over, he keeps nobody waiting: with places free, the next approval takes one.
    expect((await setLimit(host, bookingId, 3)).status).toBe(200);
    await approved(host, bookingId, 'Fay');
    expect(await requestStatus(rd.json.id)).toBe('waitlisted');
  });
});

describe('a guest admitted by an invite and a request', () => {
  it('leaving through the request keeps him an attendee with his door pass while the invite admits him; a guest with only a request loses both', async () => {
    const { host, bookingId } = await hostedEvent();
    const gina = await member('guest', 'Gina');
    expect((await accept(gina, await invite(host, gina, bookingId))).json.status).toBe('accepted');
    const r = await ask(gina, bookingId);
    expect((await approve(host, r.json.id)).json.status).toBe('approved');
    const only = await approved(host, bookingId, 'Ola');
    await waitFor('bookings knows both guests', async () => (await attendees(bookingId)).length === 2);
    await bookingsApplied('social.join-request-approved', r.json.id);
    expect((await gina.api.call('GET', `/api/bookings/${bookingId}/pass`)).status).toBe(200);

    expect((await gina.api.call('POST', `/api/event-join-requests/${r.json.id}/leave`)).json.status).toBe('left');
    expect((await only.guest.api.call('POST', `/api/event-join-requests/${only.requestId}/leave`)).json.status).toBe(
      'left',
    );
    await bookingsApplied('social.guest-left', r.json.id);
    await bookingsApplied('social.guest-left', only.requestId);
    expect(await attendees(bookingId)).toEqual([gina.id]);
    expect((await gina.api.call('GET', `/api/bookings/${bookingId}/pass`)).status).toBe(200);
    expect((await only.guest.api.call('GET', `/api/bookings/${bookingId}/pass`)).status).toBe(404);
    // Still going to the event (through the invite), for social too.
    expect((await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json.approvedCount).toBe(1);
  });
});

describe('a cancelled booking', () => {
  it("ends its open requests and invites as 'cancelled': the guests see it, nobody answers them, nobody asks again", async () => {
    const { host, bookingId } = await hostedEvent();
    expect((await setLimit(host, bookingId, 2)).status).toBe(200);
    const ana = await approved(host, bookingId, 'Ana');
    const bea = await member('guest', 'Bea');
    const toBea = await invite(host, bea, bookingId);
    expect((await accept(bea, toBea)).json.status).toBe('accepted');
    const [cleo, dora, eve] = [
      await member('guest', 'Cleo'),
      await member('guest', 'Dora'),
      await member('guest', 'Eve'),
    ];
    const waiting = await ask(cleo, bookingId);
    expect((await approve(host, waiting.json.id)).json.status).toBe('waitlisted');
    const pending = await ask(dora, bookingId);
    const toEve = await invite(host, eve, bookingId);
    const declined = await ask(await member('guest', 'Fay'), bookingId);
    expect((await host.api.call('POST', `/api/event-join-requests/${declined.json.id}/decline`)).status).toBe(200);

    const cancelled = await host.api.call('POST', `/api/bookings/${bookingId}/cancel`);
    expect([cancelled.status, cancelled.json.status]).toEqual([200, 'cancelled']);
    await waitFor('social ends the requests', async () => (await requestStatus(waiting.json.id)) === 'cancelled');
    for (const id of [ana.requestId, pending.json.id]) expect(await requestStatus(id)).toBe('cancelled');
    expect(await requestStatus(declined.json.id)).toBe('declined');
    for (const id of [toBea, toEve]) expect(await inviteStatus(id)).toBe('cancelled');

    // The guests see the event is off.
    expect((await cleo.api.call('GET', '/api/event-join-requests/guest')).json[0]).toMatchObject({
      id: waiting.json.id,
      status: 'cancelled',
      waitlistPosition: null,
    });
    expect((await eve.api.call('GET', '/api/invites/received')).json[0]).toMatchObject({
      id: toEve,
      status: 'cancelled',
    });
    // Nobody answers them; nobody asks to join or is invited again.
    const late = await accept(eve, toEve);
    expect([late.status, late.json.message]).toEqual([409, 'This event has been cancelled']);
    const lateApproval = await approve(host, pending.json.id);
    expect([lateApproval.status, lateApproval.json.message]).toEqual([409, 'This event has been cancelled']);
    const again = await ask(dora, bookingId);
    expect([again.status, again.json.message]).toEqual(NOT_FOUND);
    const reinvite = await host.api.call('POST', '/api/invites', {
      guestId: dora.id,
      eventTitle: 'Again',
      eventDate: nyDate(1),
      bookingId,
    });
    expect([reinvite.status, reinvite.json.message]).toEqual(NOT_FOUND);
    expect(await inviteStatus(toEve)).toBe('cancelled');
  });
});
