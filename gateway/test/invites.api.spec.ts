import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { nyDate, World } from './support/world';

// Invites, swipes, discovery, blocks and reports through the gateway, on the distributed stack.
const world = new World();
beforeAll(() => world.open('social', 'messaging'));
afterAll(() => world.close());

type Member = Awaited<ReturnType<World['account']>>;
const place = () => `Town ${randomUUID().slice(0, 8)}`;

/** A member social (and messaging) already know. */
async function member(
  userType: 'host' | 'guest',
  firstName: string,
  more: Parameters<World['account']>[2] = {},
): Promise<Member> {
  const m = await world.account(userType, firstName, more);
  await world.has('social', 'member_cards', 'user_id', m.id);
  return m;
}

/** A confirmed event of a new host in a city of its own (so discovery there shows only what the test made). */
async function hostedEvent(opts: { city?: string; guestVisibility?: string; host?: Member; days?: number } = {}) {
  const city = opts.city ?? place();
  const { club, section } = await world.bookableClub(city);
  const host = opts.host ?? (await member('host', 'Hugo', { gender: 'male' }));
  await world.has('bookings', 'member_cards', 'user_id', host.id);
  const booking = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(opts.days ?? 3),
    startTime: '22:00',
    duration: 3,
    guestVisibility: opts.guestVisibility ?? 'both',
  });
  expect(booking.status).toBe(201);
  await world.has('social', 'event_cards', 'booking_id', booking.json.id);
  return { host, city, bookingId: booking.json.id as string };
}

const ids = (xs: { id?: string; bookingId?: string }[]) => xs.map((x) => x.id ?? x.bookingId);

