// @ts-check
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
/** @type {typeof import('@luxe/platform')} the build (the benchmarks measure what runs) */
const platform = require(join(ROOT, 'libs/platform/dist/index.js'));
/** @type {typeof import('@luxe/contracts')} */
const contracts = require(join(ROOT, 'libs/contracts/dist/index.js'));
const { Kafka, logLevel, Partitioners } = require('kafkajs');

const N = Number(process.env.BENCH_EVENTS ?? 200);
const GAP_MS = 10;
/** @param {number} ms @returns {Promise<void>} */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** @type {(xs: number[], p: number) => number} */
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/**
 * A topic of its own for one run (3 partitions, as the stack's), and the prefix its reader's group takes.
 * @param {string} clientId
 * @param {string} brokers
 */
async function openTopic(clientId, brokers) {
  const prefix = `bench${randomUUID().slice(0, 8)}.`;
  const topic = contracts.streamTopic('platform.test', prefix);
  const kafka = new Kafka({ clientId, brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 3, replicationFactor: 1 }] });
  return { prefix, topic, kafka, admin };
}

/**
 * What Kafka's own baseline shares with the stack: the relay's producer and the services' consumer
 * settings (libs/platform's transport/kafka.ts), printed next to its figures.
 */
export const KAFKA_SETTINGS = (() => {
  const c = platform.KAFKA_CONSUMER_SETTINGS;
  const p = platform.KAFKA_PRODUCER_SETTINGS;
  return (
    `producer: acks ${platform.KAFKA_ACKS} (all), idempotent ${p.idempotent}, maxInFlightRequests ${p.maxInFlightRequests}, ` +
    `no linger, no compression; consumer: minBytes 1, maxWaitTimeInMs 5000 (kafkajs defaults), ` +
    `sessionTimeout ${c.sessionTimeout}, heartbeatInterval ${c.heartbeatInterval}, ` +
    `partitionsConsumedConcurrently ${platform.KAFKA_RUN_SETTINGS.partitionsConsumedConcurrently}, ` +
    `autoCommit off (offsets every ${platform.KAFKA_COMMIT_INTERVAL_MS} ms, IntervalCommits)`
  );
})();

/**
 * A consumer of `topic` in a group of its own, returned once it has joined: `arrived` maps each
 * message's id (`idOf`) to the time it came. It reads as the services' consumers do (their
 * settings, their run loop and offset commits), without their handlers.
 * @param {{ kafka: any, topic: string, prefix: string }} opened
 * @param {(message: { value: Buffer | null, headers?: Record<string, unknown> }) => string} idOf
 */
async function startReader({ kafka, topic, prefix }, idOf) {
  /** @type {Map<string, number>} */
  const arrived = new Map();
  const consumer = kafka.consumer({ groupId: `${prefix}reader`, ...platform.KAFKA_CONSUMER_SETTINGS });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let joined = false;
  consumer.on(consumer.events.GROUP_JOIN, () => (joined = true));
  const commits = new platform.IntervalCommits(platform.createLogger('bench-reader', 'error'));
  await commits.run(
    consumer,
    async (/** @type {{ message: any }} */ { message }) => void arrived.set(idOf(message), performance.now()),
    platform.KAFKA_RUN_SETTINGS,
  );
  while (!joined) await sleep(50);
  return { consumer: { disconnect: async () => (await commits.close(), await consumer.disconnect()) }, arrived };
}

/**
 * Waits (30 s at most) until every started message has arrived.
 * @param {Map<string, number>} started when each was sent, by id
 * @param {Map<string, number>} arrived when each arrived, by id
 */
async function allArrived(started, arrived) {
  const end = Date.now() + 30_000;
  while ([...started.keys()].some((id) => !arrived.has(id)) && Date.now() < end) await sleep(20);
}
/**
 * The latencies of the started messages that have arrived.
 * @param {Map<string, number>} started
 * @param {Map<string, number>} arrived
 */
const latencies = (started, arrived) =>
  [...started].filter(([id]) => arrived.has(id)).map(([id, t]) => /** @type {number} */ (arrived.get(id)) - t);
/** n, p50, p99 and max of latencies in ms. @param {number[]} lat */
const figures = (lat) => ({
  n: lat.length,
  p50: +pct(lat, 50).toFixed(1),
  p99: +pct(lat, 99).toFixed(1),
  max: +pct(lat, 100).toFixed(1),
});

