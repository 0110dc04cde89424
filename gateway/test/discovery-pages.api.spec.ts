import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { encodeCursor, NEXT_CURSOR_HEADER, PAGE_LIMITS, PAGE_MESSAGES } from '@luxe/contracts';
import { ApiClient, validRegistration } from './support/client';
import { inject } from './support/provided';

// The discovery lists page by page (docs/architecture.md#paged-lists), on the
// distributed stack: keyset pages that neither overlap nor miss a row (ties on the sort key
// included), the next cursor in X-Next-Cursor through the gateway and its cache, bad limits and
// cursors refused with their message, and the permissions as before.
const base = inject('gatewayUrl');
const dbUrls = inject('dbUrls');
let venuesDb: Client;
let socialDb: Client;
let redis: Redis;
const cacheGeneration = `${new URL(dbUrls.venues).pathname.slice(1)}:venues:public:gen`;

beforeAll(async () => {
  venuesDb = new Client({ connectionString: dbUrls.venues });
  socialDb = new Client({ connectionString: dbUrls.social });
  await Promise.all([venuesDb.connect(), socialDb.connect()]);
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  await Promise.all([venuesDb.end(), socialDb.end()]);
  redis.disconnect();
});

const town = `Pageville${Date.now().toString(36)}`;
type Call = Awaited<ReturnType<ApiClient['call']>>;

/** Every page of a list from `first`, following X-Next-Cursor; the ids of each page. */
async function allPages(api: ApiClient, first: string): Promise<string[][]> {
  const pages: string[][] = [];
  let url: string | null = first;
  while (url && pages.length < 50) {
    const r: Call = await api.call('GET', url);
    expect(r.status).toBe(200);
    pages.push(r.json.map((x: { id?: string; bookingId?: string }) => x.id ?? x.bookingId));
    const next = r.headers.get(NEXT_CURSOR_HEADER);
    url = next ? `${first}${first.includes('?') ? '&' : '?'}cursor=${next}` : null;
  }
  return pages;
}

