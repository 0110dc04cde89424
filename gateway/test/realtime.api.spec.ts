import { createHash } from 'node:crypto';
import WebSocket from 'ws';
import Redis from 'ioredis';
import { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, waitFor } from './support/client';
import { startOwnStack, type OwnStack } from './support/own-stack';
import { nyDate, World } from './support/world';

// Issue 30 on a stack of the test's own with TWO gateways (it stops a service, and its gateways
// ping every 200 ms and re-check sessions every 1.5 s):
// - a push reaches a socket held on the other gateway (one Kafka group for all gateways, Redis pub/sub between them);
//   the public cache's invalidations travel the same way (its group: gateway.cache); the gateway that read
//   the event pushes to its own sockets without the round trip through Redis, and not a second time when its copy comes back;
//   a new message also comes straight from messaging once committed (a direct push), and is pushed once all the same;
// - every end of a session closes its sockets with 4401 on every gateway, and an expired one is found by the re-check;
// - one service down: every gateway stays ready, only that service's routes answer 503.
// Run alone: SKIP_STACK=1 LUXE_TEST_ID=.. LUXE_TEST_BASE_PORT=.. npx jest --config jest.integration.config.cjs --runInBand gateway/test/realtime.api.spec.ts
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
const SESSION_CHECK_MS = 1500;
let own: OwnStack;
let world: World;
let gw: [string, string];
let redis: Redis;

beforeAll(async () => {
  const base = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) + 60;
  own = await startOwnStack({
    dbPrefix: `luxe_test${id}_rt`,
    resetDatabases: true,
    basePort: base,
    gatewayPort: base,
    gateways: 2,
    groupPrefix: `test${id}rt.`,
    readyTimeoutMs: Number(process.env.LUXE_STACK_READY_MS ?? 90_000),
    logDir: `${process.cwd()}/.data/test-logs/realtime`,
    // The warm-up below sends a message every 300 ms until the push arrives: 10 × the chat limit.
    extraEnv: {
      NODE_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_MEMBER_SCALE: '10',
      CONSUMER_BACKOFF_MS: '50',
      REALTIME_PING_MS: '200',
      REALTIME_SESSION_CHECK_MS: String(SESSION_CHECK_MS),
    },
  });
  gw = [own.gatewayUrls[0]!, own.gatewayUrls[1]!];
  world = await new World({ gatewayUrl: gw[0], dbUrls: own.dbUrls }).open('social', 'messaging', 'admin');
  redis = new Redis(process.env.REDIS_URL!);
}, 300_000);

afterAll(async () => {
  redis?.disconnect();
  await world?.close();
  await own?.stop();
});

interface Sock {
  ws: WebSocket;
  received: any[];
  pings: number;
  closed: Promise<{ code: number; reason: string }>;
  isOpen(): boolean;
}

/** /api/realtime opened on gateway `base` as a page of that site would (its cookie, its origin). */
function socket(base: string, cookie: string | undefined): Promise<Sock> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { ...(cookie ? { cookie: `luxe_session=${cookie}` } : {}), origin: base },
  });
  const s: Sock = {
    ws,
    received: [],
    pings: 0,
    closed: new Promise((res) => ws.on('close', (code, reason) => res({ code, reason: String(reason) }))),
    isOpen: () => ws.readyState === WebSocket.OPEN,
  };
  ws.on('message', (d) => s.received.push(JSON.parse(String(d))));
  ws.on('ping', () => s.pings++);
  return new Promise((res, rej) => {
    ws.once('open', () => res(s));
    ws.once('error', rej);
  });
}

/**
 * Once the gateway holds the socket: it checks the session after the upgrade, so a session ended
 * before that is refused ('not signed in') rather than closed. Its pings (every 200 ms) say so.
 */
const attached = (...socks: Sock[]) =>
  waitFor('the gateway holds the sockets', async () => socks.every((x) => x.pings > 0), 10_000);

/** Resolves with the close, or rejects after `ms`. */
const closedWithin = (s: Sock, ms: number) =>
  Promise.race([
    s.closed,
    new Promise<never>((_, rej) => setTimeout(() => rej(new Error(`the socket was still open after ${ms} ms`)), ms)),
  ]);

async function conversation() {
  const { club, section } = await world.bookableClub();
  const host = await world.account('host', 'Hugo');
  await world.has('bookings', 'member_cards', 'user_id', host.id);
  const booking = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(4),
    startTime: '22:00',
    duration: 2,
  });
  expect(booking.status).toBe(201);
  await world.has('social', 'event_cards', 'booking_id', booking.json.id);
  const guest = await world.account('guest', 'Gina');
  await world.has('social', 'member_cards', 'user_id', guest.id);
  const r = await guest.api.call('POST', '/api/event-join-requests', { bookingId: booking.json.id });
  expect((await host.api.call('POST', `/api/event-join-requests/${r.json.id}/approve`)).status).toBe(200);
  const c = await waitFor(
    'the conversation opens',
    async () => (await host.api.call('GET', `/api/conversations/${host.id}`)).json[0],
  );
  return { host, guest, conversationId: c.id as string };
}

