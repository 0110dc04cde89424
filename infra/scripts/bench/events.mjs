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

if (import.meta.url === `file://${process.argv[1]}`) await benchEvents();
