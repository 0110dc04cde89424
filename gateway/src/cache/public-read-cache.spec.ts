import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { z } from 'zod';
import {
  allRoutes,
  api,
  defineRoute,
  encodeCursor,
  NEXT_CURSOR_HEADER,
  topicFor,
  VENUE_ERRORS,
  type RouteDef,
} from '@luxe/contracts';
import {
  AppError,
  createLogger,
  createRedis,
  EVENT_TYPE_HEADER,
  InProcessBroker,
  InProcessTransport,
  type InternalHttpClient,
  type SessionStore,
} from '@luxe/platform';
import { PublicReadCache } from './public-read-cache';
import { routeHandler, type PipelineDeps } from '../routes/pipeline';

const byLocation = api.venues.byLocation;
const get = api.venues.get;
const sections = api.venues.sections;
const mine = api.venues.mine;
const JSON_TYPE = 'application/json; charset=utf-8';
const logger = createLogger('test', 'silent');

describe('PublicReadCache', () => {
  let now = 1_000;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000;
  });

  it('keys by route and path with its query', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock });
    c.set(byLocation, '/api/venues/Miami/Florida/all', 200, '[1]', JSON_TYPE);
    expect(c.get(byLocation, '/api/venues/Miami/Florida/all')?.body).toBe('[1]');
    expect(c.get(byLocation, '/api/venues/Miami/Florida/all?x=1')).toBeUndefined();
    expect(c.get(byLocation, '/api/venues/Miami/Florida/club')).toBeUndefined();
    expect(c.get(api.venues.list, '/api/venues/Miami/Florida/all')).toBeUndefined();
    expect(PublicReadCache.key(byLocation, '/api/venues/a/b/all?q=1')).toBe(
      'venues.byLocation /api/venues/a/b/all?q=1',
    );
    // A request's key: its path, and its query when the route takes one.
    expect(PublicReadCache.requestKey(get, '/api/venues/v1?q=1')).toBe('/api/venues/v1');
    expect(PublicReadCache.requestKey(byLocation, '/api/venues/a/b/all?cursor=c')).toBe('/api/venues/a/b/all?cursor=c');
    const withQuery = defineRoute({
      id: 't.q',
      method: 'GET',
      path: '/api/q',
      service: 'venues',
      access: 'public',
      summary: 's',
      query: z.object({ q: z.string() }),
      response: z.null(),
      cache: { invalidatedBy: ['venues.venue-updated'] },
    });
    expect(PublicReadCache.requestKey(withQuery, '/api/q?q=1')).toBe('/api/q?q=1');
  });

  it('tells its store listeners of each answer it keeps, and of none it refuses', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock });
    const stored: [string, string][] = [];
    c.onStore((url, body) => stored.push([url, body]));
    c.set(byLocation, '/api/venues/Miami/Florida/all', 200, '[1]', JSON_TYPE);
    c.set(byLocation, '/api/venues/Miami/Florida/all', 404, '{}', JSON_TYPE);
    c.set(mine, '/api/my-venues', 200, '[2]', JSON_TYPE); // not a cached route
    const before = 0;
    c.invalidate('venues.venue-updated');
    c.set(byLocation, '/api/venues/Miami/Florida/club', 200, '[3]', JSON_TYPE, before); // fetched across an invalidation
    expect(stored).toEqual([['/api/venues/Miami/Florida/all', '[1]']]);
  });

  it('keeps an answer for its TTL only', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock, ttlMs: 5_000 });
    c.set(byLocation, '/a', 200, '[]', JSON_TYPE);
    now += 4_999;
    expect(c.get(byLocation, '/a')).toBeDefined();
    now += 1;
    expect(c.get(byLocation, '/a')).toBeUndefined();
    expect(c.size).toBe(0);
  });

  it('holds at most maxEntries answers, the least recently used going first', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock, maxEntries: 2 });
    c.set(byLocation, '/a', 200, 'a', JSON_TYPE);
    c.set(byLocation, '/b', 200, 'b', JSON_TYPE);
    expect(c.get(byLocation, '/a')).toBeDefined(); // /a is now the most recent
    c.set(byLocation, '/c', 200, 'c', JSON_TYPE);
    expect(c.size).toBe(2);
    expect(c.get(byLocation, '/b')).toBeUndefined();
    expect(c.get(byLocation, '/a')?.body).toBe('a');
    expect(c.get(byLocation, '/c')?.body).toBe('c');
  });

  it('holds at most maxBytes of answers, and never one larger than that', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock, maxBytes: 10 });
    expect(c.set(byLocation, '/big', 200, 'x'.repeat(11), JSON_TYPE)).toBe(false);
    c.set(byLocation, '/a', 200, 'x'.repeat(6), JSON_TYPE);
    c.set(byLocation, '/b', 200, 'x'.repeat(6), JSON_TYPE);
    expect(c.size).toBe(1);
    expect(c.get(byLocation, '/b')).toBeDefined();
  });

  it('never keeps a non-200 answer, nor one of a route the contract does not mark', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock });
    for (const status of [201, 204, 302, 404, 500]) expect(c.set(byLocation, '/a', status, 'x', JSON_TYPE)).toBe(false);
    expect(c.set(mine, '/api/my-venues', 200, '[]', JSON_TYPE)).toBe(false);
    expect(c.size).toBe(0);
  });

  it('drops the answers of the routes an event type invalidates, and only those', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock });
    c.set(byLocation, '/l', 200, 'l', JSON_TYPE);
    c.set(sections, '/s', 200, 's', JSON_TYPE);
    expect(c.invalidate('venues.section-changed')).toBe(1);
    expect(c.get(sections, '/s')).toBeUndefined();
    expect(c.get(byLocation, '/l')).toBeDefined();
    expect(c.invalidate('venues.dancer-changed')).toBe(0); // no cached route names it
    expect(c.invalidate('not-an-event')).toBe(0);
    expect(c.get(byLocation, '/l')).toBeDefined();
    c.set(sections, '/s', 200, 's', JSON_TYPE);
    expect(c.invalidate('venues.venue-updated')).toBe(2);
    expect(c.size).toBe(0);
  });

  it("drops a service's cached routes after a change forwarded to it, and only that service's", () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock });
    c.set(byLocation, '/l', 200, 'l', JSON_TYPE);
    c.set(sections, '/s', 200, 's', JSON_TYPE);
    expect(c.changed('bookings')).toBe(0);
    expect(c.size).toBe(2);
    expect(c.changed('venues')).toBe(2);
    expect(c.size).toBe(0);
  });

  it('does not keep an answer fetched across an invalidation (it may predate the change)', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session', { now: clock });
    const route = defineRoute({
      id: 't.x',
      method: 'GET',
      path: '/api/t',
      service: 'venues',
      access: 'public',
      summary: 's',
      response: z.null(),
      cache: { invalidatedBy: ['venues.venue-updated'] },
    });
    const cx = new PublicReadCache([route], 'luxe_session', { now: clock });
    const gen = (cx as unknown as { generation: number }).generation;
    cx.invalidate('venues.venue-updated');
    expect(cx.set(route, '/api/t', 200, 'old', JSON_TYPE, gen)).toBe(false);
    expect(c.set(route, '/api/t', 200, 'x', JSON_TYPE)).toBe(true);
  });

  it('invalidates again once the services have settled after an event', () => {
    jest.useFakeTimers();
    try {
      const c = new PublicReadCache(allRoutes, 'luxe_session', { settleMs: 1000 });
      c.set(byLocation, '/l', 200, 'new?', JSON_TYPE);
      c.onEvent('venues.venue-updated');
      expect(c.size).toBe(0);
      c.set(byLocation, '/l', 200, 'maybe the old list', JSON_TYPE);
      jest.advanceTimersByTime(1000);
      expect(c.size).toBe(0);
      void c.close();
    } finally {
      jest.useRealTimers();
    }
  });

  it('serves anonymous callers only, unless the route says its answer is the same for anyone', () => {
    const c = new PublicReadCache(allRoutes, 'luxe_session');
    const anon = { method: 'GET', cookies: {}, headers: {} } as never;
    const member = { method: 'GET', cookies: { luxe_session: 't' }, headers: {} } as never;
    expect(c.cacheable(get, anon)).toBe(true);
    expect(c.cacheable(get, member)).toBe(false);
    expect(c.cacheable(get, { method: 'GET', cookies: {}, headers: { authorization: 'Bearer x' } } as never)).toBe(
      false,
    );
    expect(c.cacheable(byLocation, member)).toBe(true);
    expect(c.cacheable(byLocation, { method: 'HEAD', cookies: {}, headers: {} } as never)).toBe(false);
    // Never a route that is not a public GET marked in the contract.
    for (const r of allRoutes.filter((x) => !x.cache)) expect(c.cacheable(r, anon)).toBe(false);
  });

  it('follows its events on the transport (in-process here, Kafka in distributed mode), handed to every gateway over pub/sub', async () => {
    const broker = new InProcessBroker();
    const c = new PublicReadCache(allRoutes, 'luxe_session', { settleMs: 0 });
    // A second gateway in the same group: the event reaches it through the pub/sub channel.
    const other = new PublicReadCache(allRoutes, 'luxe_session', { settleMs: 0 });
    const redis = createRedis('memory');
    await c.follow(new InProcessTransport(broker), logger, redis, { topicPrefix: 'p.' });
    await other.follow(new InProcessTransport(broker), logger, redis, { topicPrefix: 'p.' });
    other.set(sections, '/s', 200, 's', JSON_TYPE);
    c.set(byLocation, '/l', 200, 'l', JSON_TYPE);
    c.set(sections, '/s', 200, 's', JSON_TYPE);
    await broker.publish([
      {
        topic: topicFor('venues.section-changed', 'p.'),
        key: 'k',
        value: '{}',
        headers: { [EVENT_TYPE_HEADER]: 'venues.section-changed' },
      },
    ]);
    expect(c.get(sections, '/s')).toBeUndefined();
    expect(other.get(sections, '/s')).toBeUndefined();
    expect(other.get(sections, '/s')).toBeUndefined();
    expect(c.get(byLocation, '/l')).toBeDefined();
    // No header: the envelope's type.
    await broker.publish([
      {
        topic: topicFor('venues.venue-approved', 'p.'),
        key: 'k',
        value: JSON.stringify({ type: 'venues.venue-approved' }),
      },
    ]);
    expect(c.size).toBe(0);
    await c.close();
    await other.close();
  });
});

