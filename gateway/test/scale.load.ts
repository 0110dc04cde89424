import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { AssignerProtocol, Kafka, logLevel } from 'kafkajs';
import { Client } from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { topicFor } from '@luxe/contracts';
import { ApiClient, validRegistration, waitFor } from './support/client';
import { OwnStack, startOwnStack } from './support/own-stack';
import { nyDate } from './support/world';

// Graceful restarts and scale-out in the distributed mode, on a stack of this file's own (the
// shared one cannot be restarted from a test): two instances of every service in one consumer
// group each, two gateways, every process a real one against infra/local.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon');

const SERVICES = [
  'identity',
  'venues',
  'bookings',
  'social',
  'messaging',
  'payments',
  'admin',
  'notifications',
] as const;
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
// Ports 40.. above the shared stack's: services +41..+48 and +51..+58, gateways +40 and +90 (+91 with the
// default base: fetch() refuses port 4190, see FETCH_BLOCKED_PORTS in infra/scripts/stack.mjs).
const BASE = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) + 40;
const GROUP_PREFIX = `test${id}scale.`;
const LOG_DIR = join(process.cwd(), '.data', 'test-logs', `scale${id}`);

let stack: OwnStack;
const dbs: Record<string, Client> = {};
let redis: Redis;

beforeAll(async () => {
  stack = await startOwnStack({
    dbPrefix: `luxe_test${id}scale`,
    resetDatabases: true,
    basePort: BASE,
    gatewayPort: BASE,
    groupPrefix: GROUP_PREFIX,
    logDir: LOG_DIR,
    instances: 2,
    gateways: 2,
    // Sixteen processes start on a shared CI machine.
    readyTimeoutMs: 240_000,
    // A process that cannot reach PostgreSQL in time at boot exits; started again, as Kubernetes would.
    startRetries: 2,
    extraEnv: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      // One guest sends warm-ups and 80 requests a second of load, messages among them (the
      // per-member limits, MEMBER_RATE_LIMITS, × 1000: the restarts are measured, not the limits).
      RATE_LIMIT_MEMBER_SCALE: '1000',
      CONSUMER_BACKOFF_MS: '50',
      // The default drain (2 s): the gateways check each instance every 500 ms.
      SHUTDOWN_DRAIN_MS: '2000',
      // The restarts are measured, not latency: a CPU-starved CI machine may take seconds to answer.
      SERVICE_TIMEOUT_MS: '15000',
    },
  });
  for (const s of ['venues', 'bookings', 'social', 'messaging']) {
    dbs[s] = new Client({ connectionString: stack.dbUrls[s] });
    await dbs[s].connect();
  }
  redis = new Redis(process.env.REDIS_URL!);
}, 600_000);

afterAll(async () => {
  await Promise.all(Object.values(dbs).map((c) => c.end()));
  redis?.disconnect();
  await stack?.stop();
}, 120_000);

const gw = (i = 0) => stack.gatewayUrls[i];

async function account(userType: 'venue' | 'host' | 'guest', firstName = 'Ada', base = gw()) {
  const api = new ApiClient(base);
  const r = await api.call('POST', '/api/auth/register', validRegistration({ userType, firstName }));
  expect(r.status).toBe(201);
  return { api, id: r.json.id as string, cookie: api.cookie('luxe_session')! };
}

const has = (service: string, table: string, column: string, value: string) =>
  waitFor(
    `${service} has ${table} ${value}`,
    async () => (await dbs[service].query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [value])).rows.length === 1,
  );

/** A host's event with an approved guest: their conversation (the same steps as the social API tests). */
async function conversationPair() {
  const owner = await account('venue');
  const club = (
    await owner.api.call('POST', '/api/venues', {
      name: 'Velvet',
      type: 'club',
      subtype: 'lounge',
      city: 'Scaleville',
      state: 'Florida',
      address: '5 Night St',
      capacity: 80,
      pricePerHour: 300,
    })
  ).json.id as string;
  const section = (
    await owner.api.call('POST', `/api/venues/${club}/sections`, {
      name: 'Main Floor',
      type: 'Table',
      capacity: 8,
      pricePerHour: 300,
    })
  ).json.id as string;
  await dbs.venues.query(`UPDATE venues SET approval_status = 'approved' WHERE id = $1`, [club]);
  await redis.incr(`${new URL(stack.dbUrls.venues).pathname.slice(1)}:venues:public:gen`);
  await has('bookings', 'venue_cards', 'venue_id', club);
  await dbs.bookings.query(`UPDATE venue_cards SET approval_status = 'approved' WHERE venue_id = $1`, [club]);
  await has('bookings', 'section_cards', 'section_id', section);
  const host = await account('host', 'Hugo');
  await has('bookings', 'member_cards', 'user_id', host.id);
  const booking = await host.api.call('POST', '/api/bookings', {
    venueId: club,
    sectionId: section,
    bookingDate: nyDate(5),
    startTime: '22:00',
    duration: 2,
  });
  expect(booking.status).toBe(201);
  await has('social', 'event_cards', 'booking_id', booking.json.id);
  const guest = await account('guest', 'Gina', gw(1));
  await has('social', 'member_cards', 'user_id', guest.id);
  const join = await guest.api.call('POST', '/api/event-join-requests', { bookingId: booking.json.id });
  expect(join.status).toBe(201);
  expect((await host.api.call('POST', `/api/event-join-requests/${join.json.id}/approve`)).status).toBe(200);
  const conversation = await waitFor(
    'the conversation opens',
    async () => (await host.api.call('GET', `/api/conversations/${host.id}`)).json?.[0],
  );
  return { owner, host, guest, club, bookingId: booking.json.id as string, conversationId: conversation.id as string };
}

