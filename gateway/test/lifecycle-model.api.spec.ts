import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kafka, logLevel } from 'kafkajs';
import Stripe from 'stripe';
import { ApiClient } from './support/client';
import { startOwnStack, type OwnStack } from './support/own-stack';
import { inject } from './support/provided';
import { nyDate, World } from './support/world';

// A seeded model-based test of a booking's life and its money (docs/booking-lifecycle.md) on the
// distributed stack with localstripe (the fake Stripe that remembers what it charged): random short
// sequences of what hosts, guests, owners, the card provider and the clock do to holds of a yacht
// and of a strip club's two VIP rooms (a deposit each, with or without its one entertainer), with
// the owner deleting a room, the entertainer, a venue or his account; then, once every service is
// quiet, `npm run reconcile:payments` must find nothing, no yacht slot or room may be taken twice,
// no entertainer may be in two rooms at once, and nothing may refer to a deleted member.
//
// fast-check is not a dependency of the repo: the sequences come from a small seeded PRNG of this
// file (mulberry32), generated up front from the seed alone (commands name bookings and hosts by
// index, resolved when they run), so a seed always gives the same sequence.
//
//   LIFECYCLE_RUNS   sequences (default 200); LIFECYCLE_SEED  the first sequence's seed (default
//   fixed; sequence i uses seed+i). A failure prints each failing sequence with its seed; replay one
//   alone with LIFECYCLE_SEED=<its seed> LIFECYCLE_RUNS=1. LIFECYCLE_WIDTH: sequences at a time (10).
//   A longer run: LIFECYCLE_RUNS=5000 LIFECYCLE_TIMEOUT_MS=7200000 LUXE_TEST_STRIPE=localstripe
//   LUXE_TEST_ID=.. LUXE_TEST_BASE_PORT=.. npx jest --config jest.integration.config.cjs --runInBand
//   gateway/test/lifecycle-model.api.spec.ts
//
// The stack: the shared one when it talks to localstripe (LUXE_TEST_STRIPE=localstripe), else one
// of this file's own (ports LUXE_TEST_BASE_PORT+40..+47), both with HOLD_SWEEP_MS=500.
const ROOT = join(__dirname, '..', '..');
const LOCALSTRIPE = process.env.LOCALSTRIPE_API_BASE;
const SECRET_KEY = process.env.STRIPE_SECRET_KEY ?? 'sk_test_LuxeStripeMock123';
const id = (process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '');
const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 200);
const SEED = Number(process.env.LIFECYCLE_SEED ?? 290_029);
const WIDTH = Number(process.env.LIFECYCLE_WIDTH ?? 10);
// 200 sequences took 100 s on an idle 2-core VM; ten minutes leaves room for a loaded one.
const TIMEOUT = Number(process.env.LIFECYCLE_TIMEOUT_MS ?? 600_000);

let own: OwnStack | undefined;
let stack: { gatewayUrl: string; dbUrls: Record<string, string>; stripeWebhookSecret: string | null };
let groupPrefix = '';
let world: World;
let provider: Stripe;
const startedAt = new Date(Date.now() - 1000).toISOString();