describe('invites', () => {
  it('a host invites a guest to his event; only the guest sees and answers it, once; accepting opens one conversation', async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Gina', { gender: 'female' });
    await world.has('messaging', 'user_cards', 'user_id', guest.id);
    const sent = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      hostId: guest.id,
      eventTitle: '  Velvet night ',
      eventDescription: 'Table by the stage',
      eventDate: nyDate(30),
      bookingId,
    });
    expect(sent.status).toBe(201);
    // The host is the session's user and the date is the event's own, whatever the browser said; its start time comes with it.
    expect(sent.json).toMatchObject({
      hostId: host.id,
      guestId: guest.id,
      bookingId,
      status: 'pending',
      eventTitle: 'Velvet night',
      eventDate: nyDate(3),
      eventTime: '22:00',
      host: { id: host.id, firstName: 'Hugo' },
      guest: { id: guest.id, firstName: 'Gina', lastName: 'Lovelace' },
      friendCount: 0,
      friends: [],
    });
    const dup = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Again',
      eventDate: nyDate(3),
      bookingId,
    });
    expect([dup.status, dup.json.message]).toEqual([409, 'You have already invited this guest to this event']);

    // The guest's received list is his own, whatever userId the browser sends.
    expect(ids((await guest.api.call('GET', `/api/invites/received?userId=${host.id}`)).json)).toEqual([sent.json.id]);
    expect((await guest.api.call('GET', '/api/invites/received')).json[0]).toMatchObject({
      eventDate: nyDate(3),
      eventTime: '22:00',
    });
    expect((await host.api.call('GET', '/api/invites/received')).json).toEqual([]);
    expect(ids((await host.api.call('GET', '/api/invites/sent')).json)).toEqual([sent.json.id]);

    // Answering: not the host, not a stranger, not a visitor; a bad answer is refused; the guest once.
    const stranger = await member('guest', 'Sam');
    expect((await host.api.call('POST', `/api/invites/${sent.json.id}/respond`, { response: 'accept' })).status).toBe(
      404,
    );
    expect(
      (await stranger.api.call('POST', `/api/invites/${sent.json.id}/respond`, { response: 'accept' })).status,
    ).toBe(404);
    expect(
      (await new ApiClient(world.base).call('POST', `/api/invites/${sent.json.id}/respond`, { response: 'accept' }))
        .status,
    ).toBe(401);
    const bad = await guest.api.call('POST', `/api/invites/${sent.json.id}/respond`, { response: 'maybe' });
    expect([bad.status, bad.json.message]).toEqual([400, 'Response must be accept or decline']);
    const accepted = await guest.api.call('POST', `/api/invites/${sent.json.id}/respond`, { response: 'accept' });
    expect([accepted.status, accepted.json.status]).toEqual([200, 'accepted']);
    const again = await guest.api.call('POST', `/api/invites/${sent.json.id}/respond`, { response: 'decline' });
    expect([again.status, again.json.message]).toEqual([409, 'This invite has already been answered']);

    const conversation = await waitFor(
      'the conversation opens',
      async () => (await guest.api.call('GET', `/api/conversations/${guest.id}`)).json[0],
    );
    expect(conversation).toMatchObject({
      hostId: host.id,
      guestId: guest.id,
      bookingId,
      viewerRole: 'guest',
      otherUser: { id: host.id, firstName: 'Hugo' },
    });
    // The accepted event delivered again opens no second conversation.
    const [row] = (
      await world.dbs.social.query(`SELECT id FROM outbox_events WHERE key = $1 AND type = 'social.invite-accepted'`, [
        sent.json.id,
      ])
    ).rows;
    await world.dbs.social.query(`UPDATE outbox_events SET published_at = NULL WHERE id = $1`, [row.id]);
    await waitFor(
      'the event is published again',
      async () =>
        (await world.dbs.social.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [row.id])).rows[0]
          .published_at !== null,
    );
    await new Promise((res) => setTimeout(res, 1500));
    expect(
      (
        await world.dbs.messaging.query(
          'SELECT count(*)::int AS n FROM conversations WHERE host_id = $1 AND guest_id = $2',
          [host.id, guest.id],
        )
      ).rows[0].n,
    ).toBe(1);

    // The accepted guest now counts as going to the event.
    const later = await host.api.call('POST', '/api/invites', {
      guestId: stranger.id,
      eventTitle: 'Velvet night',
      eventDate: nyDate(3),
      bookingId,
    });
    expect(later.json).toMatchObject({ friendCount: 1, friends: [{ id: guest.id, firstName: 'Gina' }] });
    const types = (
      await world.dbs.social.query(`SELECT type FROM outbox_events WHERE key = $1 ORDER BY sequence`, [sent.json.id])
    ).rows.map((x) => x.type);
    expect(types).toEqual(['social.invite-sent', 'social.invite-accepted']);
  });

  it('a guest who joined one event and accepted an invite to another has two conversations, each naming its event with its last message (issue 31.2.6)', async () => {
    const { host, bookingId: joined } = await hostedEvent({ days: 4 });
    const { bookingId: invitedTo } = await hostedEvent({ host, days: 6 });
    const guest = await member('guest', 'Gina', { gender: 'female' });
    await world.has('messaging', 'user_cards', 'user_id', guest.id);
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId: joined });
    expect((await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(200);
    const sent = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Rooftop birthday',
      eventDate: nyDate(6),
      bookingId: invitedTo,
    });
    expect((await guest.api.call('POST', `/api/invites/${sent.json.id}/respond`, { response: 'accept' })).status).toBe(
      200,
    );
    const list = async (m: Member) =>
      (await m.api.call('GET', `/api/conversations/${m.id}`)).json as {
        id: string;
        bookingId: string;
        event: unknown;
        lastMessage: unknown;
      }[];
    const both = await waitFor('both conversations open', async () =>
      (await list(guest)).length === 2 ? list(guest) : undefined,
    );
    const byBooking = new Map(both.map((c) => [c.bookingId, c]));
    expect(byBooking.get(joined)).toMatchObject({ event: { title: 'Velvet', date: nyDate(4) }, lastMessage: null });
    expect(byBooking.get(invitedTo)).toMatchObject({
      event: { title: 'Rooftop birthday', date: nyDate(6) },
      lastMessage: null,
    });

    const c = byBooking.get(invitedTo)!;
    expect(
      (await host.api.call('POST', `/api/conversations/${c.id}/messages`, { content: 'See you at the rooftop' }))
        .status,
    ).toBe(201);
    expect(
      (await guest.api.call('POST', `/api/conversations/${c.id}/messages`, { content: '  Can not wait ' })).status,
    ).toBe(201);
    const after = new Map((await list(host)).map((x) => [x.bookingId, x]));
    expect(after.get(invitedTo)).toMatchObject({
      event: { title: 'Rooftop birthday' },
      lastMessage: { senderId: guest.id, content: 'Can not wait' },
    });
    expect(after.get(joined)).toMatchObject({ event: { title: 'Velvet', date: nyDate(4) }, lastMessage: null });
  });

  it("refuses guests sending invites, self-invites, unknown members, other hosts' events and bad input, with the messages, and changes nothing", async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Gina');
    const otherHost = await member('host', 'Olga');
    const count = async () =>
      (
        await world.dbs.social.query('SELECT count(*)::int AS n FROM invites WHERE host_id = ANY($1)', [
          [host.id, guest.id, otherHost.id],
        ])
      ).rows[0].n;
    const good = { guestId: guest.id, eventTitle: 'Night out', eventDate: nyDate(2) };
    const cases: [ApiClient, Record<string, unknown>, number, string][] = [
      [guest.api, { ...good, guestId: host.id }, 403, 'Only hosts can send invites'],
      [host.api, { ...good, guestId: host.id }, 400, 'You cannot invite yourself'],
      [host.api, { ...good, guestId: randomUUID() }, 404, 'Guest not found'],
      [host.api, { ...good, guestId: 'nope' }, 400, 'Please choose a guest to invite'],
      [host.api, { ...good, eventTitle: '   ' }, 400, 'Event title is required'],
      [host.api, { ...good, eventTitle: 'x'.repeat(201) }, 400, 'Event title must be at most 200 characters'],
      [host.api, { ...good, eventDate: 'tonight' }, 400, 'Event date is required'],
      // A day gone by is no invite (it answered 201): yesterday in New York, or a moment past.
      [host.api, { ...good, eventDate: '2020-01-01' }, 400, 'The event date cannot be earlier than today'],
      [host.api, { ...good, eventDate: nyDate(-1) }, 400, 'The event date cannot be earlier than today'],
      [
        host.api,
        { ...good, eventDate: new Date(Date.now() - 3_600_000).toISOString() },
        400,
        'The event date cannot be earlier than today',
      ],
      [host.api, { ...good, eventDate: '2020-01-01', bookingId }, 400, 'The event date cannot be earlier than today'],
      [otherHost.api, { ...good, bookingId }, 404, 'Event not found'],
    ];
    for (const [api, body, status, message] of cases) {
      const r = await api.call('POST', '/api/invites', body);
      expect([r.status, r.json.message]).toEqual([status, message]);
    }
    expect((await new ApiClient(world.base).call('POST', '/api/invites', good)).status).toBe(401);
    expect(await count()).toBe(0);
    // Without an event: one pending invite per pair; a declined one may be sent again.
    const first = await host.api.call('POST', '/api/invites', good);
    // An invite naming only a day has no time of its own.
    expect([first.status, first.json.bookingId, first.json.eventDate, first.json.eventTime]).toEqual([
      201,
      null,
      nyDate(2),
      null,
    ]);
    expect(
      (await host.api.call('POST', '/api/invites', { ...good, guestId: otherHost.id, eventDate: nyDate(0) })).status,
    ).toBe(201);
    expect((await host.api.call('POST', '/api/invites', good)).status).toBe(409);
    expect(
      (await guest.api.call('POST', `/api/invites/${first.json.id}/respond`, { response: 'decline' })).json.status,
    ).toBe('declined');
    expect((await host.api.call('POST', '/api/invites', good)).status).toBe(201);
  });
});

