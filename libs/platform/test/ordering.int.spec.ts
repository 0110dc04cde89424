import { randomUUID } from 'node:crypto';
import { Kafka } from 'kafkajs';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { deadLetterTopic, EventEnvelope, streamTopic } from '@luxe/contracts';
import {
  createDataSource,
  createLogger,
  databaseUrl,
  ensureDatabase,
  IncomingMessage,
  Inbox,
  initDatabase,
  KafkaTransport,
  Outbox,
  OutboxRelay,
  RELAY_LOCK,
  waitFor as waitUntil,
} from '../src';

// The outbox's order and resilience against real PostgreSQL and Kafka (infra/local):
// two relays keep per-key order, a row Kafka refuses is retried alone and parked while other keys
// flow, a commit wakes the relay without polling, old rows are pruned, and an aggregate's
// deletion is never undone by events seen out of order.
const waitFor = <T>(what: string, fn: () => Promise<T | undefined | false>) => waitUntil(what, fn, 90_000);
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('ordering-int', process.env.TEST_LOG_LEVEL ?? 'silent');
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_order`;
// Topics of this run only (the environment prefix the services use), so no earlier run's rows interfere.
const PREFIX = `ord${randomUUID().slice(0, 8)}.`;
const TOPIC = streamTopic('platform.test', PREFIX);

let ds: DataSource;
let ds2: DataSource;
let transport: KafkaTransport;
const kafka = new Kafka({ brokers: (brokers ?? '').split(','), clientId: 'ordering-int-admin', logLevel: 0 });

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, DB);
  const url = databaseUrl(adminUrl, DB);
  ds = createDataSource({ url, migrations: [] });
  await initDatabase(ds);
  // A second pool: the second relay is another instance of the service.
  ds2 = createDataSource({ url, migrations: [] });
  await ds2.initialize();
  await ds.query(`CREATE TABLE IF NOT EXISTS test_cards (key text PRIMARY KEY, n int NOT NULL)`);
  await ds.query(`TRUNCATE outbox_events, inbox_events, outbox_sequences, consumer_positions, test_cards`);
  transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'ordering-int', logger });
  await transport.connect();
  // Small messages only on this topic, so a big envelope is refused by the broker itself.
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({
    waitForLeaders: true,
    topics: [
      {
        topic: TOPIC,
        numPartitions: 3,
        replicationFactor: 1,
        configEntries: [{ name: 'max.message.bytes', value: '4096' }],
      },
      { topic: deadLetterTopic(TOPIC), numPartitions: 1, replicationFactor: 1 },
    ],
  });
  await admin.disconnect();
});

afterAll(async () => {
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [TOPIC, deadLetterTopic(TOPIC)] }).catch(() => undefined);
  await admin.disconnect();
  await transport?.disconnect();
  await ds?.destroy();
  await ds2?.destroy();
});

/** Every message of the run's topic, in the order each partition delivers it. */
async function readTopic(into: IncomingMessage[]): Promise<void> {
  await transport.subscribe({
    groupId: `test.order-reader.${randomUUID()}`,
    topics: [TOPIC],
    handle: async (m) => void into.push(m),
  });
}
const envelopeOf = (m: IncomingMessage) => JSON.parse(m.value) as EventEnvelope<{ n: number }>;

describe('outbox relay', () => {
  it('keeps per-key order with two relays publishing interleaved keys at the same time', async () => {
    const outbox = new Outbox('platform-test');
    const keys = Array.from({ length: 8 }, (_, i) => `order-${i}-${randomUUID().slice(0, 6)}`);
    const perKey = 25;
    const got: IncomingMessage[] = [];
    await readTopic(got);
    const relays = [ds, ds2].map(
      (d) => new OutboxRelay(d, transport, logger, { topicPrefix: PREFIX, batchSize: 7, listen: false }),
    );
    // Writers and both relays run together; each transaction writes one event of two keys.
    let writing = true;
    const writers = (async () => {
      for (let i = 0; i < perKey; i++) {
        for (let k = 0; k < keys.length; k += 2) {
          await ds.transaction(async (m) => {
            await outbox.add(m, 'platform.test-event', keys[k], { n: i });
            await outbox.add(m, 'platform.test-event', keys[k + 1], { n: i });
          });
        }
      }
      writing = false;
    })();
    const relaying = relays.map(async (r) => {
      while (writing) {
        await r.flush();
        await new Promise((res) => setTimeout(res, 2));
      }
      await r.flush();
    });
    await writers;
    await Promise.all(relaying);
    const total = keys.length * perKey;
    await waitFor(`all ${total} events read back`, async () => got.length >= total);
    for (const key of keys) {
      const seen = got.filter((m) => m.key === key).map((m) => envelopeOf(m).sequence);
      expect(seen).toEqual(Array.from({ length: perKey }, (_, i) => i + 1));
    }
    const [{ c }] = await ds.query(`SELECT count(*)::int AS c FROM outbox_events WHERE published_at IS NULL`);
    expect(c).toBe(0);
  });

  it('publishes nothing while another session holds the relay lock (taken in the same round trip as the rows)', async () => {
    const outbox = new Outbox('platform-test');
    const key = `locked-${randomUUID().slice(0, 8)}`;
    const env = await ds.transaction((m) => outbox.add(m, 'platform.test-event', key, { n: 1 }));
    const published = async () =>
      (
        await ds.query(`SELECT published_at IS NOT NULL AS p FROM outbox_events WHERE envelope->>'id' = $1`, [env.id])
      )[0].p;
    const holder = new Client({ connectionString: databaseUrl(adminUrl, DB) });
    await holder.connect();
    const relay = new OutboxRelay(ds, transport, logger, { topicPrefix: PREFIX, listen: false });
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [RELAY_LOCK]);
      expect(await relay.publishBatch()).toBe(0);
      expect(await published()).toBe(false);
      await holder.query('SELECT pg_advisory_unlock($1)', [RELAY_LOCK]);
      expect(await relay.flush()).toBeGreaterThanOrEqual(1);
      expect(await published()).toBe(true);
    } finally {
      await holder.end();
    }
  });

  it('retries a row the broker refuses on its own, parks it after maxAttempts, holds its key back and lets other keys flow', async () => {
    const outbox = new Outbox('platform-test');
    const big = `big-${randomUUID().slice(0, 8)}`;
    const small = `small-${randomUUID().slice(0, 8)}`;
    const got: IncomingMessage[] = [];
    await readTopic(got);
    // An envelope over the topic's max.message.bytes (the data schema keeps `n` only, so the key carries the bulk).
    const hugeKey = `${big}-${'x'.repeat(6000)}`;
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', hugeKey, { n: 1 }));
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', hugeKey, { n: 2 }));
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', small, { n: 1 }));
    const relay = new OutboxRelay(ds, transport, logger, { topicPrefix: PREFIX, maxAttempts: 2, listen: false });

    // First pass: the batch fails, row by row the small key goes out, the big row is charged.
    // The database's clock before the attempt: a backoff puts the row's next attempt after it (on
    // a loaded machine the backoff itself may be over before the rows are read, so not `now()`).
    const [{ at: attemptedAt }] = await ds.query(`SELECT clock_timestamp() AS at`);
    expect(await relay.publishBatch()).toBe(1);
    await waitFor('small key delivered', async () => got.some((m) => m.key === small));
    let rows = await ds.query(
      `SELECT key = $1 AS big, sequence::int, attempts, parked_at, published_at, last_error, next_attempt_at > $3 AS waiting FROM outbox_events WHERE key IN ($1, $2) ORDER BY seq`,
      [hugeKey, small, attemptedAt],
    );
    expect(rows.map((r: any) => [r.big, r.sequence, r.attempts, !!r.published_at, !!r.parked_at])).toEqual([
      [true, 1, 1, false, false],
      [true, 2, 0, false, false],
      [false, 1, 1, true, false],
    ]);
    expect(rows[0].waiting).toBe(true);
    expect(rows[0].last_error).toMatch(/too large|MESSAGE_TOO_LARGE|larger/i);

    // While the first big row backs off, nothing of its key is taken (the second would overtake it):
    // its backoff made long enough to still run whatever the machine's load.
    await ds.query(
      `UPDATE outbox_events SET next_attempt_at = now() + interval '1 hour' WHERE key = $1 AND sequence = 1`,
      [hugeKey],
    );
    expect(await relay.publishBatch()).toBe(0);

    // After its backoff, the second failure parks it; the status reports it.
    await ds.query(`UPDATE outbox_events SET next_attempt_at = now() WHERE key = $1 AND sequence = 1`, [hugeKey]);
    expect(await relay.publishBatch()).toBe(0);
    rows = await ds.query(`SELECT attempts, parked_at FROM outbox_events WHERE key = $1 ORDER BY seq`, [hugeKey]);
    expect(rows[0].attempts).toBe(2);
    expect(rows[0].parked_at).not.toBeNull();
    expect(rows[1].parked_at).toBeNull();
    expect(await relay.status()).toMatchObject({ parked: 1, pending: 1 });

    // Other keys keep flowing past the parked row.
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', small, { n: 2 }));
    expect(await relay.flush()).toBe(1);
    await waitFor('second small event delivered', async () => got.filter((m) => m.key === small).length === 2);
    expect(got.some((m) => m.key === hugeKey)).toBe(false);
  });

  it('charges nothing to the rows while the broker is unreachable, backs off and logs it once, then publishes when it is back', async () => {
    const outbox = new Outbox('platform-test');
    const key = `outage-${randomUUID().slice(0, 8)}`;
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', key, { n: 1 }));
    let down = true;
    let publishCalls = 0;
    // The real broker behind a switch: while "down", publishing and pinging fail as a stopped broker's would.
    const switched = Object.assign(Object.create(Object.getPrototypeOf(transport)), transport, {
      publish: async (ms: Parameters<KafkaTransport['publish']>[0]) => {
        publishCalls++;
        if (down)
          throw Object.assign(new Error('Connection error: connect ECONNREFUSED 127.0.0.1:59092'), { retriable: true });
        return transport.publish(ms);
      },
      ping: async () => {
        if (down) throw new Error('Connection error: connect ECONNREFUSED 127.0.0.1:59092');
      },
    }) as KafkaTransport;
    const warnings: string[] = [];
    const spy = Object.assign(Object.create(logger), {
      warn: (_o: unknown, msg: string) => void warnings.push(msg),
      child: () => spy,
    }) as typeof logger;
    const relay = new OutboxRelay(ds, switched, spy, { topicPrefix: PREFIX, pollMs: 50, listen: false });
    relay.start();
    try {
      await waitFor('several failed rounds', async () => publishCalls >= 6);
      const [row] = await ds.query(`SELECT attempts, parked_at, published_at FROM outbox_events WHERE key = $1`, [key]);
      expect(row).toEqual({ attempts: 0, parked_at: null, published_at: null });
      expect(warnings.filter((w) => w.includes('cannot publish'))).toHaveLength(1);
      expect((await relay.status()).failingSince).not.toBeNull();
      down = false;
      await waitFor(
        'published once the broker is back',
        async () => (await ds.query(`SELECT published_at FROM outbox_events WHERE key = $1`, [key]))[0].published_at,
      );
      expect((await relay.status()).failingSince).toBeNull();
    } finally {
      await relay.stop();
    }
  });

  it('publishes a committed row at once on NOTIFY, without waiting for the poll', async () => {
    const outbox = new Outbox('platform-test');
    const key = `notify-${randomUUID().slice(0, 8)}`;
    const got: IncomingMessage[] = [];
    await readTopic(got);
    // A poll of ten minutes: only the notification can make the relay publish within the wait below.
    const relay = new OutboxRelay(ds, transport, logger, { topicPrefix: PREFIX, pollMs: 600_000 });
    relay.start();
    await waitFor('relay listening', async () => relay.isListening());
    await new Promise((r) => setTimeout(r, 300)); // its first pass is over: the next poll is ten minutes away
    await ds.transaction((m) => outbox.add(m, 'platform.test-event', key, { n: 1 }));
    await waitUntil(
      'published after the commit notified the relay',
      async () => got.some((m) => m.key === key),
      20_000,
    );
    const [row] = await ds.query(`SELECT published_at FROM outbox_events WHERE key = $1`, [key]);
    expect(row.published_at).not.toBeNull();
    await relay.stop();
  });

  it('prunes published outbox rows and processed inbox rows past their retention, and keeps the rest', async () => {
    const outbox = new Outbox('platform-test');
    const key = `prune-${randomUUID().slice(0, 8)}`;
    const old = await ds.transaction((m) => outbox.add(m, 'platform.test-event', key, { n: 1 }));
    const recent = await ds.transaction((m) => outbox.add(m, 'platform.test-event', key, { n: 2 }));
    const pending = await ds.transaction((m) => outbox.add(m, 'platform.test-event', `${key}-pending`, { n: 3 }));
    await ds.query(`UPDATE outbox_events SET published_at = now() - interval '3 hours' WHERE id = $1`, [old.id]);
    await ds.query(`UPDATE outbox_events SET published_at = now() - interval '10 minutes' WHERE id = $1`, [recent.id]);
    await ds.query(`UPDATE outbox_events SET created_at = now() - interval '30 days' WHERE id = $1`, [pending.id]);
    const oldInbox = randomUUID();
    const newInbox = randomUUID();
    await ds.query(
      `INSERT INTO inbox_events (event_id, consumer_group, event_type, processed_at) VALUES ($1, 'g', 't', now() - interval '9 days'), ($2, 'g', 't', now())`,
      [oldInbox, newInbox],
    );
    const relay = new OutboxRelay(ds, transport, logger, {
      topicPrefix: PREFIX,
      outboxRetentionMs: 3600_000,
      inboxRetentionMs: 8 * 24 * 3600_000,
      listen: false,
    });
    const pruned = await relay.housekeeping(true);
    expect(pruned.outbox).toBeGreaterThanOrEqual(1);
    expect(pruned.inbox).toBeGreaterThanOrEqual(1);
    const left = (
      await ds.query(`SELECT id FROM outbox_events WHERE id = ANY($1::uuid[])`, [[old.id, recent.id, pending.id]])
    )
      .map((r: { id: string }) => r.id)
      .sort();
    expect(left).toEqual([recent.id, pending.id].sort());
    const inbox = (
      await ds.query(`SELECT event_id FROM inbox_events WHERE event_id = ANY($1::uuid[])`, [[oldInbox, newInbox]])
    ).map((r: { event_id: string }) => r.event_id);
    expect(inbox).toEqual([newInbox]);
  });
});

describe('inbox order per aggregate', () => {
  const userEvent = (
    type: 'identity.user-registered' | 'identity.user-profile-updated' | 'identity.user-deleted',
    key: string,
    sequence: number,
  ): EventEnvelope => ({
    id: randomUUID(),
    type,
    version: 1,
    stream: 'identity.user',
    sequence,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    key,
    data: {},
  });
  /** A card consumer like messaging's: upsert on registration and update, delete on deletion. */
  async function deliver(inbox: Inbox, group: string, e: EventEnvelope) {
    return inbox.process(group, e, async (m) => {
      if (e.type === 'identity.user-deleted') await m.query(`DELETE FROM test_cards WHERE key = $1`, [e.key]);
      else
        await m.query(
          `INSERT INTO test_cards (key, n) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET n = EXCLUDED.n`,
          [e.key, e.sequence],
        );
    });
  }
  const orders: [string, number[]][] = [
    ['in order', [0, 1, 2]],
    ['deletion first', [2, 1, 0]],
    ['deletion between', [0, 2, 1]],
    ['update last', [1, 2, 0]],
  ];

  it.each(orders)('a deleted user stays deleted whatever order the consumer sees (%s)', async (_name, order) => {
    const inbox = new Inbox(ds);
    const key = randomUUID();
    const group = `test.cards.${randomUUID().slice(0, 8)}`;
    const events = [
      userEvent('identity.user-registered', key, 1),
      userEvent('identity.user-profile-updated', key, 2),
      userEvent('identity.user-deleted', key, 3),
    ];
    const outcomes = [];
    for (const i of order) outcomes.push(await deliver(inbox, group, events[i]));
    expect(await ds.query(`SELECT 1 FROM test_cards WHERE key = $1`, [key])).toHaveLength(0);
    const [pos] = await ds.query(
      `SELECT sequence::int, ended FROM consumer_positions WHERE consumer_group = $1 AND key = $2`,
      [group, Inbox.positionKey('identity.user', key)],
    );
    expect(pos).toEqual({ sequence: 3, ended: true });
    // Whatever came after the deletion was skipped, never applied.
    const afterDeletion = outcomes.slice(order.indexOf(2) + 1);
    expect(afterDeletion.every((o) => o === 'ended')).toBe(true);
    // A redelivery of any of them changes nothing.
    for (const e of events) expect(['duplicate', 'ended']).toContain(await deliver(inbox, group, e));
    expect(await ds.query(`SELECT 1 FROM test_cards WHERE key = $1`, [key])).toHaveLength(0);
  });

  it('ignores a stale version (an update older than the applied one) and applies newer ones', async () => {
    const inbox = new Inbox(ds);
    const key = randomUUID();
    const group = `test.cards.${randomUUID().slice(0, 8)}`;
    expect(await deliver(inbox, group, userEvent('identity.user-profile-updated', key, 3))).toBe('applied');
    expect(await deliver(inbox, group, userEvent('identity.user-profile-updated', key, 2))).toBe('stale');
    expect(await deliver(inbox, group, userEvent('identity.user-registered', key, 1))).toBe('stale');
    expect(await ds.query(`SELECT n FROM test_cards WHERE key = $1`, [key])).toEqual([{ n: 3 }]);
    expect(await deliver(inbox, group, userEvent('identity.user-profile-updated', key, 4))).toBe('applied');
    expect(await ds.query(`SELECT n FROM test_cards WHERE key = $1`, [key])).toEqual([{ n: 4 }]);
  });
});
