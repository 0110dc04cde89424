import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { nyDate, World } from './support/world';

// Join requests through the gateway, on the distributed stack: the host comes from the booking,
// only that host decides, once.
const world = new World();
beforeAll(() => world.open('social', 'messaging'));
afterAll(() => world.close());

async function hostedEvent(startTime = '22:00', days = 4) {
  const { club, section } = await world.bookableClub();
  const host = await world.account('host', 'Hugo');
  await world.has('bookings', 'member_cards', 'user_id', host.id);
  const booking = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(days),
    startTime,
    duration: 2,
  });
  expect(booking.status).toBe(201);
  await world.has('social', 'event_cards', 'booking_id', booking.json.id);
  return { host, bookingId: booking.json.id as string };
}

describe('join requests', () => {
  it("the host's count of pending requests per event: answered and blocked guests' requests leave it; his own only (issue 31.2.15)", async () => {
    const { host, bookingId } = await hostedEvent('21:00', 5);
    const guests = await Promise.all(['Gina', 'Ivy', 'Lea'].map((n) => world.account('guest', n)));
    for (const g of guests) await world.has('social', 'member_cards', 'user_id', g.id);
    const asked = [];
    for (const g of guests)
      asked.push((await g.api.call('POST', '/api/event-join-requests', { bookingId })).json.id as string);
    const counts = async (m: { api: ApiClient }) =>
      (await m.api.call('GET', '/api/event-join-requests/pending-counts')).json;
    expect(await counts(host)).toEqual([{ bookingId, pending: 3 }]);
    expect((await host.api.call('POST', `/api/event-join-requests/${asked[0]}/approve`)).status).toBe(200);
    expect((await host.api.call('POST', `/api/event-join-requests/${asked[1]}/decline`)).status).toBe(200);
    expect(await counts(host)).toEqual([{ bookingId, pending: 1 }]);
    expect((await guests[2]!.api.call('POST', '/api/blocks', { userId: host.id })).status).toBe(201);
    expect(await counts(host)).toEqual([]);
    // Nobody else's: a guest who asked, another host.
    expect(await counts(guests[0]!)).toEqual([]);
    expect(await counts(await world.account('host'))).toEqual([]);
    expect((await new ApiClient(world.base).call('GET', '/api/event-join-requests/pending-counts')).status).toBe(401);
  });

  it('a guest asks to join; the host comes from the booking; only that host sees and decides, once', async () => {
    const { host, bookingId } = await hostedEvent();
    const guest = await world.account('guest', 'Gina');
    await world.has('social', 'member_cards', 'user_id', guest.id);
    const r = await guest.api.call('POST', '/api/event-join-requests', {
      bookingId,
      message: 'Count me in!',
      hostId: guest.id,
      guestId: host.id,
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      guestId: guest.id,
      hostId: host.id,
      bookingId,
      status: 'pending',
      message: 'Count me in!',
      venueName: 'Velvet',
      startTime: '22:00',
      host: { id: host.id, firstName: 'Hugo' },
    });
    const dup = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect([dup.status, dup.json.message]).toEqual([409, 'You have already asked to join this event']);

    // The guest's own list; the host's list of this event; nobody else's.
    expect(
      (await guest.api.call('GET', '/api/event-join-requests/guest')).json.map((x: { id: string }) => x.id),
    ).toEqual([r.json.id]);
    const forHost = await host.api.call('GET', `/api/event-join-requests?bookingId=${bookingId}`);
    expect(forHost.json).toHaveLength(1);
    expect(forHost.json[0].guest).toMatchObject({ id: guest.id, firstName: 'Gina' });
    expect((await guest.api.call('GET', `/api/event-join-requests?bookingId=${bookingId}`)).status).toBe(404);
    const otherHost = await world.account('host');
    expect((await otherHost.api.call('GET', `/api/event-join-requests?bookingId=${bookingId}`)).status).toBe(404);

    // Deciding: not the guest, not another host; the host approves once.
    expect((await guest.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(404);
    expect((await otherHost.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(404);
    expect((await new ApiClient(world.base).call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(
      401,
    );
    const approved = await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`);
    expect([approved.status, approved.json.status]).toEqual([200, 'approved']);
    const again = await host.api.call('POST', `/api/event-join-requests/${r.json.id}/decline`);
    expect([again.status, again.json.message]).toEqual([409, 'This request has already been answered']);
    const types = (
      await world.dbs.social.query(`SELECT type FROM outbox_events WHERE key = $1 ORDER BY sequence`, [r.json.id])
    ).rows.map((x) => x.type);
    expect(types).toEqual(['social.join-request-created', 'social.join-request-approved']);
  });

  it("refuses a missing booking id, one's own event, a past or unknown event, and a visitor, with the messages", async () => {
    const { host, bookingId } = await hostedEvent('19:00', 5);
    const guest = await world.account('guest');
    const missing = await guest.api.call('POST', '/api/event-join-requests', { message: 'hi' });
    expect([missing.status, missing.json.message]).toEqual([400, 'Booking ID is required']);
    expect((await guest.api.call('POST', '/api/event-join-requests', { bookingId: 'nope' })).json.message).toBe(
      'Booking ID is required',
    );
    const own = await host.api.call('POST', '/api/event-join-requests', { bookingId });
    expect([own.status, own.json.message]).toEqual([400, 'You cannot ask to join your own event']);
    const unknown = await guest.api.call('POST', '/api/event-join-requests', {
      bookingId: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknown.status, unknown.json.message]).toEqual([404, 'Event not found']);
    await world.dbs.social.query(`UPDATE event_cards SET starts_at = now() - interval '1 hour' WHERE booking_id = $1`, [
      bookingId,
    ]);
    const past = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect([past.status, past.json.message]).toEqual([400, 'This event has already taken place']);
    expect((await new ApiClient(world.base).call('POST', '/api/event-join-requests', { bookingId })).status).toBe(401);
    expect(
      (
        await world.dbs.social.query('SELECT count(*)::int AS n FROM event_join_requests WHERE booking_id = $1', [
          bookingId,
        ])
      ).rows[0].n,
    ).toBe(0);
  });

  it('a declined guest may ask again; parallel requests leave one open request', async () => {
    const { host, bookingId } = await hostedEvent('20:00', 6);
    const guest = await world.account('guest');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => guest.api.call('POST', '/api/event-join-requests', { bookingId })),
    );
    expect(results.filter((x) => x.status === 201)).toHaveLength(1);
    expect(results.filter((x) => x.status === 409)).toHaveLength(9);
    const id = results.find((x) => x.status === 201)!.json.id;
    expect((await host.api.call('POST', `/api/event-join-requests/${id}/decline`)).json.status).toBe('declined');
    expect((await guest.api.call('POST', '/api/event-join-requests', { bookingId })).status).toBe(201);
  });

  it('a deleted guest leaves no request behind, and the host no longer sees it', async () => {
    const { host, bookingId } = await hostedEvent('21:00', 7);
    const guest = await world.account('guest');
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect((await guest.api.call('DELETE', `/api/users/${guest.id}`)).status).toBe(204);
    await waitFor(
      'social erased the guest',
      async () =>
        (await world.dbs.social.query('SELECT 1 FROM event_join_requests WHERE id = $1', [r.json.id])).rows.length ===
        0,
    );
    expect((await host.api.call('GET', `/api/event-join-requests?bookingId=${bookingId}`)).json).toEqual([]);
  });
});

describe('conversations', () => {
  it('an approved request opens one conversation; only its two participants read and write it; unread counts clear on read', async () => {
    const { host, bookingId } = await hostedEvent('23:00', 8);
    const guest = await world.account('guest', 'Gina');
    await world.has('messaging', 'user_cards', 'user_id', guest.id);
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    expect((await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(200);
    const conversation = await waitFor(
      'the conversation opens',
      async () => (await host.api.call('GET', `/api/conversations/${host.id}`)).json[0],
    );
    expect(conversation).toMatchObject({
      hostId: host.id,
      guestId: guest.id,
      bookingId,
      unreadCount: 0,
      viewerRole: 'host',
      otherUser: { id: guest.id, firstName: 'Gina' },
    });
    expect((await guest.api.call('GET', `/api/conversations/${guest.id}`)).json[0]).toMatchObject({
      id: conversation.id,
      viewerRole: 'guest',
      otherUser: { id: host.id, firstName: 'Hugo' },
    });

    // Someone else's list, thread or write: refused.
    const stranger = await world.account('guest');
    expect((await stranger.api.call('GET', `/api/conversations/${host.id}`)).status).toBe(403);
    expect((await stranger.api.call('GET', `/api/conversations/${conversation.id}/messages`)).status).toBe(404);
    expect(
      (await stranger.api.call('POST', `/api/conversations/${conversation.id}/messages`, { content: 'hi' })).status,
    ).toBe(404);
    expect((await new ApiClient(world.base).call('GET', `/api/conversations/${conversation.id}/messages`)).status).toBe(
      401,
    );

    // Validation with the spec's messages; the sender is the session's user.
    const empty = await guest.api.call('POST', `/api/conversations/${conversation.id}/messages`, { content: '   ' });
    expect([empty.status, empty.json.message]).toEqual([400, 'Message cannot be empty']);
    const long = await guest.api.call('POST', `/api/conversations/${conversation.id}/messages`, {
      content: 'x'.repeat(1001),
    });
    expect([long.status, long.json.message]).toEqual([400, 'Message too long']);
    const sent = await guest.api.call('POST', `/api/conversations/${conversation.id}/messages`, {
      content: '  See you tonight!  ',
      senderId: host.id,
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ senderId: guest.id, content: 'See you tonight!', read: false });
    expect((await host.api.call('GET', `/api/conversations/${host.id}`)).json[0].unreadCount).toBe(1);
    expect((await guest.api.call('GET', `/api/conversations/${guest.id}`)).json[0].unreadCount).toBe(0);
    expect((await host.api.call('POST', `/api/conversations/${conversation.id}/read`)).json).toEqual({
      unreadCount: 0,
    });
    expect((await host.api.call('GET', `/api/conversations/${host.id}`)).json[0].unreadCount).toBe(0);
    expect(
      (await host.api.call('GET', `/api/conversations/${conversation.id}/messages`)).json.map(
        (m: { content: string }) => m.content,
      ),
    ).toEqual(['See you tonight!']);
    expect(
      (
        await world.dbs.messaging.query('SELECT count(*)::int AS n FROM conversations WHERE booking_id = $1', [
          bookingId,
        ])
      ).rows[0].n,
    ).toBe(1);
    const [ev] = (
      await world.dbs.messaging.query(
        `SELECT envelope FROM outbox_events WHERE type = 'messaging.message-sent' AND envelope->'data'->>'messageId' = $1`,
        [sent.json.id],
      )
    ).rows;
    expect(ev.envelope.data).toMatchObject({
      conversationId: conversation.id,
      senderId: guest.id,
      recipientId: host.id,
    });
  });
});

describe('real time', () => {
  /** Opens /api/realtime as a browser page of the site would (its cookie, its origin). */
  function socket(
    cookie: string | undefined,
    origin = world.base,
  ): Promise<{ ws: WebSocket; received: any[]; closed: Promise<number> }> {
    const url = world.base.replace(/^http/, 'ws') + '/api/realtime';
    const ws = new WebSocket(url, { headers: { ...(cookie ? { cookie: `luxe_session=${cookie}` } : {}), origin } });
    const received: any[] = [];
    ws.on('message', (d) => received.push(JSON.parse(String(d))));
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    return new Promise((res, rej) => {
      ws.once('open', () => res({ ws, received, closed }));
      ws.once('error', rej);
    });
  }

  it("pushes a message to the recipient's open socket; a visitor and a cross-site page are refused", async () => {
    const { host, bookingId } = await hostedEvent('18:00', 9);
    const guest = await world.account('guest', 'Gina');
    const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId });
    await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`);
    const conversation = await waitFor(
      'the conversation opens',
      async () => (await host.api.call('GET', `/api/conversations/${host.id}`)).json[0],
    );

    expect(await (await socket(undefined)).closed).toBe(4401);
    expect(await (await socket(host.api.cookie('luxe_session'), 'https://evil.example')).closed).toBe(4403);
    expect((await new ApiClient(world.base).call('GET', '/api/realtime')).status).toBe(401);
    expect((await host.api.call('GET', '/api/realtime')).status).toBe(426);

    const hostSocket = await socket(host.api.cookie('luxe_session'));
    // The socket also carries the host's notifications (one per message received, issue 32): count the messages.
    const messages = () => hostSocket.received.filter((m) => m.type === 'message-sent');
    // The gateway's push group joins the broker once; until then a message may go unpushed (the
    // client refetches on reconnect): send until one arrives, then every later one must arrive.
    // One a second: within the chat limit (60 a minute, MEMBER_RATE_LIMITS) however long it takes.
    let n = 0;
    await waitFor(
      'a pushed message',
      async () => {
        await guest.api.call('POST', `/api/conversations/${conversation.id}/messages`, { content: `ping ${n++}` });
        await new Promise((res) => setTimeout(res, 1000));
        return messages().length > 0;
      },
      90_000,
      0,
    );
    const before = messages().length;
    const stranger = await world.account('guest');
    const strangerSocket = await socket(stranger.api.cookie('luxe_session'));
    const sent = await guest.api.call('POST', `/api/conversations/${conversation.id}/messages`, {
      content: 'Are we on for tonight?',
    });
    const push = await waitFor(
      'the push of that message',
      async () => messages().find((m) => m.message.id === sent.json.id),
      10_000,
    );
    expect(push).toEqual({
      type: 'message-sent',
      conversationId: conversation.id,
      message: {
        id: sent.json.id,
        conversationId: conversation.id,
        senderId: guest.id,
        content: 'Are we on for tonight?',
        read: false,
        createdAt: sent.json.createdAt,
      },
    });
    expect(messages().length).toBe(before + 1);
    // A stranger's socket hears nothing of it.
    await new Promise((res) => setTimeout(res, 300));
    expect(strangerSocket.received).toEqual([]);

    // A new conversation (a second guest approved) is pushed once to both participants' sessions.
    const second = await world.account('guest', 'Gwen');
    const secondSocket = await socket(second.api.cookie('luxe_session'));
    const r2 = await second.api.call('POST', '/api/event-join-requests', { bookingId });
    expect((await host.api.call('POST', `/api/event-join-requests/${r2.json.id}/approve`)).status).toBe(200);
    const opened = await waitFor(
      'the push of the new conversation',
      async () => hostSocket.received.find((m) => m.type === 'conversation-opened'),
      20_000,
    );
    const theirs = await waitFor(
      'the guest hears of it too',
      async () => secondSocket.received.find((m) => m.type === 'conversation-opened'),
      20_000,
    );
    const listed = (await second.api.call('GET', `/api/conversations/${second.id}`)).json;
    expect(opened).toEqual({ type: 'conversation-opened', conversationId: listed[0].id });
    expect(theirs).toEqual(opened);
    await new Promise((res) => setTimeout(res, 300));
    expect(hostSocket.received.filter((m) => m.type === 'conversation-opened')).toHaveLength(1);
    expect(strangerSocket.received).toEqual([]);
    hostSocket.ws.close();
    strangerSocket.ws.close();
    secondSocket.ws.close();
  });
});