describe('GET /api/venues/{city}/{state}/{type}, page by page', () => {
  // Seven venues: three created in the same microsecond (the id breaks the tie), a pending one
  // and an inactive one that no page shows, and one in another city.
  const ids: string[] = [];
  beforeAll(async () => {
    const owner = randomUUID();
    const rows: [string, string, string, boolean][] = [
      ['2026-01-01T10:00:00.000001Z', `${town}, FL`, 'approved', true],
      ['2026-01-02T10:00:00.123456Z', town, 'approved', true],
      ['2026-01-02T10:00:00.123456Z', town, 'approved', true],
      ['2026-01-02T10:00:00.123456Z', town, 'approved', true],
      ['2026-01-02T10:00:00.123457Z', town, 'approved', true],
      ['2026-01-03T10:00:00Z', town, 'approved', true],
      ['2026-01-04T10:00:00Z', town, 'approved', true],
      ['2026-01-05T10:00:00Z', town, 'pending', true],
      ['2026-01-05T10:00:00Z', town, 'approved', false],
      ['2026-01-05T10:00:00Z', `${town}x`, 'approved', true],
    ];
    for (const [at, city, status, active] of rows) {
      const id = randomUUID();
      await venuesDb.query(
        `INSERT INTO venues (id, owner_id, name, type, city, state, address, capacity, price_per_hour, approval_status, is_active, created_at)
         VALUES ($1, $2, $3, 'club', $4, 'Florida', '1 Ocean Dr', 10, 100, $5, $6, $7)`,
        [id, owner, `Paged ${ids.length}`, city, status, active, at],
      );
      if (status === 'approved' && active && city.startsWith(`${town}`) && !city.startsWith(`${town}x`)) ids.push(id);
    }
    await redis.incr(cacheGeneration);
  });

  it('pages neither overlap nor miss a venue, and together are the whole list in its order (newest first, ties by id)', async () => {
    const visitor = new ApiClient(base);
    const path = `/api/venues/${encodeURIComponent(town)}/Florida/all`;
    // Without a limit: the first page of the default size, here the whole list, and no next page.
    const whole = await visitor.call('GET', path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get(NEXT_CURSOR_HEADER)).toBeNull();
    const order = whole.json.map((v: { id: string }) => v.id);
    expect([...order].sort()).toEqual([...ids].sort());
    const tied = whole.json.filter((v: { createdAt: string }) => v.createdAt === '2026-01-02T10:00:00.123Z');
    // The same millisecond: the newest (a microsecond later) first, then the three of one microsecond by id.
    const sameMicrosecond = tied.slice(1).map((v: { id: string }) => v.id);
    expect([tied.length, sameMicrosecond]).toEqual([4, [...sameMicrosecond].sort()]);

    for (const limit of [1, 2, 3]) {
      const pages = await allPages(visitor, `${path}?limit=${limit}`);
      expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
      expect(pages.flat()).toEqual(order);
    }
  });

  it('passes the next cursor on from the cache too, and the type filter pages as well', async () => {
    const visitor = new ApiClient(base);
    const path = `/api/venues/${encodeURIComponent(town)}/FL/club?limit=4`;
    const first = await visitor.call('GET', path);
    const again = await visitor.call('GET', path);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get(NEXT_CURSOR_HEADER)).toBe(first.headers.get(NEXT_CURSOR_HEADER));
    expect(first.headers.get(NEXT_CURSOR_HEADER)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await allPages(visitor, path)).flat()).toHaveLength(ids.length);
    expect((await allPages(visitor, `/api/venues/${encodeURIComponent(town)}/Florida/yacht?limit=2`)).flat()).toEqual(
      [],
    );
  });

  it("keeps a place's first page in the venues service's Redis cache, never a page after a cursor (any caller can ask for a new one every request)", async () => {
    const api = new ApiClient(base);
    // This generation's keys only (the lists the tests above kept live on under older ones for their TTL).
    const gen = await redis.incr(cacheGeneration);
    const ns = `${new URL(dbUrls.venues).pathname.slice(1)}:venues:public:${gen}:`;
    const pageKeys = async () =>
      (await redis.keys(`${ns}page|${town.toLowerCase()}|*`)).map((k) => k.slice(k.indexOf('|')));
    // A limit no other test asks for: the gateway's own cache has not kept this URL.
    const first = await api.call('GET', `/api/venues/${town}/Florida/all?limit=5`);
    expect(first.status).toBe(200);
    const next = first.headers.get(NEXT_CURSOR_HEADER);
    expect(next).toBeTruthy();
    expect(await pageKeys()).toEqual([`|${town.toLowerCase()}|florida|all|5|`]);
    for (const limit of [1, 5]) {
      const r = await api.call('GET', `/api/venues/${town}/Florida/all?limit=${limit}&cursor=${next}`);
      expect(r.status).toBe(200);
      expect(r.json.length).toBeGreaterThan(0);
    }
    expect(await pageKeys()).toEqual([`|${town.toLowerCase()}|florida|all|5|`]);
  });

  it('keeps nothing for a place without venues (any text can name a place; only the places with venues are kept)', async () => {
    const api = new ApiClient(base);
    const gen = await redis.incr(cacheGeneration);
    const ns = `${new URL(dbUrls.venues).pathname.slice(1)}:venues:public:${gen}:`;
    const nowhere = `Nowhere${randomUUID().slice(0, 8)}`;
    const empty = await api.call('GET', `/api/venues/${nowhere}/Florida/all`);
    const emptyState = await api.call('GET', `/api/venues?state=${nowhere}`);
    expect([empty.status, empty.json, emptyState.status, emptyState.json]).toEqual([200, [], 200, []]);
    // The same two calls for a place with venues: each kept once (so the check can see a key at all;
    // a limit no other test asks for, so the gateway's own cache has not kept the URL).
    const full = await api.call('GET', `/api/venues/${town}/Florida/all?limit=6`);
    expect(full.json.length).toBeGreaterThan(0);
    await api.call('GET', `/api/venues?state=Florida`);
    const kept = (await redis.keys(`${ns}*`)).map((k) => k.slice(ns.length)).sort();
    expect(kept.filter((k) => k.includes(nowhere.toLowerCase()))).toEqual([]);
    expect(kept).toEqual(expect.arrayContaining([`*|florida|all`, `page|${town.toLowerCase()}|florida|all|6|`]));
  });

  it('refuses a bad limit or cursor with its message, changing nothing and never answering 5xx', async () => {
    const visitor = new ApiClient(base);
    const path = `/api/venues/${encodeURIComponent(town)}/Florida/all`;
    const junkKey = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    const cases: [string, string][] = [
      ['limit=0', PAGE_MESSAGES.limit],
      [`limit=${PAGE_LIMITS.max + 1}`, PAGE_MESSAGES.limit],
      ['limit=1.5', PAGE_MESSAGES.limit],
      ['limit=ten', PAGE_MESSAGES.limit],
      ['limit=', PAGE_MESSAGES.limit],
      ['cursor=', PAGE_MESSAGES.cursor],
      ['cursor=%21%21%21', PAGE_MESSAGES.cursor],
      [`cursor=${junkKey}`, PAGE_MESSAGES.cursor],
      [`cursor=${'A'.repeat(300)}`, PAGE_MESSAGES.cursor],
    ];
    for (const [query, message] of cases) {
      const r = await visitor.call('GET', `${path}?${query}`);
      expect([query, r.status, r.json?.code, r.json?.message]).toEqual([
        query,
        400,
        'REQUEST.VALIDATION_FAILED',
        message,
      ]);
    }
    // A well-formed cursor past the end: an empty last page.
    const past = encodeCursor({ at: '1970-01-01T00:00:00Z', id: randomUUID() });
    const r = await visitor.call('GET', `${path}?cursor=${past}`);
    expect([r.status, r.json, r.headers.get(NEXT_CURSOR_HEADER)]).toEqual([200, [], null]);
  });
});