describe('swipes and the deck', () => {
  it('a host sees the guests of a state not yet swiped; a mutual like is one match; a second swipe replaces the first', async () => {
    const state = place();
    const host = await member('host', 'Hugo', { state });
    const guests = [
      await member('guest', 'Amy', { state }),
      await member('guest', 'Bea', { state }),
      await member('guest', 'Cleo', { state }),
    ];
    await member('host', 'Other host', { state }); // a host is not in a host's deck
    const deck = async (m: Member) =>
      ids((await m.api.call('GET', `/api/users/potential-matches?state=${encodeURIComponent(state)}`)).json);
    expect(await deck(host)).toEqual(guests.map((g) => g.id));
    expect(
      (await guests[0].api.call('GET', `/api/users/potential-matches?state=${encodeURIComponent(state)}`)).json
        .map((c: { firstName: string }) => c.firstName)
        .sort(),
    ).toEqual(['Hugo', 'Other host']);

    expect((await host.api.call('POST', '/api/swipe', { userId: guests[0].id, action: 'pass' })).json).toEqual({
      action: 'pass',
      match: false,
    });
    expect((await host.api.call('POST', '/api/swipe', { userId: guests[1].id, action: 'like' })).json).toEqual({
      action: 'like',
      match: false,
    });
    expect(await deck(host)).toEqual([guests[2].id]);
    // (Messaging knows both members, as it long has in life: it tells the host from the guest by their cards.)
    await world.has('messaging', 'user_cards', 'user_id', host.id);
    await world.has('messaging', 'user_cards', 'user_id', guests[1].id);
    // Bea likes back: a match, announced once even when she likes again.
    expect((await guests[1].api.call('POST', '/api/swipe', { userId: host.id, action: 'like' })).json).toEqual({
      action: 'like',
      match: true,
    });
    expect((await guests[1].api.call('POST', '/api/swipe', { userId: host.id, action: 'like' })).json).toEqual({
      action: 'like',
      match: true,
    });
    const pair = [host.id, guests[1].id].sort().join(':');
    expect(
      (
        await world.dbs.social.query(
          `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'social.match-created' AND key = $1`,
          [pair],
        )
      ).rows[0].n,
    ).toBe(1);
    // The match opens the pair's conversation, about no event, for both (issue 31.2.15).
    const opened = await waitFor(
      'the match opens a conversation',
      async () => (await guests[1].api.call('GET', `/api/conversations/${guests[1].id}`)).json[0],
    );
    expect(opened).toMatchObject({
      hostId: host.id,
      guestId: guests[1].id,
      bookingId: null,
      event: null,
      viewerRole: 'guest',
      otherUser: { id: host.id, firstName: 'Hugo' },
    });
    expect((await host.api.call('GET', `/api/conversations/${host.id}`)).json.map((c: { id: string }) => c.id)).toEqual(
      [opened.id],
    );
    // Changing one's mind: the latest swipe counts.
    expect((await host.api.call('POST', '/api/swipe', { userId: guests[0].id, action: 'like' })).json.action).toBe(
      'like',
    );
    expect(
      (
        await world.dbs.social.query('SELECT action FROM swipe_actions WHERE swiper_id = $1 AND swiped_user_id = $2', [
          host.id,
          guests[0].id,
        ])
      ).rows,
    ).toEqual([{ action: 'like' }]);
  });

  it('refuses a swipe on oneself, an unknown member, a bad action, and a visitor, with the messages', async () => {
    const host = await member('host', 'Hugo');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ userId: host.id, action: 'like' }, 400, 'You cannot swipe on yourself'],
      [{ userId: randomUUID(), action: 'like' }, 404, 'User not found'],
      [{ userId: host.id, action: 'love' }, 400, 'Action must be like or pass'],
      [{ action: 'like' }, 400, 'Please choose a member'],
    ];
    for (const [body, status, message] of cases) {
      const r = await host.api.call('POST', '/api/swipe', body);
      expect([r.status, r.json.message]).toEqual([status, message]);
    }
    expect(
      (await new ApiClient(world.base).call('POST', '/api/swipe', { userId: host.id, action: 'like' })).status,
    ).toBe(401);
    expect((await new ApiClient(world.base).call('GET', '/api/users/potential-matches')).status).toBe(401);
    expect(
      (await world.dbs.social.query('SELECT count(*)::int AS n FROM swipe_actions WHERE swiper_id = $1', [host.id]))
        .rows[0].n,
    ).toBe(0);
  });

  it('a deleted member leaves the decks', async () => {
    const state = place();
    const host = await member('host', 'Hugo', { state });
    const guest = await member('guest', 'Gina', { state });
    expect(
      ids((await host.api.call('GET', `/api/users/potential-matches?state=${encodeURIComponent(state)}`)).json),
    ).toEqual([guest.id]);
    expect((await guest.api.call('DELETE', `/api/users/${guest.id}`)).status).toBe(204);
    await waitFor(
      'social forgets the guest',
      async () =>
        (await world.dbs.social.query('SELECT 1 FROM member_cards WHERE user_id = $1', [guest.id])).rows.length === 0,
    );
    expect(
      (await host.api.call('GET', `/api/users/potential-matches?state=${encodeURIComponent(state)}`)).json,
    ).toEqual([]);
  });
});