export async function benchEvents() {
  const { LUXE_PG_ADMIN_URL: adminUrl, KAFKA_BROKERS: brokers } = process.env;
  if (!adminUrl || !brokers) {
    console.log(
      '\nevent latency: skipped (LUXE_PG_ADMIN_URL and KAFKA_BROKERS not set; run bash infra/local/up.sh and source its env file)',
    );
    return null;
  }
  const opened = await openTopic('bench-events', brokers);
  const { prefix, topic, admin } = opened;
  const logger = platform.createLogger('bench-events', 'error');
  const db = 'luxe_bench_events';
  await platform.ensureDatabase(adminUrl, db);
  const ds = platform.createDataSource({ url: platform.databaseUrl(adminUrl, db), migrations: [] });
  await platform.initDatabase(ds);
  await ds.query('TRUNCATE outbox_events, outbox_sequences');
  const transport = new platform.KafkaTransport({
    brokers: brokers.split(','),
    clientId: 'bench-events-relay',
    logger,
  });
  await transport.connect();

  // One reader for every mode: the time each event id arrives.
  const { consumer, arrived } = await startReader(opened, (message) => JSON.parse(String(message.value)).id);

  // Kafka's own: the clock starts when the send starts (its own topic and reader, as below).
  /** @type {Record<string, { n: number, p50: number, p99: number }>} */
  const results = { 'kafka produce→consume': await kafkaOwnLatency({ n: N, brokers }) };
  /**
   * @param {string} name
   * @param {(i: number) => Promise<{ id: string, t: number }>} sendOne
   */
  async function measure(name, sendOne) {
    const started = new Map();
    for (let i = 0; i < N; i++) {
      const { id, t } = await sendOne(i);
      started.set(id, t);
      await sleep(GAP_MS);
    }
    await allArrived(started, arrived);
    const lat = latencies(started, arrived);
    results[name] = { n: lat.length, p50: +pct(lat, 50).toFixed(1), p99: +pct(lat, 99).toFixed(1) };
  }

  // The outbox: the clock starts when the transaction has committed (the event exists from then).
  const outbox = new platform.Outbox('bench');
  /** @type {[string, boolean][]} */
  const relays = [
    ['outbox commit→consume (poll 200 ms only)', false],
    ['outbox commit→consume (NOTIFY)', true],
  ];
  for (const [name, listen] of relays) {
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
  await transport.disconnect();
  await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
  await admin.disconnect();
  await ds.destroy();

  const k = results['kafka produce→consume'];
  console.log(`\nevent latency, ${N} events one at a time (${GAP_MS} ms apart), real PostgreSQL and Kafka:\n`);
  console.log('| path | events | p50 ms | p99 ms | p99 / Kafka p99 |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of Object.entries(results))
    console.log(`| ${name} | ${r.n} | ${r.p50} | ${r.p99} | ${(r.p99 / k.p99).toFixed(1)}× |`);
  console.log(`Kafka's own: ${KAFKA_SETTINGS}`);
  console.log('target: outbox (NOTIFY) p99 at most 2× Kafka p99');
  console.log(JSON.stringify({ bench: 'events', n: N, results }));
  return results;
}

/**
 * Kafka's own produce → consume latency, one message at a time, `gap` ms apart, on a topic of its
 * own (3 partitions, as the stack's), with a consumer of its own group: the clock starts when the
 * send starts and stops when the consumer has the message.
 */
/** @param {{ n: number, gap?: number, warmup?: number, brokers?: string }} opts */
export async function kafkaOwnLatency({ n, gap = GAP_MS, warmup = 0, brokers = process.env.KAFKA_BROKERS }) {
  const own = await openKafkaOwn({ brokers });
  try {
    for (let i = 0; i < warmup + n; i++) {
      await own.sendOne(i, i >= warmup);
      await sleep(gap);
    }
    await own.drain();
  } finally {
    await own.close();
  }
  return own.result();
}

/**
 * Kafka's own path, held open so a run can send through it in blocks between blocks of another
 * path (same minute, same machine load): a topic of its own, an idempotent producer (as the
 * relay's) and a consumer of its own group.
 */
export async function openKafkaOwn({ brokers = process.env.KAFKA_BROKERS } = {}) {
  if (!brokers) throw new Error("KAFKA_BROKERS is not set (source infra/local's env file)");
  const opened = await openTopic('bench-kafka-own', brokers);
  const { topic, kafka, admin } = opened;
  const { consumer, arrived } = await startReader(opened, (message) => String(message.headers?.['bench-id']));
  const producer = kafka.producer({
    ...platform.KAFKA_PRODUCER_SETTINGS,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  const started = new Map();
  return {
    /** Sends one message; `counted` false for a warm-up message. */
    /** @param {number} i */
    async sendOne(i, counted = true) {
      const id = randomUUID();
      if (counted) started.set(id, performance.now());
      await producer.send({
        topic,
        acks: platform.KAFKA_ACKS,
        messages: [{ key: `k${i % 10}`, value: JSON.stringify({ id }), headers: { 'bench-id': id } }],
      });
    },
    /** Waits (30 s at most) until every counted message has arrived. */
    async drain() {
      await allArrived(started, arrived);
    },
    result() {
      return figures(latencies(started, arrived));
    },
    async close() {
      await consumer.disconnect().catch(() => undefined);
      await producer.disconnect().catch(() => undefined);
      await admin.deleteTopics({ topics: [topic] }).catch(() => undefined);
      await admin.disconnect().catch(() => undefined);
    },
  };
}

/** Epoch ms with sub-ms precision (the clock of the arrival and commit times). */
export const now = () => performance.timeOrigin + performance.now();

/**
 * When each booking reaches social's read model: a trigger the bench puts on event_cards for the
 * run NOTIFYs its booking id (delivered at commit), so nothing polls the database while it
 * measures. `arrivedAt` maps booking id → epoch ms; `social` is a client of social's database for
 * the caller's queries (ended by `stop`, which also drops the trigger).
 * @param {string} socialUrl
 */
export async function watchArrivals(socialUrl) {
  const pg = require('pg');
  const social = new pg.Client({ connectionString: socialUrl });
  await social.connect();
  const listener = new pg.Client({ connectionString: socialUrl });
  await listener.connect();
  const channel = 'luxe_bench_arrival';
  await social.query(
    `CREATE OR REPLACE FUNCTION luxe_bench_arrival() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('${channel}', NEW.booking_id::text); RETURN NEW; END $$`,
  );
  await social.query('DROP TRIGGER IF EXISTS luxe_bench_arrival ON event_cards');
  await social.query(
    'CREATE TRIGGER luxe_bench_arrival AFTER INSERT ON event_cards FOR EACH ROW EXECUTE FUNCTION luxe_bench_arrival()',
  );
  /** @type {Map<string, number>} */
  const arrivedAt = new Map();
  listener.on('notification', (/** @type {{ payload?: string }} */ m) => void arrivedAt.set(String(m.payload), now()));
  await listener.query(`LISTEN ${channel}`);
  return {
    social,
    arrivedAt,
    async stop() {
      await social.query('DROP TRIGGER IF EXISTS luxe_bench_arrival ON event_cards').catch(() => undefined);
      await social.query('DROP FUNCTION IF EXISTS luxe_bench_arrival()').catch(() => undefined);
      await listener.end().catch(() => undefined);
    },
  };
}

/**
 * The data of a `booking-confirmed` of a bench host at a bench venue (what the bookings service
 * puts in its outbox when a booking is paid), its date spread over the coming year.
 * @param {string} hostId
 * @param {string} venueId
 */
export function confirmedData(hostId, venueId) {
  /**
   * @param {string} bookingId
   * @param {number} i
   */
  return (bookingId, i) => {
    const date = new Date(Date.now() + (30 + (i % 300)) * 86_400_000).toISOString().slice(0, 10);
    return {
      bookingId,
      hostId,
      hostFirstName: 'Bench',
      venueId,
      venueName: 'Bench Club',
      venueType: /** @type {const} */ ('club'),
      venueCity: 'Miami',
      venueState: 'Florida',
      venueImage: '/api/placeholder-venue',
      sectionType: 'Table',
      bookingDate: date,
      startTime: '21:00',
      endTime: '22:00',
      duration: 1,
      startsAt: `${date}T01:00:00.000Z`,
      guestVisibility: 'both',
      friendsCount: 0,
      totalCost: '300.00',
      capacity: 8,
    };
  };
}

/**
 * The issue's event propagation on a running stack (bench/discovery.mjs): the time from a
 * `booking-confirmed` committed in the bookings service's outbox (the same insert its booking
 * transaction makes, in a transaction of its own here) to social's read model (event_cards) having
 * the booking, through the bookings relay, Kafka and social's consumer and inbox. One event at a
 * time, `gap` ms apart. The arrival is the commit of social's row: a trigger the bench puts on
 * event_cards for the run NOTIFYs it (delivered at commit), so nothing polls the database while it
 * measures. The stages from the rows' own timestamps: commit → the relay's transaction,
 * relay → the consumer's transaction, consumer → committed.
 *
 * Next to it, Kafka's own produce → consume measured the same way and in the same minutes: the two
 * paths take turns in blocks of `block` events (the stack's, then Kafka's, and so on), each path's
 * first `warmup` events not counted (the code paths were idle until then). Measured one after the
 * other instead, each figure would also measure the minute it ran in: on a small shared machine
 * Kafka's own tail latency moves by a factor of two from one minute to the next.
 */
/**
 * @param {import('../stack.mjs').Stack} stack
 * @param {{ n?: number, gap?: number, warmup?: number, block?: number }} [opts]
 */
export async function benchPropagation(
  stack,
  {
    n = Number(process.env.BENCH_EVENTS_PROPAGATION ?? 5000),
    gap = GAP_MS,
    warmup = Number(process.env.BENCH_EVENTS_WARMUP ?? 2000),
    block = Number(process.env.BENCH_EVENTS_BLOCK ?? 500),
  } = {},
) {
  const bookingsDs = platform.createDataSource({ url: stack.dbUrls.bookings, migrations: [] });
  await bookingsDs.initialize();
  const { social, arrivedAt, stop: stopWatching } = await watchArrivals(stack.dbUrls.social);
  const outbox = new platform.Outbox('bookings');
  const hostId = randomUUID();
  const venueId = randomUUID();
  const committedAt = new Map(); // bookingId → epoch ms (performance.timeOrigin-based, sub-ms)
  // BENCH_EVENTS_OBSERVE=1: a consumer of the bench's own on the bookings stream, to see when an
  // event is on Kafka and fetchable (splits the relay → consumer stage into the relay's publish with
  // Kafka's delivery, and social's own pickup). Off by default: one more consumer woken by every
  // event, on the path measured and not on Kafka's own.
  const onKafkaAt = new Map();
  let observer = null;
  if (process.env.BENCH_EVENTS_OBSERVE === '1') {
    const observerKafka = new Kafka({
      clientId: 'bench-observer',
      brokers: String(process.env.KAFKA_BROKERS).split(','),
      logLevel: logLevel.NOTHING,
    });
    observer = observerKafka.consumer({
      groupId: `bench-observer-${randomUUID().slice(0, 8)}`,
      ...platform.KAFKA_CONSUMER_SETTINGS,
    });
    await observer.connect();
    await observer.subscribe({
      topics: [contracts.streamTopic('bookings.booking', stack.topicPrefix ?? '')],
      fromBeginning: false,
    });
    let observing = false;
    observer.on(observer.events.GROUP_JOIN, () => (observing = true));
    await observer.run({
      eachMessage: async ({ message }) =>
        void (message.key && !onKafkaAt.has(message.key.toString()) && onKafkaAt.set(message.key.toString(), now())),
    });
    while (!observing) await sleep(50);
  }
  const data = confirmedData(hostId, venueId);
  const counted = [];
  const own = await openKafkaOwn();
  try {
    // The two paths in turns, a block each, until each has sent warmup + n.
    const total = warmup + n;
    for (let from = 0; from < total; from += block) {
      const to = Math.min(total, from + block);
      let last = '';
      for (let i = from; i < to; i++) {
        const bookingId = (last = randomUUID());
        await bookingsDs.transaction((m) => outbox.add(m, 'bookings.booking-confirmed', bookingId, data(bookingId, i)));
        committedAt.set(bookingId, now());
        if (i >= warmup) counted.push(bookingId);
        await sleep(gap);
      }
      // The stack's last event has arrived before Kafka's turn starts (and the other way round).
      const until = Date.now() + 10_000;
      while (!arrivedAt.has(last) && Date.now() < until) await sleep(5);
      for (let i = from; i < to; i++) {
        await own.sendOne(i, i >= warmup);
        await sleep(gap);
      }
      await own.drain();
    }
    const end = Date.now() + 60_000;
    while (counted.some((id) => !arrivedAt.has(id)) && Date.now() < end) await sleep(20);
  } finally {
    await own.close();
    await stopWatching();
    await observer?.disconnect().catch(() => undefined);
  }
  // Where the time goes: the outbox row's creation and publication, the consumer's inbox row (each
  // the start of its transaction, PostgreSQL's clock, the same machine's).
  const ids = counted.filter((id) => arrivedAt.has(id));
  /** @type {{ key: string, event_id: string, published: string }[]} */
  const outRows = await bookingsDs.query(
    `SELECT key, envelope->>'id' AS event_id, extract(epoch FROM published_at) * 1000 AS published FROM outbox_events WHERE key = ANY($1::text[]) AND type = 'bookings.booking-confirmed'`,
    [ids],
  );
  const eventOf = new Map(outRows.map((r) => [r.key, r.event_id]));
  const { rows: inRows } = await social.query(
    `SELECT event_id::text AS id, min(extract(epoch FROM processed_at) * 1000) AS processed FROM inbox_events WHERE event_id = ANY($1::uuid[]) GROUP BY event_id`,
    [[...eventOf.values()]],
  );
  const published = new Map(outRows.map((r) => [r.key, Number(r.published)]));
  const processedByEvent = new Map(inRows.map((r) => [r.id, Number(r.processed)]));
  const processed = new Map(ids.map((id) => [id, processedByEvent.get(eventOf.get(id))]));
  // The bench's own rows go again (the read model would otherwise list them as events).
  await social.query('DELETE FROM event_cards WHERE host_id = $1', [hostId]).catch(() => undefined);
  await social.end();
  await bookingsDs.destroy();
  /** A time the bench did not see is NaN, which the figures leave out. @type {(m: Map<string, number | undefined>, id: string) => number} */
  const ms = (m, id) => m.get(id) ?? NaN;
  const lat = ids.map((id) => ms(arrivedAt, id) - ms(committedAt, id));
  const path = figures(lat);
  /** @param {(id: string) => number} f */
  const stage = (f) => {
    const xs = ids.map(f).filter((x) => Number.isFinite(x));
    return xs.length ? { n: xs.length, p50: +pct(xs, 50).toFixed(1), p99: +pct(xs, 99).toFixed(1) } : null;
  };
  const stages = {
    'commit → relay transaction': stage((id) => ms(published, id) - ms(committedAt, id)),
    'relay → consumer transaction (publish, Kafka, fetch)': stage((id) => ms(processed, id) - ms(published, id)),
    ...(observer && {
      '  of which relay → on Kafka (publish, a consumer of the bench fetched it)': stage(
        (id) => ms(onKafkaAt, id) - ms(published, id),
      ),
      '  of which on Kafka → consumer transaction (social fetched it, began)': stage(
        (id) => ms(processed, id) - ms(onKafkaAt, id),
      ),
    }),
    'consumer transaction → committed': stage((id) => ms(arrivedAt, id) - ms(processed, id)),
  };
  // BENCH_EVENTS_DUMP=file: one line per counted event (commit time and each stage), to find what the slow ones share.
  if (process.env.BENCH_EVENTS_DUMP) {
    const lines = ids.map((id) => {
      const c = ms(committedAt, id);
      return JSON.stringify({
        at: +(c - ms(committedAt, ids[0])).toFixed(1),
        epochMs: +c.toFixed(1),
        total: +(ms(arrivedAt, id) - c).toFixed(2),
        toRelay: +(ms(published, id) - c).toFixed(2),
        relayToKafka: +(ms(onKafkaAt, id) - ms(published, id)).toFixed(2),
        kafkaToConsumer: +(ms(processed, id) - ms(onKafkaAt, id)).toFixed(2),
        consumerToCommitted: +(ms(arrivedAt, id) - ms(processed, id)).toFixed(2),
      });
    });
    require('node:fs').writeFileSync(process.env.BENCH_EVENTS_DUMP, `${lines.join('\n')}\n`);
  }
  const kafka = own.result();
  console.log(`
Event propagation, ${n} events one at a time (${gap} ms apart, after ${warmup} not counted): booking-confirmed committed → social's read model has it committed, against Kafka's own produce → consume, the two in turns of ${block} events:
`);
  console.log('| path | events | p50 ms | p99 ms | max ms | p99 / Kafka p99 |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(
    `| booking-confirmed → social event_cards | ${path.n}/${n} | ${path.p50} | ${path.p99} | ${path.max} | ${(path.p99 / kafka.p99).toFixed(1)}× |`,
  );
  console.log(
    `| Kafka produce → consume (${KAFKA_SETTINGS}) | ${kafka.n}/${n} | ${kafka.p50} | ${kafka.p99} | ${kafka.max} | 1.0× |`,
  );
  console.log('\nWhere the time goes (each stage on its own, so the p99s do not add up):\n');
  console.log('| stage | events | p50 ms | p99 ms |');
  console.log('|---|---:|---:|---:|');
  for (const [name, r] of Object.entries(stages))
    console.log(`| ${name} | ${r?.n ?? 0} | ${r?.p50 ?? '-'} | ${r?.p99 ?? '-'} |`);
  const out = { n, warmup, block, path, kafka, kafkaSettings: KAFKA_SETTINGS, ratio: path.p99 / kafka.p99, stages };
  console.log(JSON.stringify({ bench: 'propagation', ...out }));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEvents();
