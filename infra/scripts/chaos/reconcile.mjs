// @ts-check
// Reconciliation after the faults: per service database and on Kafka, every committed state
// change has its event, every event reached every consumer that handles its type, nothing was
// applied twice, nothing is left in an outbox, and the dead-letter topics are empty.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { ROOT, SERVICES } from '../stack.mjs';
import { query } from './load.mjs';

/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Which inbox consumer (`<service>.<name>`) handles which event types, read from the services'
 * sources (`@EventConsumer('name')` classes and their `@OnEvent('type')` methods).
 */
export function consumersByType() {
  /** @type {Map<string, Set<string>>} event type → the consumers of it */
  const byType = new Map();
  /** @param {string} dir */
  const walk = (dir) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('.spec.ts')) scan(p);
    }
  };
  let service = '';
  /** @param {string} file */
  const scan = (file) => {
    const src = readFileSync(file, 'utf8');
    if (!src.includes('@OnEvent(')) return;
    // Each @OnEvent belongs to the nearest @EventConsumer above it.
    const marks = [...src.matchAll(/@EventConsumer\('([^']+)'\)|@OnEvent\('([^']+)'\)/g)];
    let consumer = null;
    for (const m of marks) {
      if (m[1]) consumer = m[1];
      else if (consumer) {
        const set = byType.get(m[2]) ?? new Set();
        set.add(`${service}.${consumer}`);
        byType.set(m[2], set);
      }
    }
  };
  for (const s of SERVICES) {
    service = s;
    walk(join(ROOT, 'services', s, 'src'));
  }
  return byType;
}

/** @param {string} brokers */
function kafkaClient(brokers) {
  return new Kafka({
    clientId: 'luxe-chaos-reconcile',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    retry: { retries: 3 },
  });
}

/** Unpublished outbox rows per service, and the summed lag of every consumer group. */
/**
 * @param {Record<string, string>} dbUrls
 * @param {string} brokers
 */
export async function backlog(dbUrls, brokers) {
  /** @type {Record<string, { pending: number, parked: number }>} */
  const outbox = {};
  for (const s of SERVICES) {
    const [r] = await query(
      dbUrls[s],
      `SELECT count(*) FILTER (WHERE parked_at IS NULL) AS pending, count(*) FILTER (WHERE parked_at IS NOT NULL) AS parked FROM outbox_events WHERE published_at IS NULL`,
    );
    outbox[s] = { pending: Number(r.pending), parked: Number(r.parked) };
  }
  const admin = kafkaClient(brokers).admin();
  await admin.connect();
  /** @type {Record<string, number>} */
  const lag = {};
  try {
    const topics = (await admin.listTopics()).filter((t) => !t.startsWith('__'));
    /** @type {Map<string, { partition: number, offset: string, high: string, low: string }[]>} */
    const ends = new Map();
    for (const t of topics) ends.set(t, await admin.fetchTopicOffsets(t));
    const { groups } = await admin.listGroups();
    for (const { groupId } of groups) {
      if (groupId.startsWith('luxe-chaos')) continue;
      const offsets = await admin.fetchOffsets({ groupId });
      let n = 0;
      for (const { topic, partitions } of offsets) {
        for (const p of partitions) {
          const end = ends.get(topic)?.find((e) => e.partition === p.partition);
          if (!end) continue;
          // a group that never committed on a partition is behind by the whole partition
          const committed = p.offset === '-1' ? Number(end.low) : Number(p.offset);
          n += Math.max(0, Number(end.high) - committed);
        }
      }
      lag[groupId] = n;
    }
  } finally {
    await admin.disconnect();
  }
  return { outbox, lag };
}

/**
 * Waits (at most timeoutMs) until no outbox has an unpublished row and no consumer group lags.
 * @param {Record<string, string>} dbUrls
 * @param {string} brokers
 * @param {number} timeoutMs
 * @returns {Promise<{ ms: number, timedOut?: boolean, outbox?: Record<string, { pending: number }>, lag?: Record<string, number>, error?: string }>}
 */
export async function drain(dbUrls, brokers, timeoutMs) {
  const start = Date.now();
  /** @type {{ outbox?: Record<string, { pending: number }>, lag?: Record<string, number>, error?: string }} */
  let last;
  for (;;) {
    try {
      const now = await backlog(dbUrls, brokers);
      last = now;
      const pending = Object.values(now.outbox).reduce((a, o) => a + o.pending, 0);
      const lag = Object.values(now.lag).reduce((a, n) => a + n, 0);
      if (pending === 0 && lag === 0) return { ms: Date.now() - start, ...now };
    } catch (err) {
      last = { error: String(err) };
    }
    if (Date.now() - start > timeoutMs) return { ms: Date.now() - start, timedOut: true, ...last };
    await sleep(1000);
  }
}