beforeAll(async () => {
  if (!LOCALSTRIPE)
    throw new Error(
      'LOCALSTRIPE_API_BASE is not set: run bash infra/local/up.sh (it starts localstripe) and source its env file',
    );
  if (inject('stripeApiBase') === LOCALSTRIPE) {
    stack = {
      gatewayUrl: inject('gatewayUrl'),
      dbUrls: inject('dbUrls'),
      stripeWebhookSecret: inject('stripeWebhookSecret'),
    };
    groupPrefix = `test${id}.`;
  } else {
    const base = Number(process.env.LUXE_TEST_BASE_PORT ?? 4100) + 40;
    groupPrefix = `test${id}lm.`;
    own = await startOwnStack({
      stripe: 'localstripe',
      dbPrefix: `luxe_test${id}_lm`,
      resetDatabases: true,
      basePort: base,
      gatewayPort: base,
      groupPrefix,
      readyTimeoutMs: Number(process.env.LUXE_STACK_READY_MS ?? 90_000),
      logDir: `${process.cwd()}/.data/test-logs/lifecycle-model`,
      extraEnv: {
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
        RATE_LIMIT_REGISTER_PER_IP: '100000',
        CONSUMER_BACKOFF_MS: '50',
        SPLIT_SWEEP_MS: '500',
        HOLD_SWEEP_MS: '500',
      },
    });
    stack = { gatewayUrl: own.gatewayUrls[0]!, dbUrls: own.dbUrls, stripeWebhookSecret: own.stripeWebhookSecret };
  }
  world = await new World(stack).open('payments', 'identity');
  const url = new URL(LOCALSTRIPE);
  provider = new Stripe(SECRET_KEY, {
    host: url.hostname,
    port: Number(url.port || 80),
    protocol: url.protocol.replace(':', '') as 'http',
  });
  // localstripe posts its own signed events to this stack (as reconcile.api.spec.ts registers it).
  const events = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.canceled'].map(
    (e): [string, string] => ['events[]', e],
  );
  const hook = new URLSearchParams([
    ['url', `${stack.gatewayUrl}/api/webhooks/stripe`],
    ['secret', stack.stripeWebhookSecret!],
    ...events,
  ]);
  expect(
    (await fetch(`${LOCALSTRIPE}/_config/webhooks/luxe-test-${id || 'default'}-lm`, { method: 'POST', body: hook }))
      .status,
  ).toBe(200);
}, 240_000);

afterAll(async () => {
  if (LOCALSTRIPE)
    await fetch(`${LOCALSTRIPE}/_config/webhooks/luxe-test-${id || 'default'}-lm`, {
      method: 'POST',
      body: new URLSearchParams([
        ['url', 'http://127.0.0.1:9/gone'],
        ['secret', 'whsec_gone_gone'],
        ['events[]', 'none.none'],
      ]),
    }).catch(() => undefined);
  await world?.close();
  await own?.stop();
});

// ---- the sequences ------------------------------------------------------------------------------

/** mulberry32: a tiny seeded PRNG (uniform in [0, 1)). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Two slots of the yacht on one day that overlap (20:00–24:00 and 22:00–24:00), and one on the next day. */
const SLOTS = [
  { day: 0, startTime: '20:00', duration: 4 },
  { day: 0, startTime: '22:00', duration: 2 },
  { day: 1, startTime: '20:00', duration: 4 },
] as const;
/** Slots of the strip club's two VIP rooms: overlapping on one night (the entertainer may be asked into both), and one the next. */
const ROOM_SLOTS = [
  { day: 0, startTime: '21:00', duration: 2 },
  { day: 0, startTime: '22:00', duration: 2 },
  { day: 1, startTime: '21:00', duration: 2 },
] as const;

type Cmd =
  | { op: 'hold'; host: number; slot: number }
  | { op: 'holdRoom'; host: number; room: number; slot: number; dancer: boolean } // a VIP room's deposit, with or without the entertainer
  | { op: 'pay'; b: number } // confirm at localstripe with pm_card_visa (a retry, after a decline)
  | { op: 'decline'; b: number } // confirm with a card that is declined: payment_intent.payment_failed
  | { op: 'redeliver'; b: number; kind: 'succeeded' | 'payment_failed' } // a duplicate, or a stale event after the fact
  | { op: 'split'; b: number; shares: 2 | 3 }
  | { op: 'payShare'; b: number; share: number }
  | { op: 'cancel'; b: number }
  | { op: 'expire'; b: number }
  | { op: 'deleteOwner' }
  | { op: 'deleteSection'; room: number }
  | { op: 'deleteDancer' }
  | { op: 'deleteVenue'; club: boolean }
  | { op: 'deleteHost'; host: number };

/** Weights: the slow or final commands (expiry waits for the sweeper; deletions end the sequence's story) are rarer. */
const WEIGHTS: [Cmd['op'], number][] = [
  ['hold', 6],
  ['holdRoom', 4],
  ['pay', 5],
  ['decline', 3],
  ['redeliver', 3],
  ['split', 2],
  ['payShare', 3],
  ['cancel', 2],
  ['expire', 1],
  ['deleteOwner', 1],
  ['deleteSection', 1],
  ['deleteDancer', 1],
  ['deleteVenue', 1],
  ['deleteHost', 1],
];