/** A member signed in once more (a second session of the same account). */
async function secondSession(base: string, email: string): Promise<ApiClient> {
  const api = new ApiClient(base);
  expect((await api.call('POST', '/api/auth/login', { email, password: 'correct-horse' })).status).toBe(200);
  return api;
}

describe('real time across gateways', () => {
  it("a message sent through one gateway reaches the recipient's sockets on both gateways, once each", async () => {
    const { host, guest, conversationId } = await conversation();
    // The host's socket on the second gateway, the guest writes through the first. One of the two
    // gateways reads the event (its partition's): one socket is served by the reader, the other over Redis.
    const hostSocket = await socket(gw[1], host.api.cookie('luxe_session'));
    const hostHere = await socket(gw[0], host.api.cookie('luxe_session'));
    // The same socket also carries the host's notifications (one per message received, issue 32): count the messages.
    const messages = (s = hostSocket) => s.received.filter((m) => m.type === 'message-sent');
    // Until the gateways' push group has joined the broker a message may go unpushed (the client
    // refetches on reconnect): send until one arrives, then every later one must arrive once.
    let n = 0;
    await waitFor(
      'a pushed message',
      async () => {
        await guest.api.call('POST', `/api/conversations/${conversationId}/messages`, { content: `hello ${n++}` });
        await new Promise((res) => setTimeout(res, 300));
        return messages().length > 0 && messages(hostHere).length > 0;
      },
      90_000,
      0,
    );
    await new Promise((res) => setTimeout(res, 1000));
    const before = messages().length;
    const beforeHere = messages(hostHere).length;
    // What goes over the gateways' push channel (the stack's topic prefix is its group prefix).
    const channel = redis.duplicate();
    const onChannel: any[] = [];
    channel.on('message', (_c, m) => void onChannel.push(JSON.parse(m)));
    await channel.subscribe(`test${id}rt.luxe:realtime`);
    const sent = await guest.api.call('POST', `/api/conversations/${conversationId}/messages`, {
      content: 'Across gateways',
    });
    expect(sent.status).toBe(201);
    const push = await waitFor(
      'the push on the other gateway',
      async () => hostSocket.received.find((m) => m.message?.id === sent.json.id),
      10_000,
    );
    expect(push).toMatchObject({
      type: 'message-sent',
      conversationId,
      message: { id: sent.json.id, senderId: guest.id, content: 'Across gateways' },
    });
    await waitFor(
      'the push on the first gateway',
      async () => hostHere.received.find((m) => m.message?.id === sent.json.id),
      10_000,
    );
    await new Promise((res) => setTimeout(res, 500));
    // Once on each socket: two gateways, one group (not once per gateway), and the reader's own copy
    // back from Redis skipped.
    expect(messages().length).toBe(before + 1);
    expect(messages(hostHere).length).toBe(beforeHere + 1);
    // Messaging pushed it itself once committed, besides its way through Kafka.
    expect(onChannel.filter((p) => p.data?.messageId === sent.json.id).map((p) => p.origin)).toContain('direct');
    channel.disconnect();
    hostSocket.ws.close();
    hostHere.ws.close();
  });

  it('all gateways share one push group and one public-cache group, and a restarted gateway joins them rather than leaving a group behind', async () => {
    const admin = new Kafka({
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: 'realtime-api-test',
      logLevel: 0,
    }).admin();
    await admin.connect();
    const pushGroups = async () =>
      (await admin.listGroups()).groups
        .map((g) => g.groupId)
        .filter((g) => g.startsWith(`test${id}rt.gateway.`))
        .sort();
    try {
      // (Groups an earlier run left behind may be listed: only new ones count.)
      const before = await pushGroups();
      expect(before).toEqual(expect.arrayContaining([`test${id}rt.gateway.push`, `test${id}rt.gateway.cache`]));
      const members = async () =>
        (await admin.describeGroups([`test${id}rt.gateway.push`, `test${id}rt.gateway.cache`])).groups.map(
          (g) => g.members.length,
        );
      expect(await members()).toEqual([2, 2]);
      await own.restart('gateway-2');
      expect(await pushGroups()).toEqual(before);
      await waitFor(
        'the restarted gateway is in both groups again',
        async () => (await members()).every((n) => n === 2),
        30_000,
      );
    } finally {
      await admin.disconnect();
    }
  });

  it("pings an idle socket (REALTIME_PING_MS), so a proxy's read timeout never sees it idle", async () => {
    const m = await world.account('guest');
    const s = await socket(gw[0], m.api.cookie('luxe_session'));
    await new Promise((res) => setTimeout(res, 1500));
    expect(s.pings).toBeGreaterThanOrEqual(3);
    expect(s.isOpen()).toBe(true);
    s.ws.close();
  });
});