describe('discovery', () => {
  it("shows other hosts' upcoming events in the city by guest visibility, not one's own, not those already asked, not past ones", async () => {
    const city = place();
    const forMen = await hostedEvent({ city, guestVisibility: 'men', days: 2 });
    const forWomen = await hostedEvent({ city, guestVisibility: 'women', days: 3 });
    const forBoth = await hostedEvent({ city, guestVisibility: 'both', days: 4 });
    const forAll = await hostedEvent({ city, guestVisibility: 'men,women', days: 5 });
    const man = await member('guest', 'Max', { gender: 'male' });
    const woman = await member('guest', 'Gina', { gender: 'female' });
    const unsaid = await member('guest', 'Kim');
    const discover = async (m: Member, c = city) =>
      ids(
        (
          await m.api.call(
            'GET',
            `/api/available-events?city=${encodeURIComponent(`${c}, FL`)}&state=florida&userId=${randomUUID()}`,
          )
        ).json,
      );

    expect(await discover(man)).toEqual([forMen.bookingId, forBoth.bookingId, forAll.bookingId]);
    expect(await discover(woman)).toEqual([forWomen.bookingId, forBoth.bookingId, forAll.bookingId]);
    expect(await discover(unsaid)).toEqual([forBoth.bookingId, forAll.bookingId]);
    expect(await discover(woman, place())).toEqual([]);
    // The host does not discover his own event.
    expect(await discover(forBoth.host)).not.toContain(forBoth.bookingId);

    const card = (await woman.api.call('GET', `/api/available-events?city=${encodeURIComponent(city)}&state=Florida`))
      .json[1];
    expect(card).toMatchObject({
      bookingId: forBoth.bookingId,
      venueName: 'Velvet',
      venueType: 'club',
      city,
      state: 'Florida',
      sectionType: 'Table',
      bookingDate: nyDate(4),
      startTime: '22:00',
      endTime: '01:00',
      duration: 3,
      host: { id: forBoth.host.id, firstName: 'Hugo' },
      attendees: { count: 0, avatars: [] },
    });
    expect(card.images).toHaveLength(1);

    // Asked to join: gone from the deck; approved: counted among who is going, for others.
    const r = await woman.api.call('POST', '/api/event-join-requests', { bookingId: forBoth.bookingId });
    expect(await discover(woman)).toEqual([forWomen.bookingId, forAll.bookingId]);
    await forBoth.host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`);
    const seen = (
      await man.api.call('GET', `/api/available-events?city=${encodeURIComponent(city)}&state=Florida`)
    ).json.find((e: { bookingId: string }) => e.bookingId === forBoth.bookingId);
    expect(seen.attendees).toEqual({ count: 1, avatars: [{ id: woman.id, firstName: 'Gina', image: null }] });

    // Past events are not offered.
    await world.dbs.social.query(
      `UPDATE event_cards SET starts_at = now() - interval '1 minute' WHERE booking_id = $1`,
      [forMen.bookingId],
    );
    expect(await discover(man)).toEqual([forBoth.bookingId, forAll.bookingId]);

    const missing = await man.api.call('GET', '/api/available-events?state=Florida');
    expect([missing.status, missing.json.message]).toEqual([400, 'City is required']);
    expect(
      (await new ApiClient(world.base).call('GET', `/api/available-events?city=${city}&state=Florida`)).status,
    ).toBe(401);
  });
});

describe('blocks and reports', () => {
  it("blocked members vanish from each other's decks, discovery, invites and conversations; the conversation stays reportable", async () => {
    const state = place();
    const { host, city, bookingId } = await hostedEvent({ host: await member('host', 'Hugo', { state }) });
    const guest = await member('guest', 'Gina', { state, gender: 'female' });
    await world.has('messaging', 'user_cards', 'user_id', guest.id);
    const invite = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Night',
      eventDate: nyDate(3),
      bookingId,
    });
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`);
    const conversation = await waitFor(
      'the conversation opens',
      async () => (await guest.api.call('GET', `/api/conversations/${guest.id}`)).json[0],
    );
    const hostSays = await host.api.call('POST', `/api/conversations/${conversation.id}/messages`, {
      content: 'Something rude',
    });
    const deck = async (m: Member) =>
      ids((await m.api.call('GET', `/api/users/potential-matches?state=${encodeURIComponent(state)}`)).json);
    const guestRoom = await member('guest', 'Other', { state });
    expect(await deck(host)).toEqual(expect.arrayContaining([guest.id, guestRoom.id]));

    const blocked = await guest.api.call('POST', '/api/blocks', { userId: host.id });
    expect([blocked.status, blocked.json.blockedUserId, blocked.json.user.firstName]).toEqual([201, host.id, 'Hugo']);
    expect((await guest.api.call('POST', '/api/blocks', { userId: host.id })).status).toBe(201); // again: harmless
    expect(
      (
        await world.dbs.social.query(
          `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'social.user-blocked' AND key = $1`,
          [`${guest.id}:${host.id}`],
        )
      ).rows[0].n,
    ).toBe(1);
    expect(
      ids(
        (await guest.api.call('GET', '/api/blocks')).json.map((b: { blockedUserId: string }) => ({
          id: b.blockedUserId,
        })),
      ),
    ).toEqual([host.id]);

    // Both sides: decks, invites, discovery.
    expect(await deck(host)).toEqual([guestRoom.id]);
    expect(await deck(guest)).not.toContain(host.id);
    expect((await guest.api.call('GET', '/api/invites/received')).json).toEqual([]);
    expect((await host.api.call('GET', '/api/invites/sent')).json).toEqual([]);
    expect(
      (await guest.api.call('POST', `/api/invites/${invite.json.id}/respond`, { response: 'accept' })).status,
    ).toBe(404);
    const reinvite = await host.api.call('POST', '/api/invites', {
      guestId: guest.id,
      eventTitle: 'Again',
      eventDate: nyDate(3),
    });
    expect([reinvite.status, reinvite.json.message]).toEqual([404, 'Guest not found']);
    expect((await host.api.call('POST', '/api/swipe', { userId: guest.id, action: 'like' })).status).toBe(404);
    const other = await hostedEvent({ city, host });
    expect(
      ids((await guest.api.call('GET', `/api/available-events?city=${encodeURIComponent(city)}&state=Florida`)).json),
    ).not.toContain(other.bookingId);

    // Conversations: gone from both lists, closed to new messages, still open to reading and reporting.
    await waitFor(
      'messaging hides the conversation',
      async () => (await guest.api.call('GET', `/api/conversations/${guest.id}`)).json.length === 0,
    );
    expect((await host.api.call('GET', `/api/conversations/${host.id}`)).json).toEqual([]);
    const closed = await host.api.call('POST', `/api/conversations/${conversation.id}/messages`, { content: 'Hello?' });
    expect([closed.status, closed.json.message]).toEqual([403, 'This conversation is no longer available']);
    expect(
      (await guest.api.call('GET', `/api/conversations/${conversation.id}/messages`)).json.map(
        (m: { content: string }) => m.content,
      ),
    ).toEqual(['Something rude']);
    const report = await guest.api.call(
      'POST',
      `/api/conversations/${conversation.id}/messages/${hostSays.json.id}/report`,
      { reason: 'harassment', details: '  Rude  ' },
    );
    expect(report.status).toBe(201);
    expect(report.json).toMatchObject({
      kind: 'message',
      reporterId: guest.id,
      reportedUserId: host.id,
      reason: 'harassment',
      details: 'Rude',
      messageId: hostSays.json.id,
    });
    const kept = await waitFor(
      'social keeps the message report',
      async () => (await world.dbs.social.query('SELECT * FROM reports WHERE id = $1', [report.json.id])).rows[0],
    );
    expect(kept).toMatchObject({
      kind: 'message',
      reporter_id: guest.id,
      reported_user_id: host.id,
      content: 'Something rude',
      conversation_id: conversation.id,
    });

    // Unblocking brings the conversation back.
    expect((await guest.api.call('DELETE', `/api/blocks/${host.id}`)).status).toBe(204);
    await waitFor(
      'messaging shows the conversation again',
      async () => (await guest.api.call('GET', `/api/conversations/${guest.id}`)).json.length === 1,
    );
    expect(
      (await host.api.call('POST', `/api/conversations/${conversation.id}/messages`, { content: 'Sorry' })).status,
    ).toBe(201);
  });

  it("reports a member with a reason; refuses oneself, unknown members, bad reasons and strangers' messages, and changes nothing", async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await member('guest', 'Gina');
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`);
    const conversation = await waitFor(
      'the conversation opens',
      async () => (await guest.api.call('GET', `/api/conversations/${guest.id}`)).json[0],
    );
    const mine = await guest.api.call('POST', `/api/conversations/${conversation.id}/messages`, {
      content: 'Hi there',
    });
    const stranger = await member('guest', 'Sam');
    const reports = async () =>
      (
        await world.dbs.social.query('SELECT count(*)::int AS n FROM reports WHERE reporter_id = ANY($1)', [
          [guest.id, stranger.id],
        ])
      ).rows[0].n;

    const cases: [Member, string, Record<string, unknown>, number, string][] = [
      [guest, `/api/users/${guest.id}/report`, { reason: 'spam' }, 400, 'You cannot block or report yourself'],
      [guest, `/api/users/${randomUUID()}/report`, { reason: 'spam' }, 404, 'User not found'],
      [guest, `/api/users/${host.id}/report`, { reason: 'boring' }, 400, 'Please choose a reason'],
      [
        guest,
        `/api/users/${host.id}/report`,
        { reason: 'other', details: 'x'.repeat(1001) },
        400,
        'Details must be at most 1000 characters',
      ],
      [
        guest,
        `/api/conversations/${conversation.id}/messages/${mine.json.id}/report`,
        { reason: 'spam' },
        400,
        'You cannot report your own message',
      ],
      [
        host,
        `/api/conversations/${conversation.id}/messages/${randomUUID()}/report`,
        { reason: 'spam' },
        404,
        'Message not found',
      ],
      [
        stranger,
        `/api/conversations/${conversation.id}/messages/${mine.json.id}/report`,
        { reason: 'spam' },
        404,
        'Conversation not found',
      ],
    ];
    for (const [m, path, body, status, message] of cases) {
      const res = await m.api.call('POST', path, body);
      expect([path, res.status, res.json.message]).toEqual([path, status, message]);
    }
    expect(
      (await new ApiClient(world.base).call('POST', `/api/users/${host.id}/report`, { reason: 'spam' })).status,
    ).toBe(401);
    expect(await reports()).toBe(0);

    const filed = await guest.api.call('POST', `/api/users/${host.id}/report`, { reason: 'fake-profile', details: '' });
    expect([filed.status, filed.json.kind, filed.json.details]).toEqual([201, 'user', null]);
    const [event] = (
      await world.dbs.social.query(
        `SELECT envelope FROM outbox_events WHERE type = 'social.report-filed' AND key = $1`,
        [filed.json.id],
      )
    ).rows;
    expect(event.envelope.data).toMatchObject({
      reportId: filed.json.id,
      kind: 'user',
      reporterId: guest.id,
      reportedUserId: host.id,
      reason: 'fake-profile',
    });
    const self = await guest.api.call('POST', '/api/blocks', { userId: guest.id });
    expect([self.status, self.json.message]).toEqual([400, 'You cannot block or report yourself']);
  });
});