function sequence(seed: number): Cmd[] {
  const r = prng(seed);
  const int = (n: number) => Math.floor(r() * n);
  const total = WEIGHTS.reduce((a, [, w]) => a + w, 0);
  const pick = () => {
    let x = r() * total;
    for (const [op, w] of WEIGHTS) if ((x -= w) < 0) return op;
    return 'hold';
  };
  const length = 3 + int(6); // 3..8
  const cmds: Cmd[] = [{ op: 'hold', host: 0, slot: int(SLOTS.length) }];
  while (cmds.length < length) {
    const op = pick();
    const b = int(4);
    switch (op) {
      case 'hold':
        cmds.push({ op, host: int(2), slot: int(SLOTS.length) });
        break;
      case 'holdRoom':
        cmds.push({ op, host: int(2), room: int(2), slot: int(ROOM_SLOTS.length), dancer: r() < 0.7 });
        break;
      case 'deleteSection':
        cmds.push({ op, room: int(2) });
        break;
      case 'deleteDancer':
        cmds.push({ op });
        break;
      case 'deleteVenue':
        cmds.push({ op, club: r() < 0.5 });
        break;
      case 'pay':
      case 'decline':
      case 'cancel':
      case 'expire':
        cmds.push({ op, b });
        break;
      case 'redeliver':
        cmds.push({ op, b, kind: r() < 0.6 ? 'succeeded' : 'payment_failed' });
        break;
      case 'split':
        cmds.push({ op, b, shares: r() < 0.5 ? 2 : 3 });
        break;
      case 'payShare':
        cmds.push({ op, b, share: int(3) });
        break;
      case 'deleteOwner':
        cmds.push({ op });
        break;
      case 'deleteHost':
        cmds.push({ op, host: int(2) });
        break;
    }
  }
  return cmds;
}

const show = (c: Cmd) =>
  Object.entries(c)
    .map(([k, v]) => (k === 'op' ? v : `${k}=${v}`))
    .join(' ');

// ---- running one ---------------------------------------------------------------------------------

type Account = Awaited<ReturnType<World['account']>>;
interface Held {
  id: string;
  intent: string;
  host: number;
  shares?: { intent?: string; link?: string }[];
}
interface Run {
  seed: number;
  cmds: Cmd[];
  log: string[];
  owner?: Account;
  ownerGone: boolean;
  hosts: (Account | undefined)[];
  hostGone: boolean[];
  bookings: Held[];
  yacht?: string;
  /** A strip club with two VIP rooms (a deposit each) and one entertainer, when the sequence uses it. */
  club?: { id: string; rooms: string[]; dancer: string };
  /** Things that went wrong while running (a 5xx, an answer no rule allows). */
  errors: string[];
}

let guests: Account[] = [];
let eventN = 0;
const intentEvent = (type: string, paymentIntentId: string, amount: number) =>
  JSON.stringify({
    id: `evt_lm_${Date.now()}_${eventN++}`,
    object: 'event',
    type,
    api_version: '2025-01-27',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: paymentIntentId,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        status: type.endsWith('succeeded') ? 'succeeded' : 'requires_payment_method',
      },
    },
  });
async function webhook(payload: string) {
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stack.stripeWebhookSecret! });
  return new ApiClient(stack.gatewayUrl).call('POST', '/api/webhooks/stripe', payload, {
    'stripe-signature': signature,
    'content-type': 'application/json',
  });
}
/** Confirms an intent at localstripe as Stripe.js would; its answer (or the provider's refusal). */
async function confirm(intent: string, card: string): Promise<string> {
  try {
    return (await provider.paymentIntents.confirm(intent, { payment_method: card })).status;
  } catch (err) {
    return `refused ${(err as { statusCode?: number }).statusCode ?? '?'}`;
  }
}

/** An API answer: 5xx is always wrong; `allowed` lists what a rule allows for this command. */
function check(run: Run, what: string, res: { status: number; json?: any }, allowed: number[]) {
  run.log.push(`  -> ${res.status}${res.json?.code ? ` ${res.json.code}` : ''}`);
  if (res.status >= 500 || !allowed.includes(res.status))
    run.errors.push(`${what}: answered ${res.status} ${JSON.stringify(res.json)} (allowed ${allowed.join('/')})`);
}