describe('a thread read reads its message notifications (issue 32)', () => {
  it("the reader's message notifications of that thread become read and every socket of his is told the new count; reading again tells nothing", async () => {
    const { host, guest, conversationId } = await conversation();
    const hostSocket = await socket(gw[1], host.api.cookie('luxe_session'));
    await attached(hostSocket);
    for (const content of ['First', 'Second'])
      expect((await guest.api.call('POST', `/api/conversations/${conversationId}/messages`, { content })).status).toBe(
        201,
      );
    type Note = { kind: string; read: boolean };
    const messageNotes = async () =>
      ((await host.api.call('GET', '/api/notifications?pageSize=50')).json.notifications as Note[]).filter(
        (n) => n.kind === 'message-received',
      );
    await waitFor('two message notifications', async () => (await messageNotes()).length === 2, 30_000);
    const before = (await host.api.call('GET', '/api/notifications/unread-count')).json.unreadCount as number;
    expect((await host.api.call('POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    const pushes = () => hostSocket.received.filter((p) => p.type === 'notifications-read');
    await waitFor('the new count is pushed', async () => pushes().length === 1, 30_000);
    expect(pushes()[0]).toEqual({ type: 'notifications-read', unreadCount: before - 2 });
    expect((await messageNotes()).every((n) => n.read)).toBe(true);
    expect((await host.api.call('GET', '/api/notifications/unread-count')).json.unreadCount).toBe(before - 2);
    // Nothing unread any more: reading again publishes nothing.
    expect((await host.api.call('POST', `/api/conversations/${conversationId}/read`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(pushes()).toHaveLength(1);
    hostSocket.ws.close();
  });
});

describe('sockets end with their session (4401)', () => {
  it("logout through one gateway closes that session's sockets on both gateways at once; another session of the member keeps its socket", async () => {
    const email = `rt.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    const api = new ApiClient(gw[0]);
    expect(
      (
        await api.call('POST', '/api/auth/register', {
          email,
          password: 'correct-horse',
          firstName: 'Lou',
          lastName: 'Gout',
          city: 'Miami, FL',
          state: 'Florida',
          userType: 'guest',
        })
      ).status,
    ).toBe(201);
    const other = await secondSession(gw[1], email);
    const here = await socket(gw[0], api.cookie('luxe_session'));
    const there = await socket(gw[1], api.cookie('luxe_session'));
    const otherSocket = await socket(gw[1], other.cookie('luxe_session'));
    await attached(here, there, otherSocket);
    expect((await api.call('POST', '/api/auth/logout')).status).toBe(204);
    // Announced (not found by the re-check: that one says 'session expired', and takes up to 1.5 s).
    expect(await closedWithin(here, 5000)).toEqual({ code: 4401, reason: 'session ended' });
    expect(await closedWithin(there, 5000)).toEqual({ code: 4401, reason: 'session ended' });
    await new Promise((res) => setTimeout(res, SESSION_CHECK_MS * 2));
    expect(otherSocket.isOpen()).toBe(true);
    otherSocket.ws.close();
  });

  it("a suspended member's sockets are closed on every gateway", async () => {
    const email = `rt.susp.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    const api = new ApiClient(gw[1]);
    const reg = await api.call('POST', '/api/auth/register', {
      email,
      password: 'correct-horse',
      firstName: 'Sue',
      lastName: 'Pended',
      city: 'Miami, FL',
      state: 'Florida',
      userType: 'guest',
    });
    expect(reg.status).toBe(201);
    await world.has('admin', 'admin_users', 'user_id', reg.json.id);
    const second = await secondSession(gw[0], email);
    const a = await socket(gw[0], api.cookie('luxe_session'));
    const b = await socket(gw[1], second.cookie('luxe_session'));
    await attached(a, b);
    const login = await new ApiClient(gw[0]).call('POST', '/api/admin/login', {
      email: own.admin.email,
      password: own.admin.password,
    });
    expect(login.status).toBe(200);
    const s = await new ApiClient(gw[0]).call(
      'POST',
      `/api/admin/users/${reg.json.id}/suspension`,
      { reason: 'Harassment reports' },
      { authorization: `Bearer ${login.json.token}` },
    );
    expect(s.status).toBe(200);
    // By event (admin → identity), which ends the sessions and announces it.
    expect(await closedWithin(a, 30_000)).toEqual({ code: 4401, reason: 'session ended' });
    expect(await closedWithin(b, 5000)).toEqual({ code: 4401, reason: 'session ended' });
  });

  it('each gateway keeps the sessions and snapshots it read until Redis says they changed: a logout, a profile change or a key deleted in Redis is seen by the other gateway at its next request', async () => {
    const m = await world.account('guest');
    const token = m.api.cookie('luxe_session')!;
    const on = (base: string) => {
      const c = new ApiClient(base);
      c.setCookie('luxe_session', token);
      return c;
    };
    const fromMemory = async (i: number) => {
      const text = await (await fetch(`${own.gatewayMetricsUrls[i]}/metrics`)).text();
      return Number(/^luxe_session_reads_total\{[^}]*from="memory"[^}]*\} (\d+)/m.exec(text)?.[1] ?? NaN);
    };
    const before = [await fromMemory(0), await fromMemory(1)];
    // Read three times on each gateway: kept in both (a later read, at least, from memory; a flush of
    // any Redis database, which another phase's start may do, drops everything kept once).
    for (const base of gw)
      for (let i = 0; i < 3; i++) expect((await on(base).call('GET', '/api/auth/me')).status).toBe(200);
    expect(await fromMemory(0)).toBeGreaterThan(before[0]!);
    expect(await fromMemory(1)).toBeGreaterThan(before[1]!);

    // A profile change through the first: the second answers the new view on its next read.
    expect((await on(gw[0]).call('POST', '/api/profile', { age: 33, bio: 'Seen everywhere at once.' })).status).toBe(
      200,
    );
    const after = await on(gw[1]).call('GET', '/api/auth/me');
    expect(after.status).toBe(200);
    expect(after.json).toMatchObject({ age: 33, bio: 'Seen everywhere at once.' });

    // The snapshot deleted in Redis behind everyone's back (as its TTL does): still answered (identity fills it).
    expect(await redis.del(`me:${m.id}`)).toBe(1);
    expect((await on(gw[1]).call('GET', '/api/auth/me')).json).toMatchObject({ age: 33 });

    // Logout through the second: the first refuses the token on its very next request.
    expect((await on(gw[1]).call('POST', '/api/auth/logout')).status).toBe(204);
    const refused = await on(gw[0]).call('GET', '/api/auth/me');
    expect(refused.status).toBe(401);
    expect(refused.json.message).toBe('Not authenticated');
  });

  it('a session that expired in Redis (no announcement) is found by the periodic re-check', async () => {
    const m = await world.account('guest');
    const token = m.api.cookie('luxe_session')!;
    const s1 = await socket(gw[0], token);
    const s2 = await socket(gw[1], token);
    await attached(s1, s2);
    // What Redis's TTL does: the key goes, nobody is told.
    // (A session's id in Redis is the SHA-256 of its token, base64url: SessionStore.)
    expect(await redis.del(`sess:${createHash('sha256').update(token).digest('base64url')}`)).toBe(1);
    expect(await closedWithin(s1, SESSION_CHECK_MS * 3)).toEqual({ code: 4401, reason: 'session expired' });
    expect(await closedWithin(s2, SESSION_CHECK_MS * 3)).toEqual({ code: 4401, reason: 'session expired' });
  });
});

describe('readiness with one service down (issue 30)', () => {
  it("every gateway stays ready; only that service's routes answer 503, the others are served", async () => {
    const member = await world.account('guest');
    try {
      await own.stopProcess('social');
      // Ready on every probe; a caller on this machine is told what is missing once a round of checks has seen it.
      for (const base of gw)
        await waitFor(
          `${base} reports social down`,
          async () => {
            const ready = await fetch(`${base}/health/ready`);
            expect(ready.status).toBe(200);
            const body = (await ready.json()) as { status: string; checks: Record<string, string> };
            return body.status === 'degraded' && String(body.checks.social).startsWith('down');
          },
          30_000,
        );
      const socialRoute = await member.api.call('GET', '/api/event-join-requests/guest');
      expect(socialRoute.status).toBe(503);
      expect(socialRoute.json.message).toEqual(expect.any(String));
      expect((await member.api.call('GET', '/api/venues')).status).toBe(200);
      expect((await member.api.call('GET', '/api/auth/me')).status).toBe(200);
    } finally {
      await own.startProcess('social');
    }
    expect((await member.api.call('GET', '/api/event-join-requests/guest')).status).toBe(200);
  });
});