/** /api/realtime opened on one gateway as a page of that site would. */
function socket(base: string, cookie: string): Promise<{ ws: WebSocket; received: any[] }> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/realtime`, {
    headers: { cookie: `luxe_session=${cookie}`, origin: base },
  });
  const received: any[] = [];
  ws.on('message', (d) => received.push(JSON.parse(String(d))));
  return new Promise((res, rej) => {
    ws.once('open', () => res({ ws, received }));
    ws.once('error', rej);
  });
}

/** The JSON lines of one process's log (pino). */
function logLines(name: string): any[] {
  return readFileSync(join(LOG_DIR, `${name}.log`), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l);
      } catch {
        return null;
      }
    })
    .filter(Boolean);
}

let pair: Awaited<ReturnType<typeof conversationPair>>;

describe('two gateways', () => {
  it('a member on gateway A and one on gateway B both get their real-time messages, sent through either gateway', async () => {
    pair = await conversationPair();
    const { host, guest, conversationId } = pair;
    const hostOnA = await socket(gw(0), host.cookie);
    const guestOnB = await socket(gw(1), guest.cookie);
    const guestApiB = guest.api; // registered on gateway B: its calls go there
    const hostApiB = new ApiClient(gw(1));
    hostApiB.setCookie('luxe_session', host.cookie);
    // Each gateway's push consumer joins its own group once; until then a message may go unpushed
    // (the client refetches on reconnect): send until one arrives on each side.
    let n = 0;
    await waitFor(
      'gateway A pushes',
      async () => {
        await guestApiB.call('POST', `/api/conversations/${conversationId}/messages`, { content: `warm-up ${n++}` });
        await new Promise((r) => setTimeout(r, 300));
        return hostOnA.received.some((m) => m.type === 'message-sent');
      },
      90_000,
      0,
    );
    await waitFor('gateway B pushes', async () => guestOnB.received.some((m) => m.type === 'message-sent'), 30_000);

    // Sent through B by the guest: the host hears it on A, the guest's own session on B too.
    const viaB = await guestApiB.call('POST', `/api/conversations/${conversationId}/messages`, {
      content: 'sent through B',
    });
    expect(viaB.status).toBe(201);
    const onA = await waitFor(
      'A pushes the message sent through B',
      async () => hostOnA.received.find((m) => m.message?.id === viaB.json.id),
      10_000,
    );
    expect(onA).toMatchObject({
      type: 'message-sent',
      conversationId,
      message: { content: 'sent through B', senderId: guest.id },
    });
    await waitFor(
      "B pushes it to the sender's own session",
      async () => guestOnB.received.find((m) => m.message?.id === viaB.json.id),
      10_000,
    );

    // Sent through A by the host (and once through B with the same session): the guest hears both on B.
    const viaA = await host.api.call('POST', `/api/conversations/${conversationId}/messages`, {
      content: 'sent through A',
    });
    const hostViaB = await hostApiB.call('POST', `/api/conversations/${conversationId}/messages`, {
      content: 'host through B',
    });
    expect([viaA.status, hostViaB.status]).toEqual([201, 201]);
    for (const sent of [viaA, hostViaB]) {
      const got = await waitFor(
        "B pushes the host's message",
        async () => guestOnB.received.find((m) => m.message?.id === sent.json.id),
        10_000,
      );
      expect(got).toMatchObject({ type: 'message-sent', conversationId, message: { senderId: host.id } });
    }
    // Each push once per socket.
    for (const s of [hostOnA, guestOnB]) {
      const ids = s.received.filter((m) => m.type === 'message-sent').map((m) => m.message.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    console.log(
      `two gateways: host on ${gw(0)} got ${hostOnA.received.length} pushes, guest on ${gw(1)} got ${guestOnB.received.length}`,
    );
    hostOnA.ws.close();
    guestOnB.ws.close();
  });
});

describe('rolling restart under load', () => {
  it('restarts every service instance in turn (SIGTERM, exit 0, start, ready) while 20 connections of reads and writes run through the gateway: 0 failed requests', async () => {
    const { owner, host, guest, conversationId, club } = pair ?? (pair = await conversationPair());
    const login = await new ApiClient(gw()).call('POST', '/api/admin/login', {
      email: stack.admin.email,
      password: stack.admin.password,
    });
    expect(login.status).toBe(200);
    const base = { 'x-requested-with': 'XMLHttpRequest' };
    const as = (cookie: string) => ({ ...base, cookie: `luxe_session=${cookie}` });
    const json = (cookie: string) => ({ ...as(cookie), 'content-type': 'application/json' });
    // Every service read through the gateway, and writes to identity, venues and messaging.
    const requests = [
      { method: 'GET', path: '/api/venues', headers: base },
      { method: 'GET', path: `/api/venues/${club}`, headers: base },
      { method: 'GET', path: '/api/bookings/user', headers: as(host.cookie) },
      { method: 'GET', path: '/api/invites/received', headers: as(guest.cookie) },
      { method: 'GET', path: `/api/conversations/${host.id}`, headers: as(host.cookie) },
      { method: 'GET', path: `/api/conversations/${conversationId}/messages`, headers: as(guest.cookie) },
      { method: 'GET', path: '/api/payments/config', headers: as(host.cookie) },
      { method: 'GET', path: '/api/admin/session', headers: { ...base, authorization: `Bearer ${login.json.token}` } },
      { method: 'GET', path: '/api/my-venues', headers: as(owner.cookie) },
      {
        method: 'POST',
        path: `/api/conversations/${conversationId}/messages`,
        headers: json(guest.cookie),
        body: JSON.stringify({ content: 'under load' }),
      },
      {
        method: 'POST',
        path: '/api/profile',
        headers: json(host.cookie),
        body: JSON.stringify({ age: 30, bio: 'Rolling restarts are fine.' }),
      },
      { method: 'POST', path: `/api/conversations/${conversationId}/read`, headers: as(host.cookie) },
    ];
    // Each answers 2xx before the restarts (a failure later is the restart's).
    for (const r of requests) {
      const res = await fetch(new URL(r.path, gw()), { method: r.method, headers: r.headers, body: r.body });
      expect([r.path, res.status < 300]).toEqual([r.path, true]);
    }

    const codes = new Map<number, number>();
    const byPath = new Map<string, number>();
    let errors = 0;
    const load = autocannon({ url: gw(), connections: 20, overallRate: 80, duration: 1500, timeout: 20, requests });
    load.on('response', (client: any, status: number) => {
      codes.set(status, (codes.get(status) ?? 0) + 1);
      if (status >= 300) {
        const path = client?.requestIterator?.currentRequest?.path ?? '?';
        byPath.set(`${status} ${path}`, (byPath.get(`${status} ${path}`) ?? 0) + 1);
      }
    });
    load.on('reqError', () => errors++);
    const done: Promise<any> = new Promise((res) => load.on('done', res));
    const restarts: string[] = [];
    try {
      await new Promise((r) => setTimeout(r, 2000));
      for (const s of SERVICES)
        for (const name of [s, `${s}-2`]) {
          const r = await stack.restart(name);
          restarts.push(
            `${name}: stopped in ${r.stop.ms} ms (exit ${r.stop.code ?? r.stop.signal}), ready in ${r.start.ms} ms`,
          );
          expect([name, r.stop.code]).toEqual([name, 0]);
          // As a rolling update waits (minReadySeconds) before the next instance: the gateways'
          // probes take it back into rotation meanwhile.
          await new Promise((res) => setTimeout(res, 1000));
        }
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      load.stop();
    }
    const result = await done;
    const sent = result.requests.sent as number;
    const completed = [...codes.values()].reduce((a, b) => a + b, 0);
    const failed = result.non2xx + result.errors + result.timeouts;
    console.log(
      [
        `rolling restart: ${restarts.length} restarts in ${Math.round(result.duration)} s`,
        ...restarts.map((r) => `  ${r}`),
        `requests sent ${sent}, answered ${completed}, failed ${failed} (non-2xx ${result.non2xx}, connection errors ${result.errors}, timeouts ${result.timeouts})`,
        `status codes: ${JSON.stringify(Object.fromEntries(codes))}${byPath.size ? `; failures: ${JSON.stringify(Object.fromEntries(byPath))}` : ''}`,
      ].join('\n'),
    );
    expect(restarts).toHaveLength(SERVICES.length * 2);
    expect(completed).toBeGreaterThan(1000);
    expect({ non2xx: result.non2xx, errors: result.errors + errors, timeouts: result.timeouts }).toEqual({
      non2xx: 0,
      errors: 0,
      timeouts: 0,
    });
    // Sixteen restarts of 20 to 50 s each on a loaded 2-core CI machine.
  }, 1_500_000);
});

describe('scale-out: two instances in one consumer group', () => {
  const N = 200;
  it(`share the topic's partitions, and each of ${N} events is handled exactly once, by one or the other`, async () => {
    const kafka = new Kafka({
      clientId: 'scale-test',
      brokers: process.env.KAFKA_BROKERS!.split(','),
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    const producer = kafka.producer();
    await Promise.all([admin.connect(), producer.connect()]);
    try {
      const topic = topicFor('identity.user-registered', GROUP_PREFIX);
      const group = `${GROUP_PREFIX}social.events`;
      const [meta] = (await admin.fetchTopicMetadata({ topics: [topic] })).topics;
      expect(meta.partitions.length).toBeGreaterThanOrEqual(2);
      // Both instances are members of the group, each with partitions of the topic.
      const members = await waitFor(
        'both social instances hold partitions',
        async () => {
          const [g] = (await admin.describeGroups([group])).groups;
          if (g.state !== 'Stable' || g.members.length !== 2) return null;
          const assigned = g.members.map(
            (m) => AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment[topic] ?? [],
          );
          return assigned.every((a) => a.length > 0) ? assigned : null;
        },
        60_000,
        250,
      );
      expect(members.flat().sort()).toEqual(meta.partitions.map((p) => p.partitionId).sort());

      // N registrations, each its own key (spread over the partitions), straight onto the topic.
      const ids = Array.from({ length: N }, () => randomUUID());
      const eventIds = ids.map(() => randomUUID());
      await producer.send({
        topic,
        messages: ids.map((userId, i) => ({
          key: userId,
          headers: { 'x-event-type': 'identity.user-registered' },
          value: JSON.stringify({
            id: eventIds[i],
            type: 'identity.user-registered',
            version: 1,
            stream: 'identity.user',
            sequence: 1,
            occurredAt: new Date().toISOString(),
            producer: 'identity',
            key: userId,
            data: {
              userId,
              firstName: 'Scale',
              lastName: `Out ${i}`,
              userType: 'guest',
              city: 'Miami, FL',
              state: 'Florida',
              profileImages: [],
              gender: null,
              email: `scale.${i}@example.com`,
              registeredAt: new Date().toISOString(),
            },
          }),
        })),
      });
      const count = async () =>
        Number(
          (
            await dbs.social.query(`SELECT count(*)::int AS n FROM inbox_events WHERE event_id = ANY($1::uuid[])`, [
              eventIds,
            ])
          ).rows[0].n,
        );
      await waitFor(`social handled all ${N} events`, async () => (await count()) === N, 60_000, 200);
      expect(
        (await dbs.social.query(`SELECT count(*)::int AS n FROM member_cards WHERE user_id = ANY($1::uuid[])`, [ids]))
          .rows[0].n,
      ).toBe(N);

      // Who handled what: the "event consumed" lines of each instance's log.
      const wanted = new Set(eventIds);
      const handled = (name: string) =>
        logLines(name).filter((l) => l.msg === 'event consumed' && wanted.has(l.eventId));
      const [a, b] = [handled('social'), handled('social-2')];
      const all = [...a, ...b].map((l) => l.eventId);
      console.log(
        `scale-out: ${N} events on ${meta.partitions.length} partitions of ${topic}; partitions ${JSON.stringify(members)}; social handled ${a.length}, social-2 handled ${b.length}, distinct ${new Set(all).size}`,
      );
      expect(all).toHaveLength(N);
      expect(new Set(all).size).toBe(N);
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
      expect([...a, ...b].every((l) => l.outcome === 'applied')).toBe(true);

      // Over the whole run (restarts and rebalances included), across both instances of every
      // service: each event was applied once per consumer. A redelivery (an offset whose commit a
      // rebalance refused) is skipped by the inbox and counted here.
      const lines = SERVICES.flatMap((s) => [s, `${s}-2`]).flatMap((name) =>
        logLines(name).filter((l) => l.eventId && l.outcome),
      );
      const applied = new Map<string, number>();
      for (const l of lines.filter((x) => x.outcome === 'applied'))
        applied.set(`${l.consumerGroup} ${l.eventId}`, (applied.get(`${l.consumerGroup} ${l.eventId}`) ?? 0) + 1);
      const twice = [...applied].filter(([, n]) => n > 1);
      console.log(
        `whole run: ${applied.size} (consumer, event) pairs applied, ${twice.length} applied twice, ${lines.filter((l) => l.outcome === 'duplicate').length} redeliveries skipped by the inbox`,
      );
      expect(twice).toEqual([]);
    } finally {
      await Promise.all([admin.disconnect(), producer.disconnect()]);
    }
  }, 120_000);
});