/**
 * A new member. Signing up hashes a password (the slowest request of the stack on purpose): on a
 * machine loaded by other work, ten at once can outlast the gateway's deadline and answer 504, which
 * is the stack shedding load, not a lifecycle's doing; a fresh sign-up is tried up to three times.
 */
async function account(type: 'host' | 'venue', firstName?: string): Promise<Account> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await world.account(type, firstName);
    } catch (err) {
      // jest's message colours the number: compare without the escapes.
      if (attempt === 3 || !/Received: 50[34]/.test(String((err as Error).message).replace(/\x1b\[[0-9;]*m/g, '')))
        throw err;
      await sleep(2000 * attempt);
    }
  }
}

async function host(run: Run, i: number): Promise<Account | undefined> {
  if (run.hostGone[i]) return undefined;
  run.hosts[i] ??= await account('host', `Host${i}`);
  return run.hosts[i];
}

async function step(run: Run, c: Cmd, day: number) {
  run.log.push(show(c));
  const b = 'b' in c && run.bookings.length ? run.bookings[c.b % run.bookings.length] : undefined;
  switch (c.op) {
    case 'hold': {
      const h = await host(run, c.host);
      if (!h) return void run.log.push('  (host deleted)');
      const s = SLOTS[c.slot]!;
      const res = await h.api.call('POST', '/api/create-payment-intent', {
        venueId: run.yacht,
        bookingDate: nyDate(day + s.day),
        startTime: s.startTime,
        duration: s.duration,
      });
      // 409: the slot is taken; 404: the venue is gone with its owner.
      check(run, show(c), res, [200, 404, 409]);
      if (res.status === 200 && !run.bookings.some((x) => x.id === res.json.bookingId)) {
        run.bookings.push({ id: res.json.bookingId, intent: res.json.paymentIntentId, host: c.host });
        run.log.push(`  booking b${run.bookings.length - 1}=${res.json.bookingId} intent ${res.json.paymentIntentId}`);
      }
      return;
    }
    case 'pay':
    case 'decline': {
      if (!b) return;
      const r = await confirm(b.intent, c.op === 'pay' ? 'pm_card_visa' : 'pm_card_chargeCustomerFail');
      run.log.push(`  provider: ${r}`);
      return;
    }
    case 'redeliver': {
      if (!b) return;
      const pi = await provider.paymentIntents.retrieve(b.intent);
      // A duplicate of what happened (succeeded), or a stale decline arriving after it: both must change nothing wrong.
      if (c.kind === 'succeeded' && pi.status !== 'succeeded')
        return void run.log.push(`  (intent is ${pi.status}: nothing to redeliver)`);
      check(run, show(c), await webhook(intentEvent(`payment_intent.${c.kind}`, b.intent, pi.amount)), [200]);
      return;
    }
    case 'split': {
      if (!b) return;
      const h = await host(run, b.host);
      if (!h) return;
      const res = await h.api.call('POST', `/api/bookings/${b.id}/split`, { shares: c.shares, fallback: 'release' });
      // 404: gone; 409: not held any more, paid, or a payment in flight.
      check(run, show(c), res, [201, 404, 409]);
      if (res.status === 201)
        b.shares = res.json.shares.map((s: { isHost: boolean; link?: string }) =>
          s.isHost ? { intent: String(res.json.hostClientSecret).split('_secret')[0] } : { link: s.link },
        );
      return;
    }
    case 'payShare': {
      const share = b?.shares?.[c.share % b.shares.length];
      if (!b || !share) return;
      if (share.link && !share.intent) {
        const guest = guests[(c.b + c.share) % guests.length]!;
        const res = await guest.api.call(
          'POST',
          `/api/split-shares/${share.link.replace('/split/', '')}/payment-intent`,
        );
        // 409/410: the split is closed or the share paid.
        check(run, show(c), res, [200, 404, 409, 410]);
        if (res.status !== 200) return;
        share.intent = res.json.paymentIntentId;
      }
      run.log.push(`  provider: ${await confirm(share.intent!, 'pm_card_visa')}`);
      return;
    }
    case 'cancel': {
      if (!b) return;
      const h = await host(run, b.host);
      if (!h) return;
      check(run, show(c), await h.api.call('POST', `/api/bookings/${b.id}/cancel`), [200, 404, 409]);
      return;
    }
    case 'expire': {
      if (!b) return;
      const r = await world.dbs.bookings.query(
        `UPDATE bookings SET hold_expires_at = now() - interval '1 second' WHERE id = $1 AND status = 'held' RETURNING id`,
        [b.id],
      );
      run.log.push(`  ${r.rowCount ? 'expired' : '(not held)'}`);
      return;
    }
    case 'holdRoom': {
      const h = await host(run, c.host);
      if (!h || !run.club) return void run.log.push('  (host deleted)');
      const s = ROOM_SLOTS[c.slot]!;
      const res = await h.api.call('POST', '/api/create-payment-intent', {
        venueId: run.club.id,
        sectionId: run.club.rooms[c.room],
        ...(c.dancer ? { dancerId: run.club.dancer } : {}),
        bookingDate: nyDate(day + s.day),
        startTime: s.startTime,
        duration: s.duration,
        friends: '[]',
        guestVisibility: 'both',
        friendsCount: 0,
      });
      // 409: the room or the entertainer is taken; 404: the club, the room or the entertainer is gone.
      check(run, show(c), res, [200, 404, 409]);
      if (res.status === 200 && !run.bookings.some((x) => x.id === res.json.bookingId)) {
        run.bookings.push({ id: res.json.bookingId, intent: res.json.paymentIntentId, host: c.host });
        run.log.push(`  booking b${run.bookings.length - 1}=${res.json.bookingId} intent ${res.json.paymentIntentId}`);
      }
      return;
    }
    case 'deleteSection': {
      if (run.ownerGone || !run.club) return;
      // 409 while an upcoming booking (or a hold) takes it (docs/booking-lifecycle.md); 404 once gone.
      check(
        run,
        show(c),
        await run.owner!.api.call('DELETE', `/api/sections/${run.club.rooms[c.room]}`),
        [204, 404, 409],
      );
      return;
    }
    case 'deleteDancer': {
      if (run.ownerGone || !run.club) return;
      check(run, show(c), await run.owner!.api.call('DELETE', `/api/dancers/${run.club.dancer}`), [204, 404, 409]);
      return;
    }
    case 'deleteVenue': {
      const venue = c.club ? run.club?.id : run.yacht;
      if (run.ownerGone || !venue) return;
      check(run, show(c), await run.owner!.api.call('DELETE', `/api/venues/${venue}`), [204, 404, 409]);
      return;
    }
    case 'deleteOwner': {
      if (run.ownerGone) return;
      check(run, show(c), await run.owner!.api.call('DELETE', `/api/users/${run.owner!.id}`), [204]);
      run.ownerGone = true;
      return;
    }
    case 'deleteHost': {
      const h = await host(run, c.host);
      if (!h) return;
      check(run, show(c), await h.api.call('DELETE', `/api/users/${h.id}`), [204]);
      run.hostGone[c.host] = true;
      return;
    }
  }
}