describe('the cache in front of the route pipeline', () => {
  let app: FastifyInstance;
  let cache: PublicReadCache;
  const requestText = jest.fn<InternalHttpClient['requestText']>();
  /** The headers of the service's answers (a paged list's next cursor). */
  let answerHeaders: Record<string, string> = {};
  const requestAnswer: InternalHttpClient['requestAnswer'] = async (...a) => ({
    text: await requestText(...a),
    headers: answerHeaders,
  });
  const sessionGet = jest.fn<SessionStore['get']>();

  beforeEach(async () => {
    requestText.mockReset();
    answerHeaders = {};
    sessionGet.mockReset();
    sessionGet.mockResolvedValue({ id: 's1', userId: 'u1', userType: 'venue' } as never);
    cache = new PublicReadCache(allRoutes, 'luxe_session', { settleMs: 0 });
    const deps = {
      services: { requestText, requestAnswer } as unknown as InternalHttpClient,
      sessions: { get: sessionGet, kept: () => undefined } as unknown as SessionStore,
      cookieName: 'luxe_session',
      cache,
    } as unknown as PipelineDeps;
    app = Fastify();
    await app.register(fastifyCookie);
    app.addHook('onRequest', (_req, reply, done) => {
      void reply.header('x-frame-options', 'DENY');
      done();
    });
    app.setErrorHandler<Error>(
      (err, _req, reply) => void reply.code(err instanceof AppError ? err.status : 500).send({ message: err.message }),
    );
    for (const r of [byLocation, get, mine, api.venues.update] as RouteDef[])
      app.route({
        method: r.method,
        url: r.path,
        onRequest: r.cache ? cache.hook(r) : undefined,
        onResponse: r.cache ? cache.responded : undefined,
        handler: routeHandler(r, deps),
      });
    await app.ready();
  });
  afterEach(() => app.close());

  it('answers the second read from memory, with the same status, body and headers, and x-cache hit', async () => {
    requestText.mockResolvedValue('[{"id":"v1"}]');
    const miss = await app.inject({ url: '/api/venues/Miami/Florida/all' });
    const hit = await app.inject({ url: '/api/venues/Miami/Florida/all' });
    expect(requestText).toHaveBeenCalledTimes(1);
    expect([miss.statusCode, miss.headers['x-cache'], hit.statusCode, hit.headers['x-cache']]).toEqual([
      200,
      'miss',
      200,
      'hit',
    ]);
    expect(hit.body).toBe(miss.body);
    for (const h of ['content-type', 'x-frame-options', 'content-length']) expect(hit.headers[h]).toBe(miss.headers[h]);
    // The session is never looked up on a hit.
    await app.inject({ url: '/api/venues/Miami/Florida/all', cookies: { luxe_session: 'tok' } });
    expect(sessionGet).not.toHaveBeenCalled();
    // A route that takes no query: the gateway forwards none, so a query is the same answer (no new entry).
    requestText.mockResolvedValue('{"id":"v1"}');
    const venue = '/api/venues/00000000-0000-4000-8000-000000000004';
    await app.inject({ url: venue });
    expect((await app.inject({ url: `${venue}?bust=1` })).headers['x-cache']).toBe('hit');
    expect([requestText.mock.calls.length, cache.size]).toEqual([2, 2]);
  });

  it("keeps a page's next cursor with it, and each page under its own cursor", async () => {
    requestText.mockResolvedValueOnce('[{"id":"v1"}]');
    answerHeaders = { [NEXT_CURSOR_HEADER]: 'c1', 'x-other': 'not passed on' };
    const first = await app.inject({ url: '/api/venues/Miami/Florida/all' });
    answerHeaders = {};
    const again = await app.inject({ url: '/api/venues/Miami/Florida/all' });
    expect([first.headers[NEXT_CURSOR_HEADER], first.headers['x-other']]).toEqual(['c1', undefined]);
    expect([again.headers['x-cache'], again.headers[NEXT_CURSOR_HEADER], again.body]).toEqual([
      'hit',
      'c1',
      '[{"id":"v1"}]',
    ]);
    // The last page (no cursor after it), asked for by a cursor: an answer of its own, without the header.
    requestText.mockResolvedValueOnce('[{"id":"v2"}]');
    const cursor = encodeCursor({ at: '2026-01-01T00:00:00.000001Z', id: '00000000-0000-4000-8000-000000000005' });
    const last = await app.inject({ url: `/api/venues/Miami/Florida/all?cursor=${cursor}` });
    expect([last.headers['x-cache'], last.headers[NEXT_CURSOR_HEADER], last.body]).toEqual([
      'miss',
      undefined,
      '[{"id":"v2"}]',
    ]);
    expect(requestText.mock.calls.at(-1)?.[3].query).toEqual({ cursor });
  });

  it('forwards again after an invalidating event', async () => {
    requestText.mockResolvedValueOnce('["old"]').mockResolvedValueOnce('["new"]');
    await app.inject({ url: '/api/venues/Miami/Florida/all' });
    cache.onEvent('venues.venue-updated');
    const r = await app.inject({ url: '/api/venues/Miami/Florida/all' });
    expect([r.headers['x-cache'], r.body]).toEqual(['miss', '["new"]']);
  });

  it('drops the cached reads of a service at once when a change forwarded to it succeeds', async () => {
    requestText.mockResolvedValueOnce('["old"]');
    await app.inject({ url: '/api/venues/Miami/Florida/all' });
    const url = '/api/venues/00000000-0000-4000-8000-000000000003';
    // A refused change (invalid body) drops nothing.
    expect(
      (await app.inject({ method: 'PUT', url, cookies: { luxe_session: 'tok' }, payload: { name: 'x' } })).statusCode,
    ).toBe(400);
    expect((await app.inject({ url: '/api/venues/Miami/Florida/all' })).headers['x-cache']).toBe('hit');
    requestText.mockResolvedValueOnce('{"id":"v1"}');
    const venue = {
      name: 'V',
      type: 'club',
      subtype: 'lounge',
      city: 'Miami, FL',
      state: 'Florida',
      address: '1 Ocean Dr',
      capacity: 10,
      pricePerHour: 100,
    };
    const put = await app.inject({ method: 'PUT', url, cookies: { luxe_session: 'tok' }, payload: venue });
    expect(put.statusCode).toBe(200);
    requestText.mockResolvedValueOnce('["new"]');
    const r = await app.inject({ url: '/api/venues/Miami/Florida/all' });
    expect([r.headers['x-cache'], r.body]).toEqual(['miss', '["new"]']);
  });

  it('sends the same reads that arrive during a miss one forward, and gives them its answer', async () => {
    let answer!: (t: string) => void;
    requestText.mockReturnValueOnce(new Promise<string>((r) => (answer = r)));
    const reads = Array.from({ length: 5 }, () => app.inject({ url: '/api/venues/Miami/Florida/all' }));
    await new Promise((r) => setTimeout(r, 50));
    answer('["one forward"]');
    const rs = await Promise.all(reads);
    expect(requestText).toHaveBeenCalledTimes(1);
    expect(rs.map((r) => [r.statusCode, r.body])).toEqual(Array(5).fill([200, '["one forward"]']));
    expect(rs.map((r) => r.headers['x-cache']).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'miss']);
  });

  it('lets the waiting reads forward themselves when the first one fails', async () => {
    let fail!: (e: unknown) => void;
    requestText.mockReturnValueOnce(new Promise<string>((_r, j) => (fail = j))).mockResolvedValue('["second try"]');
    const reads = Array.from({ length: 3 }, () => app.inject({ url: '/api/venues/Miami/Florida/all' }));
    await new Promise((r) => setTimeout(r, 50));
    fail(AppError.of(VENUE_ERRORS.NOT_FOUND));
    const rs = await Promise.all(reads);
    expect(rs.map((r) => r.statusCode).sort()).toEqual([200, 200, 404]);
    expect(requestText).toHaveBeenCalledTimes(3);
  });

  it('never keeps an error answer', async () => {
    requestText.mockRejectedValue(AppError.of(VENUE_ERRORS.NOT_FOUND));
    const id = '00000000-0000-4000-8000-000000000001';
    expect((await app.inject({ url: `/api/venues/${id}` })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/venues/${id}` })).headers['x-cache']).toBe('miss');
    expect(requestText).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it("never serves a signed-in caller's answer of a caller-dependent route to anyone, nor caches a member route", async () => {
    const id = '00000000-0000-4000-8000-000000000002';
    requestText.mockResolvedValueOnce('{"id":"pending, the owner sees it"}');
    const owner = await app.inject({ url: `/api/venues/${id}`, cookies: { luxe_session: 'tok' } });
    expect([owner.statusCode, owner.headers['x-cache']]).toEqual([200, undefined]);
    expect(cache.size).toBe(0);
    requestText.mockRejectedValueOnce(AppError.of(VENUE_ERRORS.NOT_FOUND));
    expect((await app.inject({ url: `/api/venues/${id}` })).statusCode).toBe(404);
    requestText.mockResolvedValue('[]');
    await app.inject({ url: '/api/my-venues', cookies: { luxe_session: 'tok' } });
    const again = await app.inject({ url: '/api/my-venues', cookies: { luxe_session: 'tok' } });
    expect(again.headers['x-cache']).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
