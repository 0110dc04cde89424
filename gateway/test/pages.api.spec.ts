import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeCursor, MESSAGING_ERRORS, NEXT_CURSOR_HEADER, PAGE_LIMITS, PAGE_MESSAGES } from '@luxe/contracts';
import { ApiClient } from './support/client';
import { World } from './support/world';

// Keyset pages of a member's long lists (docs/architecture.md#paged-lists): a conversation's
// messages, received and sent invites. `?limit=&cursor=`, the next page's cursor in X-Next-Cursor,
// the body the spec's array; without `limit` the whole list, as the spec's call answers.
// The rows are written straight into the services' databases (a long list through the API would
// meet the per-member limits); the reads go through the gateway.
const world = new World();
beforeAll(() => world.open('social', 'messaging'));
afterAll(() => world.close());

type Member = Awaited<ReturnType<World['account']>>;
type Item = { id: string };

/** Rows made at these instants: three share one, to page through ties (they are ordered by id). */
const instants = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 1, 0, 0, i < 3 ? 0 : i)).toISOString());

/** Every page of a list at `limit` a page, following X-Next-Cursor (bounded): each page's ids. */
async function pages(api: ApiClient, path: string, limit: number): Promise<string[][]> {
  const out: string[][] = [];
  let cursor: string | null = null;
  do {
    const r = await api.call('GET', `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    out.push((r.json as Item[]).map((x) => x.id));
    cursor = r.headers.get(NEXT_CURSOR_HEADER);
  } while (cursor && out.length < 20);
  return out;
}

/** The whole list as the spec's call answers it (no limit): its ids, and that it names no next page. */
async function whole(api: ApiClient, path: string): Promise<string[]> {
  const r = await api.call('GET', path);
  expect([r.status, r.headers.get(NEXT_CURSOR_HEADER)]).toEqual([200, null]);
  return (r.json as Item[]).map((x) => x.id);
}

/** Bad paging input: a clear 400 with its defined message, whatever the list. */
async function refusesBadPaging(api: ApiClient, path: string): Promise<void> {
  const junkKey = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
  const cases: [string, string][] = [
    ...['0', `${PAGE_LIMITS.max + 1}`, 'ten', '2.5', '-1', ''].map((l): [string, string] => [
      `limit=${l}`,
      PAGE_MESSAGES.limit,
    ]),
    ...['nonsense!', randomUUID(), junkKey, ''].map((c): [string, string] => [
      `limit=5&cursor=${c}`,
      PAGE_MESSAGES.cursor,
    ]),
  ];
  for (const [query, message] of cases) {
    const r = await api.call('GET', `${path}?${query}`);
    expect([query, r.status, r.json?.code, r.json?.message]).toEqual([
      query,
      400,
      'REQUEST.VALIDATION_FAILED',
      message,
    ]);
  }
}

async function member(userType: 'host' | 'guest', firstName: string): Promise<Member> {
  const m = await world.account(userType, firstName);
  await world.has('social', 'member_cards', 'user_id', m.id);
  return m;
}

describe('keyset pages', () => {
  it("a member's received and sent invites: pages that do not overlap add up to the whole list, newest first; a blocked pair's stay hidden", async () => {
    const guest = await member('guest', 'Paige');
    const host = await member('host', 'Henry');
    const blockedHost = randomUUID();
    // Declined: one pending invite per pair.
    const invite = (hostId: string, guestId: string, createdAt: string) =>
      world.dbs.social.query(
        `INSERT INTO invites (id, host_id, guest_id, status, event_title, event_date, created_at)
         VALUES ($1, $2, $3, 'declined', 'Night', '2026-12-31', $4)`,
        [randomUUID(), hostId, guestId, createdAt],
      );
    for (const at of instants(23)) await invite(randomUUID(), guest.id, at);
    for (const at of instants(2)) await invite(blockedHost, guest.id, at);
    for (const at of instants(7)) await invite(host.id, randomUUID(), at);
    await world.dbs.social.query(`INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)`, [
      guest.id,
      blockedHost,
    ]);

    const received = await whole(guest.api, '/api/invites/received');
    expect(received).toHaveLength(23);
    const five = await pages(guest.api, '/api/invites/received', 5);
    expect(five.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(five.flat()).toEqual(received);
    // A page exactly as long as the rest is the last one.
    expect(await pages(guest.api, '/api/invites/received', 23)).toEqual([received]);
    const sent = await whole(host.api, '/api/invites/sent');
    expect(sent).toHaveLength(7);
    expect((await pages(host.api, '/api/invites/sent', 3)).flat()).toEqual(sent);

    await refusesBadPaging(guest.api, '/api/invites/received');
    await refusesBadPaging(host.api, '/api/invites/sent');
    // A cursor is a position ({at, id}), not a row looked up: another list's cursor only places the
    // caller in his own list (the received invites older than it), and says nothing of the other.
    // The host's first page ends with his invite made at second 4 (sent[2]): the guest's are read
    // from there, his own of second 4 (received[18]) only when its id sorts below the host's.
    const hostsCursor = (await host.api.call('GET', '/api/invites/sent?limit=3')).headers.get(NEXT_CURSOR_HEADER);
    const placed = await guest.api.call('GET', `/api/invites/received?limit=100&cursor=${hostsCursor}`);
    expect([placed.status, placed.headers.get(NEXT_CURSOR_HEADER)]).toEqual([200, null]);
    expect((placed.json as Item[]).map((x) => x.id)).toEqual(
      received.filter((id, i) => i >= 19 || (i === 18 && id < sent[2]!)),
    );
    expect((await new ApiClient(world.base).call('GET', '/api/invites/received?limit=5')).status).toBe(401);
  });

  it("a conversation's messages: the newest page first, each oldest first, back to the first message; only its participants read them", async () => {
    const guest = await member('guest', 'Mona');
    const host = await member('host', 'Marc');
    const stranger = await member('guest', 'Stan');
    const conversation = randomUUID();
    await world.dbs.messaging.query(
      `INSERT INTO conversations (id, host_id, guest_id, booking_id) VALUES ($1, $2, $3, NULL)`,
      [conversation, host.id, guest.id],
    );
    for (const [i, at] of instants(23).entries())
      await world.dbs.messaging.query(
        `INSERT INTO messages (id, conversation_id, sender_id, content, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [randomUUID(), conversation, i % 2 ? host.id : guest.id, `message ${i}`, at],
      );
    const path = `/api/conversations/${conversation}/messages`;

    const all = await whole(guest.api, path);
    expect(all).toHaveLength(23);
    const five = await pages(guest.api, path, 5);
    expect(five.map((p) => p.length)).toEqual([5, 5, 5, 5, 3]);
    expect(five[0]).toEqual(all.slice(-5));
    expect([...five].reverse().flat()).toEqual(all);
    expect((await pages(host.api, path, 100)).flat()).toEqual(all);

    await refusesBadPaging(guest.api, path);
    // Paging changes nobody's rights: a stranger and an anonymous caller read nothing, with or without a cursor.
    const cursor = encodeCursor({ at: '2026-01-01T00:00:10.000000Z', id: all[10]! });
    for (const query of ['?limit=5', `?limit=5&cursor=${cursor}`])
      expect(await stranger.api.call('GET', `${path}${query}`)).toMatchObject({
        status: 404,
        json: { message: MESSAGING_ERRORS.CONVERSATION_NOT_FOUND.message },
      });
    expect((await new ApiClient(world.base).call('GET', `${path}?limit=5`)).status).toBe(401);
  });
});