async function runOne(seed: number, day: number): Promise<Run> {
  const run: Run = {
    seed,
    cmds: sequence(seed),
    log: [],
    ownerGone: false,
    hosts: [],
    hostGone: [false, false],
    bookings: [],
    errors: [],
  };
  try {
    run.owner = await account('venue');
    const v = await run.owner.api.call('POST', '/api/venues', {
      name: `Model ${seed}`,
      type: 'yacht',
      city: 'Modelville',
      state: 'Florida',
      address: '1 Pier',
      capacity: 12,
      pricePerHour: 500,
      yachtLength: 60,
    });
    run.yacht = v.json.id;
    await world.approve(run.yacht!);
    if (run.cmds.some((c) => c.op === 'holdRoom')) {
      const club = (
        await run.owner.api.call('POST', '/api/venues', {
          name: `Model Club ${seed}`,
          type: 'club',
          subtype: 'strip_club',
          city: 'Modelville',
          state: 'Florida',
          address: '2 Night St',
          capacity: 80,
          pricePerHour: 400,
        })
      ).json.id as string;
      const rooms: string[] = [];
      for (const name of ['Room A', 'Room B'])
        rooms.push(
          (
            await run.owner.api.call('POST', `/api/venues/${club}/sections`, {
              name,
              type: 'VIP Room',
              isVipRoom: true,
              capacity: 4,
              pricePerHour: 600,
              depositPercent: 25,
            })
          ).json.id,
        );
      const dancer = (
        await run.owner.api.call('POST', `/api/venues/${club}/dancers`, { name: 'Aurora', priceModifier: 1 })
      ).json.id as string;
      await world.approve(club);
      for (const room of rooms) await world.has('bookings', 'section_cards', 'section_id', room);
      await world.has('bookings', 'dancer_cards', 'dancer_id', dancer);
      run.club = { id: club, rooms, dancer };
    }
    for (const c of run.cmds) await step(run, c, day);
  } catch (err) {
    run.errors.push(`threw: ${(err as Error).stack ?? err}`);
  }
  return run;
}

