// The event path's latency: Kafka's own produce→consume, against outbox commit→consume through the
// relay (polling only, as before, and woken by NOTIFY), on the real PostgreSQL and Kafka of
// infra/local. One event at a time, 10 ms apart, 200 per mode; prints p50/p99 per mode and the
// ratio to Kafka's own. Part of `npm run bench` (or alone: `node infra/scripts/bench/events.mjs`).
// Asserts nothing; about 15 seconds.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../stack.mjs';

const require = createRequire(import.meta.url);
const platform = require(join(ROOT, 'libs/platform/dist/index.js'));
const contracts = require(join(ROOT, 'libs/contracts/dist/index.js'));
const { Kafka, logLevel, Partitioners } = require('kafkajs');

const N = Number(process.env.BENCH_EVENTS ?? 200);
const GAP_MS = 10;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchEvents() {
  const { LUXE_PG_ADMIN_URL: adminUrl, KAFKA_BROKERS: brokers } = process.env;
  if (!adminUrl || !brokers) {
    console.log('\nevent latency: skipped (LUXE_PG_ADMIN_URL and KAFKA_BROKERS not set; run bash infra/local/up.sh and source its env file)');
    return null;
  }
  const prefix = `bench${randomUUID().slice(0, 8)}.`;
  const topic = contracts.streamTopic('platform.test', prefix);
  const logger = platform.createLogger('bench-events', 'error');
  const kafka = new Kafka({ clientId: 'bench-events', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3, replicationFactor: 1 }] });
  const db = 'luxe_bench_events';
  await platform.ensureDatabase(adminUrl, db);
  const ds = platform.createDataSource({ url: platform.databaseUrl(adminUrl, db), migrations: [] });
  await platform.initDatabase(ds);
  await ds.query('TRUNCATE outbox_events, outbox_sequences');
  const transport = new platform.KafkaTransport({ brokers: brokers.split(','), clientId: 'bench-events-relay', logger });
  await transport.connect();

  // One reader for every mode: the time each event id arrives.
  const arrived = new Map();
  const consumer = kafka.consumer({ groupId: `${prefix}reader`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
  await consumer.run({ eachMessage: async ({ message }) => void arrived.set(message.headers?.['bench-id']?.toString() ?? JSON.parse(message.value.toString()).id, performance.now()) });
  while (!joined) await sleep(50);

  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  const results = {};
  async function measure(name, sendOne) {
    const started = new Map();
    for (let i = 0; i < N; i++) {
      const { id, t } = await sendOne(i);
      started.set(id, t);
      await sleep(GAP_MS);
    }
    const end = Date.now() + 30_000;
    while ([...started.keys()].some((id) => !arrived.has(id)) && Date.now() < end) await sleep(20);
    const lat = [...started].filter(([id]) => arrived.has(id)).map(([id, t]) => arrived.get(id) - t);
    results[name] = { n: lat.length, p50: +pct(lat, 50).toFixed(1), p99: +pct(lat, 99).toFixed(1) };
  }

  // Kafka's own: the clock starts when the send starts.
  await measure('kafka produce→consume', async (i) => {
    const id = randomUUID();
    const t = performance.now();
    await producer.send({ topic, acks: -1, messages: [{ key: `k${i % 10}`, value: JSON.stringify({ id }), headers: { 'bench-id': id } }] });
    return { id, t };
  });
  // The outbox: the clock starts when the transaction has committed (the event exists from then).
  const outbox = new platform.Outbox('bench');
  for (const [name, listen] of [['outbox commit→consume (poll 200 ms only)', false], ['outbox commit→consume (NOTIFY)', true]]) {
    const relay = new platform.OutboxRelay(ds, transport, logger, { topicPrefix: prefix, pollMs: 200, listen });
    relay.start();
    if (listen) while (!relay.isListening()) await sleep(20);
    await measure(name, async (i) => {
      const env = await ds.transaction((m) => outbox.add(m, 'platform.test-event', `k${i % 10}`, { n: i }));
      return { id: env.id, t: performance.now() };
    });
    await relay.stop();
  }
  await consumer.disconnect();
  await producer.disconnect();
  await transport.disconnect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
  await ds.destroy();

  const k = results['kafka produce→consume'];
  console.log(`\nevent latency, ${N} events one at a time (${GAP_MS} ms apart), real PostgreSQL and Kafka:\n`);
  console.log('| path | events | p50 ms | p99 ms | p99 / Kafka p99 |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(results)) console.log(`| ${name} | ${r.n} | ${r.p50} | ${r.p99} | ${(r.p99 / k.p99).toFixed(1)}× |`);
  console.log('target: outbox (NOTIFY) p99 at most 3× Kafka p99');
  console.log(JSON.stringify({ bench: 'events', n: N, results }));
  return results;
}

/**
 * Kafka's own produce → consume latency, one message at a time, `gap` ms apart, on a topic of its
 * own (3 partitions, as the stack's), with a consumer of its own group: the clock starts when the
 * send starts and stops when the consumer has the message.
 */
export async function kafkaOwnLatency({ n, gap = GAP_MS, brokers = process.env.KAFKA_BROKERS }) {
  const prefix = `bench${randomUUID().slice(0, 8)}.`;
  const topic = contracts.streamTopic('platform.test', prefix);
  const kafka = new Kafka({ clientId: 'bench-kafka-own', brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3, replicationFactor: 1 }] });
  const arrived = new Map();
  const consumer = kafka.consumer({ groupId: `${prefix}reader`, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
  await consumer.run({ eachMessage: async ({ message }) => void arrived.set(message.headers['bench-id'].toString(), performance.now()) });
  while (!joined) await sleep(50);
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner });
  await producer.connect();
  const started = new Map();
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    started.set(id, performance.now());
    await producer.send({ topic, acks: -1, messages: [{ key: `k${i % 10}`, value: JSON.stringify({ id }), headers: { 'bench-id': id } }] });
    await sleep(gap);
  }
  const end = Date.now() + 30_000;
  while (arrived.size < started.size && Date.now() < end) await sleep(20);
  await consumer.disconnect();
  await producer.disconnect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
  const lat = [...started].filter(([id]) => arrived.has(id)).map(([id, t]) => arrived.get(id) - t);
  return { n: lat.length, p50: +pct(lat, 50).toFixed(1), p99: +pct(lat, 99).toFixed(1) };
}

