import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DataSource } from 'typeorm';
import { deadLetterTopic, topicFor } from '@luxe/contracts';
import {
  createDataSource,
  createLogger,
  createMessageHandler,
  databaseUrl,
  ensureDatabase,
  IncomingMessage,
  Inbox,
  initDatabase,
  KafkaTransport,
  Outbox,
  OutboxRelay,
  waitFor as waitUntil,
} from '../src';

// A new consumer group on a fresh broker can take tens of seconds to join.
const waitFor = <T>(what: string, fn: () => Promise<T | undefined | false>) => waitUntil(what, fn, 90_000);

// Real PostgreSQL and Kafka from infra/local: the outbox → Kafka → inbox path.
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('outbox-int', process.env.TEST_LOG_LEVEL ?? 'silent');
// The outbox writes to the event's own topic; the poison test uses a topic of this run only,
// so no earlier run's messages stand in front of it.
const TOPIC = topicFor('platform.test-event');
const RUN_TOPIC = `test.poison.${randomUUID()}`;
const idOf = (m: IncomingMessage) => {
  try {
    return JSON.parse(m.value).id as string;
  } catch {
    return undefined;
  }
};

let ds: DataSource;
let url: string;
let transport: KafkaTransport;

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform`);
  url = databaseUrl(adminUrl, `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform`);
  ds = createDataSource({ url, migrations: [] });
  await initDatabase(ds);
  await ds.query(`CREATE TABLE IF NOT EXISTS test_effects (event_id uuid NOT NULL, n int NOT NULL)`);
  await ds.query(`TRUNCATE test_effects, outbox_events, inbox_events, outbox_sequences, consumer_positions`);
  transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'outbox-int', logger });
  await transport.connect();
  await transport.ensureTopics([TOPIC, deadLetterTopic(TOPIC), RUN_TOPIC, deadLetterTopic(RUN_TOPIC)]);
});

afterAll(async () => {
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'outbox-int-cleanup', logLevel: 0 }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: [RUN_TOPIC, deadLetterTopic(RUN_TOPIC)] }).catch(() => undefined);
  await admin.disconnect();
  await transport?.disconnect();
  await ds?.destroy();
});

/** A consumer group of its own whose effect is one row per event in test_effects. */
async function startConsumer(group: string, deliveries: IncomingMessage[], topic = TOPIC) {
  const handle = createMessageHandler(
    {
      group,
      handlers: {
        'platform.test-event': async (e, m) => {
          if (e.data.poison) throw new Error('poison event');
          await m.query(`INSERT INTO test_effects (event_id, n) VALUES ($1, $2)`, [e.id, e.data.n]);
        },
      },
    },
    { inbox: new Inbox(ds), transport, logger, retry: { maxAttempts: 3, backoffMs: 20 } },
  );
  await transport.subscribe({
    groupId: group,
    topics: [topic],
    handle: async (msg) => {
      deliveries.push(msg);
      await handle(msg);
    },
  });
}

describe('outbox → Kafka → inbox', () => {
  it('reaches the consumer exactly once when the relay dies after publishing and before marking', async () => {
    const outbox = new Outbox('platform-test');
    const n = Math.floor(Math.random() * 1e9);
    const env = await ds.transaction((m) => outbox.add(m, 'platform.test-event', `k-${n}`, { n }));

    const deliveries: IncomingMessage[] = [];
    await startConsumer(`test.exactly-once.${randomUUID()}`, deliveries);

    // 1. A relay process publishes the row and is killed before it marks it published.
    const child = spawn(process.execPath, [join(__dirname, 'fixtures', 'relay-child.cjs')], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        KAFKA_BROKERS: brokers,
        OUTBOX_RELAY_FAULT: 'crash-after-publish',
        NODE_ENV: 'test',
      },
      stdio: 'pipe',
    });
    const exit = await new Promise<{ code: number | null; signal: string | null }>((res) =>
      child.on('exit', (code, signal) => res({ code, signal })),
    );
    expect(exit.signal).toBe('SIGKILL');
    const [row] = await ds.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [env.id]);
    expect(row.published_at).toBeNull();

    // The consumer got the event once already.
    await waitFor('first delivery', async () => deliveries.some((d) => idOf(d) === env.id));

    // 2. A new relay publishes the same row again and marks it.
    const relay = new OutboxRelay(ds, transport, logger);
    expect(await relay.flush()).toBeGreaterThanOrEqual(1);
    const [after] = await ds.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [env.id]);
    expect(after.published_at).not.toBeNull();

    // 3. Delivered twice, applied once.
    await waitFor('redelivery', async () => deliveries.filter((d) => idOf(d) === env.id).length >= 2);
    await new Promise((r) => setTimeout(r, 300));
    const effects = await ds.query(`SELECT n FROM test_effects WHERE event_id = $1`, [env.id]);
    expect(effects).toEqual([{ n }]);
    const inbox = await ds.query(`SELECT count(*)::int AS c FROM inbox_events WHERE event_id = $1`, [env.id]);
    expect(inbox[0].c).toBe(1);
  });

  it('sends a poison event to the dead-letter topic and keeps the partition flowing', async () => {
    const key = `same-partition-${randomUUID()}`;
    const mk = (n: number, poison?: boolean) => ({
      id: randomUUID(),
      type: 'platform.test-event',
      version: 1,
      stream: 'platform.test',
      sequence: n,
      occurredAt: new Date().toISOString(),
      producer: 'platform-test',
      key,
      data: poison ? { n, poison: true } : { n },
    });
    const poison = mk(1, true);
    const good = mk(2);
    const dlt: IncomingMessage[] = [];
    await transport.subscribe({
      groupId: `test.dlt-reader.${randomUUID()}`,
      topics: [deadLetterTopic(RUN_TOPIC)],
      handle: async (m) => void dlt.push(m),
    });
    const deliveries: IncomingMessage[] = [];
    await startConsumer(`test.poison.${randomUUID()}`, deliveries, RUN_TOPIC);

    // Same key, so same partition: a malformed message, the poison, then a good one behind them.
    await transport.publish([
      { topic: RUN_TOPIC, key, value: '{not json' },
      { topic: RUN_TOPIC, key, value: JSON.stringify(poison) },
      { topic: RUN_TOPIC, key, value: JSON.stringify(good) },
    ]);

    await waitFor(
      'good event applied after the poison',
      async () => (await ds.query(`SELECT 1 FROM test_effects WHERE event_id = $1`, [good.id])).length === 1,
    );
    const inDlt = await waitFor('poison in the dead-letter topic', async () => {
      const p = dlt.find((m) => m.value === JSON.stringify(poison));
      const bad = dlt.find((m) => m.value === '{not json');
      return p && bad ? { p, bad } : undefined;
    });
    expect(inDlt.p.headers['x-dlt-reason']).toContain('poison event');
    expect(inDlt.p.headers['x-dlt-attempts']).toBe('3');
    expect(inDlt.bad.headers['x-dlt-attempts']).toBe('0');
    expect(await ds.query(`SELECT 1 FROM test_effects WHERE event_id = $1`, [poison.id])).toHaveLength(0);
    expect(await ds.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [poison.id])).toHaveLength(0);
    // Order kept: the good event was delivered only after the poison had been dealt with.
    const order = deliveries.map(idOf);
    expect(order.indexOf(good.id)).toBeGreaterThan(order.indexOf(poison.id));
  });
});