// ---- quiet, and the invariants -------------------------------------------------------------------

const SERVICES = ['identity', 'venues', 'bookings', 'payments'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Unpublished outbox rows of the stack, and the lag of its consumer groups on its topics. */
async function backlog(kafka: Kafka, where: string[]): Promise<number> {
  let n = 0;
  for (const s of SERVICES) {
    const k = (
      await world.dbs[s]!.query(
        `SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL AND parked_at IS NULL`,
      )
    ).rows[0].n;
    if (k) where.push(`${s} outbox ${k}`);
    n += k;
  }
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topics = (await admin.listTopics()).filter((t) => t.startsWith(groupPrefix));
    const ends = new Map<string, { partition: number; high: string; low: string }[]>();
    for (const t of topics) ends.set(t, await admin.fetchTopicOffsets(t));
    const { groups } = await admin.listGroups();
    const ours = groups.map((g) => g.groupId).filter((g) => g.startsWith(groupPrefix));
    // Only groups with members: an earlier run's per-process groups (the gateway's cache) stay behind, empty.
    const live = (await admin.describeGroups(ours)).groups.filter((g) => g.members.length > 0).map((g) => g.groupId);
    for (const groupId of live) {
      // The topics the group has committed on (a group consumes only some topics; a partition it
      // never committed on has had nothing for it yet).
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId })) {
        for (const p of partitions) {
          const end = ends.get(topic)?.find((e) => e.partition === p.partition);
          const lag = end && p.offset !== '-1' ? Math.max(0, Number(end.high) - Number(p.offset)) : 0;
          if (lag) where.push(`${groupId} ${topic}/${p.partition} lag ${lag}`);
          n += lag;
        }
      }
    }
  } finally {
    await admin.disconnect();
  }
  return n;
}

/** What the money and the bookings look like (changes while anything is still moving). */
async function fingerprint(): Promise<string> {
  const b = await world.dbs.bookings.query(
    `SELECT count(*) AS n, string_agg(status || amount_paid || coalesce(refund_amount::text, ''), ',' ORDER BY id) AS s FROM bookings`,
  );
  const p = await world.dbs.payments.query(
    `SELECT (SELECT string_agg(status, ',' ORDER BY id) FROM payments) AS p, (SELECT count(*) FROM refunds) AS r, (SELECT string_agg(status, ',' ORDER BY id) FROM split_shares) AS s`,
  );
  return JSON.stringify([b.rows[0], p.rows[0]]);
}

/**
 * Waits until every service is quiet: outboxes published, nothing left to consume, no hold past its
 * expiry left to the sweeper, and the bookings and payments unchanged over two looks 1 s apart
 * (localstripe posts its events about 1 s after a confirm: nothing the outboxes or Kafka show).
 */