/** Every message of the given topics up to their current end: envelope ids and how often each came. */
/**
 * @param {string} brokers
 * @param {string[]} topics
 */
async function readTopics(brokers, topics) {
  const kafka = kafkaClient(brokers);
  const admin = kafka.admin();
  await admin.connect();
  const todo = new Map();
  let total = 0;
  for (const t of topics) {
    for (const p of await admin.fetchTopicOffsets(t)) {
      if (Number(p.high) > Number(p.low)) {
        todo.set(`${t}:${p.partition}`, Number(p.high));
        total += Number(p.high) - Number(p.low);
      }
    }
  }
  await admin.disconnect();
  const seen = new Map();
  if (todo.size === 0) return { seen, messages: 0 };
  const consumer = kafka.consumer({ groupId: `luxe-chaos-reconcile-${Date.now()}`, allowAutoTopicCreation: false });
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  let messages = 0;
  await new Promise(
    /** @param {(v?: void) => void} resolve @param {(err: unknown) => void} reject */ (resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`reading the topics took over 120 s (${messages}/${total})`)),
        120_000,
      );
      consumer
        .run({
          autoCommit: false,
          eachBatch: async ({ batch }) => {
            const k = `${batch.topic}:${batch.partition}`;
            const end = todo.get(k);
            for (const m of batch.messages) {
              if (end === undefined || Number(m.offset) >= end) break;
              messages++;
              try {
                const id = JSON.parse(String(m.value)).id;
                seen.set(id, (seen.get(id) ?? 0) + 1);
              } catch {
                seen.set('(not JSON)', (seen.get('(not JSON)') ?? 0) + 1);
              }
              if (Number(m.offset) >= end - 1) todo.delete(k);
            }
            if (todo.size === 0) {
              clearTimeout(timer);
              resolve();
            }
          },
        })
        .catch(reject);
    },
  );
  await consumer.disconnect();
  return { seen, messages };
}

/** Messages waiting in the dead-letter topics. */
/** @param {string} brokers */
async function deadLetters(brokers) {
  const admin = kafkaClient(brokers).admin();
  await admin.connect();
  try {
    /** @type {Record<string, number>} */
    const out = {};
    for (const t of (await admin.listTopics()).filter((x) => x.endsWith('.dlt'))) {
      const n = (await admin.fetchTopicOffsets(t)).reduce((a, p) => a + Number(p.high) - Number(p.low), 0);
      if (n) out[t] = n;
    }
    return out;
  } finally {
    await admin.disconnect();
  }
}

/** @type {(rows: any[], col?: string) => Set<string>} */
const ids = (rows, col = 'id') => new Set(rows.map((r) => r[col]));
/** @type {(want: Iterable<string>, have: Set<string>) => string[]} */
const missingFrom = (want, have) => [...want].filter((x) => !have.has(x));

/**
 * The checks, each `{ check, expected, actual, ok }`. `acked` holds what the gateway acknowledged
 * (ids of bookings, invites, accepted invites, messages).
 */
/**
 * @param {{ dbUrls: Record<string, string>, brokers: string, acked: import('./load.mjs').Workload['acked'], ackedMayBeLost?: boolean }} opts
 */