/**
 * The event propagation on a running stack (bench/discovery.mjs): the time from a
 * `booking-confirmed` committed in the bookings service's outbox (the same insert its booking
 * transaction makes, in a transaction of its own here) to social's read model (event_cards) having
 * the booking, through the bookings relay, Kafka and social's consumer and inbox. One event at a
 * time, `gap` ms apart; social's table is polled every millisecond or so. Next to Kafka's own
 * produce → consume measured the same way, in the same run.
 */
export async function benchPropagation(stack, { n = Number(process.env.BENCH_EVENTS_PROPAGATION ?? 5000), gap = GAP_MS } = {}) {
  const bookingsDs = platform.createDataSource({ url: stack.dbUrls.bookings, migrations: [] });
  await bookingsDs.initialize();
  const social = new (require('pg').Client)({ connectionString: stack.dbUrls.social });
  await social.connect();
  const outbox = new platform.Outbox('bookings');
  const hostId = randomUUID();
  const venueId = randomUUID();
  const pending = new Map();
  const arrived = new Map();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const ids = [...pending.keys()];
      if (ids.length) {
        const { rows } = await social.query('SELECT booking_id FROM event_cards WHERE booking_id = ANY($1::uuid[])', [ids]);
        const t = performance.now();
        for (const r of rows) {
          arrived.set(r.booking_id, t - pending.get(r.booking_id));
          pending.delete(r.booking_id);
        }
      }
      await sleep(1);
    }
  })();
  const data = (bookingId, i) => {
    const date = new Date(Date.now() + (30 + (i % 300)) * 86_400_000).toISOString().slice(0, 10);
    return { bookingId, hostId, hostFirstName: 'Bench', venueId, venueName: 'Bench Club', venueType: 'club', venueCity: 'Miami', venueState: 'Florida', venueImage: '/api/placeholder-venue', sectionType: 'Table', bookingDate: date, startTime: '21:00', endTime: '22:00', duration: 1, startsAt: `${date}T01:00:00.000Z`, guestVisibility: 'both', friendsCount: 0, totalCost: '300.00', capacity: 8 };
  };
  const sent = [];
  for (let i = 0; i < n; i++) {
    const bookingId = randomUUID();
    await bookingsDs.transaction((m) => outbox.add(m, 'bookings.booking-confirmed', bookingId, data(bookingId, i)));
    pending.set(bookingId, performance.now()); // committed
    sent.push(bookingId);
    await sleep(gap);
  }
  const end = Date.now() + 60_000;
  while (pending.size && Date.now() < end) await sleep(20);
  polling = false;
  await poller;
  // The bench's own rows go again (the read model would otherwise list them as events).
  await social.query('DELETE FROM event_cards WHERE host_id = $1', [hostId]).catch(() => undefined);
  await social.end();
  await bookingsDs.destroy();
  const lat = [...arrived.values()];
  const path = { n: lat.length, p50: +pct(lat, 50).toFixed(1), p99: +pct(lat, 99).toFixed(1) };
  const kafka = await kafkaOwnLatency({ n, gap });
  console.log(`
Event propagation, ${n} events one at a time (${gap} ms apart): booking-confirmed committed → social's read model has it, against Kafka's own produce → consume:
`);
  console.log('| path | events | p50 ms | p99 ms | p99 / Kafka p99 |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| booking-confirmed → social event_cards | ${path.n}/${n} | ${path.p50} | ${path.p99} | ${(path.p99 / kafka.p99).toFixed(1)}× |`);
  console.log(`| Kafka produce → consume | ${kafka.n}/${n} | ${kafka.p50} | ${kafka.p99} | 1.0× |`);
  const out = { n, path, kafka, ratio: path.p99 / kafka.p99 };
  console.log(JSON.stringify({ bench: 'propagation', ...out }));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEvents();