async function quiet(kafka: Kafka, timeoutMs = 60_000) {
  const start = Date.now();
  let last = '';
  for (;;) {
    await sleep(1000);
    const overdue = (
      await world.dbs.bookings.query(
        `SELECT count(*)::int AS n FROM bookings WHERE status = 'held' AND hold_expires_at <= now()`,
      )
    ).rows[0].n;
    const where: string[] = overdue ? [`${overdue} holds past expiry`] : [];
    const n = (await backlog(kafka, where)) + overdue;
    const fp = await fingerprint();
    if (n === 0 && fp === last) return;
    last = n === 0 ? fp : '';
    if (Date.now() - start > timeoutMs)
      throw new Error(`the stack is not quiet after ${timeoutMs} ms (${where.join(', ')})`);
  }
}

/**
 * The nightly reconciliation over what was made since `since` (a batch's start; the whole run's at
 * the end: listing every intent since the start after each batch would grow with the run). Holds of
 * earlier batches expire on their own while a later batch runs (and while this reads: payments'
 * rows first, the provider's intents after), so a disagreement must hold over a second look 5 s
 * later (--settle).
 */
function reconcile(since: string) {
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'infra/scripts/reconcile-payments.mjs'), '--since', since, '--settle', '5'],
    {
      env: {
        ...process.env,
        DATABASE_URL_PAYMENTS: stack.dbUrls.payments,
        DATABASE_URL_BOOKINGS: stack.dbUrls.bookings,
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_API_BASE: LOCALSTRIPE,
      },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  return { code: r.status, lines: r.stdout.split('\n').filter(Boolean), stderr: r.stderr };
}

/** Each invariant's breaches, as `booking=<id> …` or `member=<id> …` lines. */
async function invariants(runs: Run[]): Promise<string[]> {
  const out: string[] = [];
  const venues = runs.flatMap((r) => [r.yacht, r.club?.id]).filter(Boolean) as string[];
  const live = (t: string) => `(${t}.status = 'confirmed' OR (${t}.status = 'held' AND ${t}.hold_expires_at > now()))`;
  // No slot taken twice: two live bookings (confirmed, or held and not expired) of one yacht, or of
  // one VIP room (one booking at a time), overlapping in time.
  const twice = await world.dbs.bookings.query(
    `SELECT a.id AS a, b.id AS b FROM bookings a JOIN bookings b ON a.venue_id = b.venue_id AND a.section_id IS NOT DISTINCT FROM b.section_id AND a.id < b.id
      AND (a.booking_date + a.start_time::time) < (b.booking_date + b.start_time::time) + b.duration * interval '1 hour'
      AND (b.booking_date + b.start_time::time) < (a.booking_date + a.start_time::time) + a.duration * interval '1 hour'
     WHERE a.venue_id = ANY($1::uuid[]) AND ${live('a')} AND ${live('b')}`,
    [venues],
  );
  for (const t of twice.rows) out.push(`slot-taken-twice booking=${t.a} booking=${t.b}`);
  // An entertainer is one person: never in two live bookings (any rooms) overlapping in time.
  const dancers = runs.map((r) => r.club?.dancer).filter(Boolean) as string[];
  const doubled = await world.dbs.bookings.query(
    `SELECT a.id AS a, b.id AS b FROM bookings a JOIN bookings b ON a.dancer_id = b.dancer_id AND a.id < b.id
      AND (a.booking_date + a.start_time::time) < (b.booking_date + b.start_time::time) + b.duration * interval '1 hour'
      AND (b.booking_date + b.start_time::time) < (a.booking_date + a.start_time::time) + a.duration * interval '1 hour'
     WHERE a.dancer_id = ANY($1::uuid[]) AND ${live('a')} AND ${live('b')}`,
    [dancers],
  );
  for (const t of doubled.rows) out.push(`dancer-in-two-rooms booking=${t.a} booking=${t.b}`);
  // Nothing refers to a deleted member (payments keeps ids and amounts by design: the financial record).
  const gone = runs.flatMap((r) => [
    ...(r.ownerGone && r.owner ? [r.owner.id] : []),
    ...r.hosts.filter((h, i) => h && r.hostGone[i]).map((h) => h!.id),
  ]);
  if (gone.length) {
    const refs: [string, string, string][] = [
      ['identity', 'users', 'id'],
      ['bookings', 'bookings', 'host_id'],
      ['bookings', 'booking_attendees', 'user_id'],
      ['bookings', 'member_cards', 'user_id'],
      ['bookings', 'venue_cards', 'owner_id'],
      ['venues', 'venues', 'owner_id'],
    ];
    for (const [s, table, col] of refs) {
      const hit = await world.dbs[s]!.query(`SELECT ${col}::text AS m FROM ${table} WHERE ${col} = ANY($1::uuid[])`, [
        gone,
      ]).catch((err: Error) => ({ rows: [{ m: `(${err.message})` }] }));
      for (const h of hit.rows) out.push(`refers-to-deleted member=${h.m} ${s}.${table}.${col}`);
    }
  }
  return out;
}

