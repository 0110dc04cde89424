import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { nyDate, World } from './support/world';

// Guest list with a waitlist (issue 12) through the gateway, on the distributed stack: the host's
// limit (bounded by the section's capacity from bookings), approvals past it waitlisted, guests
// leaving or removed, and the event-driven promotion of the first waitlisted, exactly once.
const world = new World();
beforeAll(() => world.open('social', 'messaging'));
afterAll(() => world.close());

type Member = Awaited<ReturnType<World['account']>>;

let day = 10;
/** A club section of capacity 8 booked by a new host (no friends): the largest limit is 7. */
async function hostedEvent() {
  const { club, section } = await world.bookableClub('Waitville');
  const host = await world.account('host', 'Hugo');
  await world.has('bookings', 'member_cards', 'user_id', host.id);
  const booking = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(day++),
    startTime: '22:00',
    duration: 2,
  });
  expect(booking.status).toBe(201);
  await world.has('social', 'event_cards', 'booking_id', booking.json.id);
  return { host, bookingId: booking.json.id as string };
}

/** `n` guests, each with a pending request to the event, in order. */
async function requests(bookingId: string, names: string[]): Promise<{ guest: Member; id: string }[]> {
  const out: { guest: Member; id: string }[] = [];
  for (const name of names) {
    const guest = await world.account('guest', name);
    await world.has('social', 'member_cards', 'user_id', guest.id);
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect(r.status).toBe(201);
    out.push({ guest, id: r.json.id });
  }
  return out;
}

const approve = (host: Member, id: string) => host.api.call('POST', `/api/event-join-requests/${id}/approve`);
const setLimit = (who: Member, bookingId: string, guestLimit: unknown) =>
  who.api.call('PUT', `/api/bookings/${bookingId}/guest-limit`, { guestLimit });
const statusOf = async (id: string) =>
  (await world.dbs.social.query('SELECT status FROM event_join_requests WHERE id = $1', [id])).rows[0]
    ?.status as string;
const eventsOf = async (id: string) =>
  (await world.dbs.social.query('SELECT type FROM outbox_events WHERE key = $1 ORDER BY sequence', [id])).rows.map(
    (x) => x.type as string,
  );
const approvedCount = async (bookingId: string) =>
  (
    await world.dbs.social.query(
      `SELECT count(*)::int AS n FROM event_join_requests WHERE booking_id = $1 AND status = 'approved'`,
      [bookingId],
    )
  ).rows[0].n as number;
const attendees = async (bookingId: string) =>
  (
    await world.dbs.bookings.query('SELECT user_id FROM booking_attendees WHERE booking_id = $1 ORDER BY user_id', [
      bookingId,
    ])
  ).rows.map((x) => x.user_id as string);

/** The message the promoted guest finds in Messages, from the host, in their conversation about the event. */
async function promotionMessage(guest: Member, hostId: string, bookingId: string) {
  return waitFor('the promoted guest is told in Messages', async () => {
    const conversations = (await guest.api.call('GET', `/api/conversations/${guest.id}`)).json as {
      id: string;
      hostId: string;
      bookingId: string;
    }[];
    const c = conversations.find((x) => x.hostId === hostId && x.bookingId === bookingId);
    if (!c) return null;
    const messages = (await guest.api.call('GET', `/api/conversations/${c.id}/messages`)).json as {
      senderId: string;
      content: string;
    }[];
    const found = messages.filter((m) => m.content.startsWith('Good news: a spot opened up'));
    return found.length ? found : null;
  });
}