describe('GET /api/available-events, page by page', () => {
  const city = `${town}e`;
  const bookingIds: string[] = [];
  beforeAll(async () => {
    // Five upcoming events in the city (two at the same minute) of a host who is not the viewer, one past.
    const host = randomUUID();
    const soon = Date.now() + 86_400_000;
    const starts = [soon, soon + 3600_000, soon + 3600_000, soon + 7200_000, soon + 9000_000, Date.now() - 3600_000];
    for (const at of starts) {
      const id = randomUUID();
      await socialDb.query(
        `INSERT INTO event_cards (booking_id, host_id, host_first_name, venue_id, venue_name, venue_type, venue_city,
           venue_state, venue_image, section_type, booking_date, start_time, end_time, duration, starts_at,
           guest_visibility, friends_count)
         VALUES ($1, $2, 'Hope', $3, 'Paged Club', 'club', $4, 'Florida', '', 'VIP', '2099-01-01', '22:00', '23:00', 1, $5, 'both', 0)`,
        [id, host, randomUUID(), `${city}, FL`, new Date(at).toISOString()],
      );
      if (at > Date.now()) bookingIds.push(id);
    }
  });

  it('a member pages through the events soonest first, the pages neither overlapping nor missing one', async () => {
    const member = new ApiClient(base);
    expect((await member.call('POST', '/api/auth/register', validRegistration({ userType: 'guest' }))).status).toBe(
      201,
    );
    const path = `/api/available-events?city=${encodeURIComponent(city)}&state=Florida`;
    const whole = await member.call('GET', path);
    expect([whole.status, whole.headers.get(NEXT_CURSOR_HEADER)]).toEqual([200, null]);
    const order = whole.json.map((e: { bookingId: string }) => e.bookingId);
    expect([...order].sort()).toEqual([...bookingIds].sort());
    const startsAt = whole.json.map((e: { startsAt: string }) => e.startsAt);
    expect(startsAt).toEqual([...startsAt].sort());
    for (const limit of [1, 2]) expect((await allPages(member, `${path}&limit=${limit}`)).flat()).toEqual(order);

    const bad = await member.call('GET', `${path}&limit=0`);
    expect([bad.status, bad.json.message]).toEqual([400, PAGE_MESSAGES.limit]);
    const badCursor = await member.call('GET', `${path}&cursor=nope!`);
    expect([badCursor.status, badCursor.json.message]).toEqual([400, PAGE_MESSAGES.cursor]);
  });

  it('is for members only, whatever the page asked for', async () => {
    const visitor = new ApiClient(base);
    for (const q of ['', '&limit=2', '&limit=0', '&cursor=nope!'])
      expect((await visitor.call('GET', `/api/available-events?city=${city}&state=Florida${q}`)).status).toBe(401);
  });
});