export async function reconcile({ dbUrls, brokers, acked, ackedMayBeLost = false }) {
  /** @type {Row[]} */
  const rows = [];
  /** @type {(check: string, expected: unknown, actual: unknown, ok?: boolean) => void} */
  const add = (check, expected, actual, ok = expected === actual) => {
    rows.push({ check, expected: String(expected), actual: String(actual), ok });
  };
  /** @type {(s: string, sql: string, p?: unknown[]) => Promise<any[]>} */
  const db = (s, sql, p) => query(dbUrls[s], sql, p);

  // Outboxes: nothing left behind.
  /** @type {Record<string, any[]>} each service's outbox rows */
  const outboxes = {};
  for (const s of SERVICES) {
    outboxes[s] = await db(
      s,
      `SELECT id, type, key, envelope->'data' AS data, published_at IS NOT NULL AS published, parked_at IS NOT NULL AS parked FROM outbox_events`,
    );
    add(`${s}: outbox rows unpublished (of ${outboxes[s].length})`, 0, outboxes[s].filter((r) => !r.published).length);
  }
  const events = Object.entries(outboxes).flatMap(([producer, rs]) => rs.map((r) => ({ ...r, producer })));
  /** @param {string} type */
  const keysOf = (type) => new Set(events.filter((e) => e.type === type).map((e) => e.key));

  // Producers: every committed row has its event.
  const bookings = await db('bookings', `SELECT id, host_id, status FROM bookings`);
  const invites = await db('social', `SELECT id, host_id, guest_id, booking_id, status FROM invites`);
  const messages = await db('messaging', `SELECT id FROM messages`);
  const users = await db('identity', `SELECT id FROM users`);
  const confirmedKeys = keysOf('bookings.booking-confirmed');
  add('bookings rows without bookings.booking-confirmed', 0, bookings.filter((b) => !confirmedKeys.has(b.id)).length);
  const sentKeys = keysOf('social.invite-sent');
  add('invites rows without social.invite-sent', 0, invites.filter((i) => !sentKeys.has(i.id)).length);
  const acceptedKeys = keysOf('social.invite-accepted');
  const acceptedRows = invites.filter((i) => i.status === 'accepted');
  add('accepted invites without social.invite-accepted', 0, acceptedRows.filter((i) => !acceptedKeys.has(i.id)).length);
  const messageIds = new Set(events.filter((e) => e.type === 'messaging.message-sent').map((e) => e.data.messageId));
  add('messages rows without messaging.message-sent', 0, messages.filter((m) => !messageIds.has(m.id)).length);
  add(
    'message-sent events per message row (count)',
    messages.length,
    events.filter((e) => e.type === 'messaging.message-sent').length,
  );
  const registered = keysOf('identity.user-registered');
  add('users rows without identity.user-registered', 0, users.filter((u) => !registered.has(u.id)).length);

  // What the gateway acknowledged was committed.
  // (With synchronous_commit = off a server crash may lose acknowledged commits: reported, not gated.)
  /** @type {(check: string, n: number) => unknown} */
  const ackedCheck = (check, n) =>
    ackedMayBeLost
      ? rows.push({ check: `${check} (synchronous_commit off: not gated)`, expected: '0', actual: String(n), ok: true })
      : add(check, 0, n);
  ackedCheck('acknowledged bookings missing in bookings', missingFrom(acked.bookings, ids(bookings)).length);
  ackedCheck('acknowledged invites missing in social', missingFrom(acked.invites, ids(invites)).length);
  ackedCheck('acknowledged accepts not accepted in social', missingFrom(acked.accepted, ids(acceptedRows)).length);
  ackedCheck('acknowledged messages missing in messaging', missingFrom(acked.messages, ids(messages)).length);

  // Consumers: every published event of a handled type is in the inbox of every consumer of it.
  const handlers = consumersByType();
  const inbox = new Map();
  for (const s of SERVICES) {
    const rs = await db(s, `SELECT event_id, consumer_group FROM inbox_events`);
    for (const r of rs)
      inbox.set(`${r.consumer_group}|${r.event_id}`, (inbox.get(`${r.consumer_group}|${r.event_id}`) ?? 0) + 1);
    const [dup] = await db(
      s,
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM inbox_events GROUP BY event_id, consumer_group HAVING count(*) > 1) d`,
    );
    add(`${s}: inbox rows recorded twice`, 0, dup.n);
  }
  const deliveries = new Map(); // group -> { expected, missing }
  for (const e of events.filter((x) => x.published)) {
    for (const group of handlers.get(e.type) ?? []) {
      const d = deliveries.get(group) ?? { expected: 0, missing: 0, sample: null };
      d.expected++;
      if (!inbox.has(`${group}|${e.id}`)) {
        d.missing++;
        d.sample ??= `${e.type} ${e.id}`;
      }
      deliveries.set(group, d);
    }
  }
  for (const [group, d] of [...deliveries].sort())
    add(
      `${group}: events delivered (of ${d.expected})${d.sample ? `, e.g. missing ${d.sample}` : ''}`,
      d.expected,
      d.expected - d.missing,
    );

  // Read models: each state change applied once (no missing rows, no extra rows).
  const confirmed = ids(bookings.filter((b) => b.status === 'confirmed'));
  const eventCards = ids(await db('social', `SELECT booking_id FROM event_cards`), 'booking_id');
  add(
    'social.event_cards = confirmed bookings',
    confirmed.size,
    [...confirmed].filter((x) => eventCards.has(x)).length,
  );
  const venueBookings = ids(await db('venues', `SELECT booking_id FROM venue_bookings`), 'booking_id');
  add(
    'venues.venue_bookings = confirmed bookings',
    confirmed.size,
    [...confirmed].filter((x) => venueBookings.has(x)).length,
  );
  add('venues.venue_bookings rows without a booking', 0, missingFrom(venueBookings, ids(bookings)).length);
  const accepted = acceptedRows.filter((i) => i.booking_id);
  const attendees = new Set(
    (await db('bookings', `SELECT booking_id, user_id FROM booking_attendees`)).map(
      (r) => `${r.booking_id}|${r.user_id}`,
    ),
  );
  add(
    'bookings.booking_attendees of accepted invites',
    accepted.length,
    accepted.filter((i) => attendees.has(`${i.booking_id}|${i.guest_id}`)).length,
  );
  const conversations = await db('messaging', `SELECT host_id, guest_id, booking_id FROM conversations`);
  const triples = new Set(accepted.map((i) => `${i.host_id}|${i.guest_id}|${i.booking_id}`));
  const convSet = new Set(conversations.map((c) => `${c.host_id}|${c.guest_id}|${c.booking_id}`));
  add('messaging.conversations of accepted invites', triples.size, [...triples].filter((t) => convSet.has(t)).length);
  add('messaging.conversations rows (one per accepted host, guest, booking)', triples.size, conversations.length);
  const opened = events.filter((e) => e.type === 'messaging.conversation-opened').length;
  add('messaging.conversation-opened events (one per conversation)', conversations.length, opened);
  const userIds = ids(users);
  for (const [s, table] of [
    ['social', 'member_cards'],
    ['bookings', 'member_cards'],
    ['messaging', 'user_cards'],
    ['admin', 'admin_users'],
  ]) {
    const have = ids(await db(s, `SELECT user_id FROM ${table}`), 'user_id');
    add(`${s}.${table} = identity users`, userIds.size, [...userIds].filter((u) => have.has(u)).length);
  }

  // Kafka: every published event is on its topic; the dead-letter topics are empty.
  const admin = kafkaClient(brokers).admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => !t.startsWith('__') && !t.endsWith('.dlt'));
  await admin.disconnect();
  const { seen, messages: onKafka } = await readTopics(brokers, topics);
  const published = events.filter((e) => e.published);
  add(
    `published events found on Kafka (${onKafka} messages read)`,
    published.length,
    published.filter((e) => seen.has(e.id)).length,
  );
  const known = new Set(events.map((e) => e.id));
  add('events on Kafka without a committed outbox row', 0, [...seen.keys()].filter((id) => !known.has(id)).length);
  const republished = [...seen.values()].filter((n) => n > 1).length;
  rows.push({
    check: 'events published more than once (at-least-once; consumers skip them)',
    expected: 'any',
    actual: String(republished),
    ok: true,
  });
  const dlt = await deadLetters(brokers);
  add(
    `dead-letter messages${
      Object.keys(dlt).length
        ? ` (${Object.entries(dlt)
            .map(([t, n]) => `${t}: ${n}`)
            .join(', ')})`
        : ''
    }`,
    0,
    Object.values(dlt).reduce((a, n) => a + n, 0),
  );

  /** @type {{ events: number, published: number, byType: Record<string, number> }} */
  const totals = { events: events.length, published: published.length, byType: {} };
  for (const e of events) totals.byType[e.type] = (totals.byType[e.type] ?? 0) + 1;
  const deliveredTotal = [...deliveries.values()].reduce((a, d) => a + d.expected - d.missing, 0);
  return {
    rows,
    ok: rows.every((r) => r.ok),
    totals: { ...totals, deliveries: deliveredTotal, republished, kafkaMessages: onKafka },
  };
}

/** @typedef {{ check: string, expected: string, actual: string, ok: boolean }} Row one check of the reconciliation */

/** @param {Row[]} rows */
export function printTable(rows) {
  const w = Math.max(...rows.map((r) => r.check.length));
  console.log(`\n| ${'check'.padEnd(w)} | expected | actual | ok |`);
  console.log(`|${'-'.repeat(w + 2)}|---------:|-------:|----|`);
  for (const r of rows)
    console.log(
      `| ${r.check.padEnd(w)} | ${r.expected.padStart(8)} | ${r.actual.padStart(6)} | ${r.ok ? 'ok' : 'FAIL'} |`,
    );
}