describe('guest limit', () => {
  it('only the host sets it, at most the capacity less the host, never below the approved guests; a refusal changes nothing', async () => {
    const { host, bookingId } = await hostedEvent();
    const [a, b] = await requests(bookingId, ['Ana', 'Bea']);
    const list = await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`);
    expect(list.json).toMatchObject({
      bookingId,
      capacity: 8,
      maxGuestLimit: 7,
      guestLimit: null,
      approvedCount: 0,
      waitlistCount: 0,
      viewerRole: 'host',
      approved: [],
      waitlist: [],
    });

    const stranger = await world.account('host');
    const notHost = await setLimit(stranger, bookingId, 3);
    expect([notHost.status, notHost.json.message]).toEqual([404, 'Event not found']);
    expect((await setLimit(a.guest, bookingId, 3)).status).toBe(404);
    expect(
      (await new ApiClient(world.base).call('PUT', `/api/bookings/${bookingId}/guest-limit`, { guestLimit: 3 })).status,
    ).toBe(401);
    const over = await setLimit(host, bookingId, 8);
    expect([over.status, over.json.message]).toEqual([
      400,
      'Guest limit cannot exceed the places left in this section (its capacity minus you and your friends)',
    ]);
    for (const bad of [0, -2, 1.5, 'three']) {
      const r = await setLimit(host, bookingId, bad);
      expect([r.status, r.json.message]).toEqual([400, 'Guest limit must be a whole number of at least 1']);
    }
    expect(
      (await world.dbs.social.query('SELECT guest_limit FROM event_cards WHERE booking_id = $1', [bookingId])).rows[0]
        .guest_limit,
    ).toBeNull();

    const ok = await setLimit(host, bookingId, 7);
    expect([ok.status, ok.json.guestLimit]).toEqual([200, 7]);
    expect((await approve(host, a.id)).json.status).toBe('approved');
    expect((await approve(host, b.id)).json.status).toBe('approved');
    const below = await setLimit(host, bookingId, 1);
    expect([below.status, below.json.message]).toEqual([
      409,
      'Guest limit cannot be lower than the number of guests already on the list; remove guests first',
    ]);
    expect((await setLimit(host, bookingId, 2)).json).toMatchObject({ guestLimit: 2, approvedCount: 2 });
    expect(
      (await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json.approved.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([a.id, b.id]);

    // An approved guest sees the figures only; someone else nothing.
    expect((await a.guest.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json).toMatchObject({
      viewerRole: 'guest',
      guestLimit: 2,
      approvedCount: 2,
      approved: [],
      waitlist: [],
    });
    expect((await stranger.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).status).toBe(404);
    expect((await setLimit(host, bookingId, null)).json.guestLimit).toBeNull();
  });
});

describe('waitlist', () => {
  it('approving past the limit waitlists in order; removing a guest promotes the first waitlisted exactly once, who is told in Messages', async () => {
    const { host, bookingId } = await hostedEvent();
    expect((await setLimit(host, bookingId, 1)).status).toBe(200);
    const [a, b, c] = await requests(bookingId, ['Ana', 'Bea', 'Cleo']);
    expect((await approve(host, a.id)).json.status).toBe('approved');
    const wb = await approve(host, b.id);
    expect(wb.json).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await approve(host, c.id)).json).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    // The guest sees it in his requests; asking again while waitlisted is a duplicate.
    expect((await c.guest.api.call('GET', '/api/event-join-requests/guest')).json[0]).toMatchObject({
      id: c.id,
      status: 'waitlisted',
      waitlistPosition: 2,
    });
    expect((await c.guest.api.call('POST', '/api/event-join-requests', { bookingId })).status).toBe(409);
    const list = (await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json;
    expect([
      list.approved.map((r: { id: string }) => r.id),
      list.waitlist.map((r: { id: string }) => r.id),
      list.approvedCount,
      list.waitlistCount,
    ]).toEqual([[a.id], [b.id, c.id], 1, 2]);
    await waitFor('bookings knows the first guest', async () => (await attendees(bookingId)).includes(a.guest.id));

    // Removing: not the guest himself, not another host; the host removes once.
    expect((await a.guest.api.call('POST', `/api/event-join-requests/${a.id}/remove`)).status).toBe(404);
    const removed = await host.api.call('POST', `/api/event-join-requests/${a.id}/remove`);
    expect([removed.status, removed.json.status]).toEqual([200, 'removed']);
    const again = await host.api.call('POST', `/api/event-join-requests/${a.id}/remove`);
    expect([again.status, again.json.message]).toEqual([409, 'This guest is not on the guest list or the waitlist']);

    await waitFor('the first waitlisted is promoted', async () => (await statusOf(b.id)) === 'approved');
    const messages = await promotionMessage(b.guest, host.id, bookingId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ senderId: host.id });
    expect(messages[0].content).toContain('Velvet');
    await waitFor(
      'bookings swaps the attendees',
      async () => JSON.stringify(await attendees(bookingId)) === JSON.stringify([b.guest.id]),
    );
    expect(await statusOf(c.id)).toBe('waitlisted');
    expect(await approvedCount(bookingId)).toBe(1);
    expect(await eventsOf(b.id)).toEqual([
      'social.join-request-created',
      'social.join-request-waitlisted',
      'social.join-request-approved',
      'social.waitlist-promoted',
    ]);
    expect((await c.guest.api.call('GET', '/api/event-join-requests/guest')).json[0]).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    expect(await eventsOf(a.id)).toEqual([
      'social.join-request-created',
      'social.join-request-approved',
      'social.guest-removed',
    ]);

    // Raising the limit promotes the next one.
    expect((await setLimit(host, bookingId, 2)).status).toBe(200);
    await waitFor('raising the limit promotes', async () => (await statusOf(c.id)) === 'approved');
    expect(await promotionMessage(c.guest, host.id, bookingId)).toHaveLength(1);
  });

  it('concurrent removals of two guests promote exactly the first two waitlisted, each once, never over the limit', async () => {
    const { host, bookingId } = await hostedEvent();
    expect((await setLimit(host, bookingId, 2)).status).toBe(200);
    const [a, b, c, d, e] = await requests(bookingId, ['Ana', 'Bea', 'Cleo', 'Dora', 'Eve']);
    for (const r of [a, b, c, d, e]) expect((await approve(host, r.id)).status).toBe(200);
    expect(
      (await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json.waitlist.map(
        (r: { id: string }) => r.id,
      ),
    ).toEqual([c.id, d.id, e.id]);

    const [ra, rb] = await Promise.all([
      host.api.call('POST', `/api/event-join-requests/${a.id}/remove`),
      host.api.call('POST', `/api/event-join-requests/${b.id}/remove`),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const counts: number[] = [];
    await waitFor('the first two waitlisted are promoted', async () => {
      counts.push(await approvedCount(bookingId));
      return (await statusOf(c.id)) === 'approved' && (await statusOf(d.id)) === 'approved';
    });
    // Let any late or redelivered event land before checking nothing more happened.
    await new Promise((r) => setTimeout(r, 1500));
    counts.push(await approvedCount(bookingId));
    expect(Math.max(...counts)).toBeLessThanOrEqual(2);
    expect(await approvedCount(bookingId)).toBe(2);
    expect(await statusOf(e.id)).toBe('waitlisted');
    for (const r of [c, d]) {
      const types = await eventsOf(r.id);
      expect(types.filter((t) => t === 'social.join-request-approved')).toHaveLength(1);
      expect(types.filter((t) => t === 'social.waitlist-promoted')).toHaveLength(1);
    }
    expect((await eventsOf(e.id)).filter((t) => t === 'social.join-request-approved')).toHaveLength(0);
    expect(await promotionMessage(c.guest, host.id, bookingId)).toHaveLength(1);
    expect(await promotionMessage(d.guest, host.id, bookingId)).toHaveLength(1);
  });

  it('a guest leaves: the first waitlisted takes his place once; a waitlisted guest may leave too; only the guest leaves', async () => {
    const { host, bookingId } = await hostedEvent();
    expect((await setLimit(host, bookingId, 1)).status).toBe(200);
    const [a, b, c] = await requests(bookingId, ['Ana', 'Bea', 'Cleo']);
    for (const r of [a, b, c]) expect((await approve(host, r.id)).status).toBe(200);

    expect((await host.api.call('POST', `/api/event-join-requests/${a.id}/leave`)).status).toBe(404);
    expect((await b.guest.api.call('POST', `/api/event-join-requests/${a.id}/leave`)).status).toBe(404);
    const left = await a.guest.api.call('POST', `/api/event-join-requests/${a.id}/leave`);
    expect([left.status, left.json.status]).toEqual([200, 'left']);
    const twice = await a.guest.api.call('POST', `/api/event-join-requests/${a.id}/leave`);
    expect([twice.status, twice.json.message]).toEqual([409, 'You are not on the guest list of this event']);

    await waitFor('the first waitlisted is promoted', async () => (await statusOf(b.id)) === 'approved');
    expect(await promotionMessage(b.guest, host.id, bookingId)).toHaveLength(1);
    expect(await statusOf(c.id)).toBe('waitlisted');

    // The waitlisted guest leaves the waitlist: nobody is promoted past the limit.
    expect((await c.guest.api.call('POST', `/api/event-join-requests/${c.id}/leave`)).json.status).toBe('left');
    await waitFor(
      'social handled the departure',
      async () =>
        (
          await world.dbs.social.query(
            `SELECT 1 FROM inbox_events WHERE event_type = 'social.guest-left' AND event_id IN (SELECT id FROM outbox_events WHERE key = $1)`,
            [c.id],
          )
        ).rows.length > 0,
    );
    expect(await approvedCount(bookingId)).toBe(1);
    expect((await host.api.call('GET', `/api/bookings/${bookingId}/guest-list`)).json).toMatchObject({
      approvedCount: 1,
      waitlistCount: 0,
    });
    // Having left, a guest may ask again.
    expect((await a.guest.api.call('POST', '/api/event-join-requests', { bookingId })).status).toBe(201);
  });

  it("a deleted guest's place goes to the first waitlisted", async () => {
    const { host, bookingId } = await hostedEvent();
    expect((await setLimit(host, bookingId, 1)).status).toBe(200);
    const [a, b] = await requests(bookingId, ['Ana', 'Bea']);
    for (const r of [a, b]) expect((await approve(host, r.id)).status).toBe(200);
    expect(await statusOf(b.id)).toBe('waitlisted');
    expect((await a.guest.api.call('DELETE', `/api/users/${a.guest.id}`)).status).toBe(204);
    await waitFor('the waitlisted guest takes the place', async () => (await statusOf(b.id)) === 'approved');
    expect(await promotionMessage(b.guest, host.id, bookingId)).toHaveLength(1);
    expect(await approvedCount(bookingId)).toBe(1);
  });
});