describe('the booking and payment lifecycle, as random sequences on the stack with localstripe', () => {
  it(
    `${RUNS} seeded sequences (from seed ${SEED}) leave the money reconciled, no slot taken twice and no reference to a deleted member`,
    async () => {
      const kafka = new Kafka({
        clientId: `luxe-lifecycle-model-${id}`,
        brokers: process.env.KAFKA_BROKERS!.split(','),
        logLevel: logLevel.NOTHING,
      });
      guests = [];
      for (let i = 0; i < 4; i++) guests.push(await world.account('guest', `Guest${i}`));
      const failures: string[] = [];
      const started = Date.now();
      // Each sequence has a yacht of its own (its slots collide only with its own holds), on days 3..303
      // ahead: the host's cancellation refunds by the moderate policy's 100 % (and, late in a day, a
      // share's deadline 24 h ahead stays before the booking starts).
      for (let first = 0; first < RUNS; first += WIDTH) {
        const batchStart = new Date(Date.now() - 1000).toISOString();
        const batch = await Promise.all(
          Array.from({ length: Math.min(WIDTH, RUNS - first) }, (_, k) =>
            runOne(SEED + first + k, 3 + ((first + k) % 300)),
          ),
        );
        await quiet(kafka);
        const rec = reconcile(batchStart);
        const broken = await invariants(batch);
        const lines = [
          ...(rec.code === 0 ? [] : rec.lines.length ? rec.lines : [`reconcile exit ${rec.code}: ${rec.stderr}`]),
          ...broken,
        ];
        for (const run of batch) {
          const mine = lines.filter(
            (l) =>
              run.bookings.some((b) => l.includes(b.id)) ||
              [run.owner?.id, ...run.hosts.map((h) => h?.id)].some((m) => m && l.includes(m)),
          );
          if (run.errors.length || mine.length) {
            failures.push(
              [
                `sequence seed ${run.seed} (replay: LIFECYCLE_SEED=${run.seed} LIFECYCLE_RUNS=1):`,
                ...run.errors.map((e) => `  ERROR ${e}`),
                ...mine.map((l) => `  FOUND ${l}`),
                '  sequence:',
                ...run.log.map((l) => `    ${l}`),
              ].join('\n'),
            );
          }
        }
        const unowned = lines.filter(
          (l) =>
            !batch.some(
              (run) =>
                run.bookings.some((b) => l.includes(b.id)) ||
                [run.owner?.id, ...run.hosts.map((h) => h?.id)].some((m) => m && l.includes(m)),
            ),
        );
        if (unowned.length) failures.push(`batch from seed ${SEED + first}: ${unowned.join('\n')}`);
        if (failures.length) break; // the first failing batch is the one to look at (later ones would repeat its lines)
      }
      if (!failures.length) {
        // A hold a batch left held expires HOLD_MINUTES later, during a later batch: the whole run is
        // looked at once more at the end.
        await quiet(kafka);
        const rec = reconcile(startedAt);
        if (rec.code !== 0)
          failures.push(
            `the whole run (since ${startedAt}): ${rec.lines.length ? rec.lines.join('\n') : `reconcile exit ${rec.code}: ${rec.stderr}`}`,
          );
      }
      console.log(
        `lifecycle model: ${RUNS} sequences from seed ${SEED} in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      if (failures.length)
        throw new Error(`seed ${SEED}: ${failures.length} failing sequence(s)\n\n${failures.join('\n\n')}`);
    },
    TIMEOUT,
  );
});
