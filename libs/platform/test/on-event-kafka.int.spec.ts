import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { Consumer, Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { deadLetterTopic, topicFor } from '@luxe/contracts';
import {
  createLogger,
  currentCorrelationId,
  databaseUrl,
  ensureDatabase,
  EventConsumer,
  eventGroupId,
  EventOf,
  IncomingMessage,
  KafkaTransport,
  OnEvent,
  Outbox,
  RunningService,
  waitFor as waitUntil,
} from '../src';
import { startGroupAtTopicEnd } from './support/kafka-group';
import { startTestService } from './support/service';
import { unprepared, watchQueries } from './support/watch-queries';

// A Nest service with an @OnEvent handler on the real Kafka (Nest's ServerKafka) and PostgreSQL.
const waitFor = <T>(what: string, fn: () => Promise<T | undefined | false>) => waitUntil(what, fn, 90_000);
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('on-event-int', process.env.TEST_LOG_LEVEL ?? 'silent');
const TOPIC = topicFor('platform.test-event');
const DLT = deadLetterTopic(TOPIC);
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_events`;
// Longer in total than the consumer's 10 s session timeout: only heartbeats keep the partition.
const RETRY = { maxAttempts: 3, backoffMs: 4000 };
const GROUP_PREFIX = `test.${randomUUID()}.`;

class CreateTestEffects1700000009000 implements MigrationInterface {
  name = 'CreateTestEffects1700000009000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS test_effects (event_id uuid NOT NULL, n int NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS test_effects`);
  }
}

const attempts = new Map<string, number>();
const correlations = new Map<string, string | undefined>();

@EventConsumer('effects')
class EffectsConsumer {
  @OnEvent('platform.test-event')
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
    correlations.set(event.id, currentCorrelationId());
    if (event.data.poison) throw new Error('poison event');
    await tx.query(`INSERT INTO test_effects (event_id, n) VALUES ($1, $2)`, [event.id, event.data.n]);
  }
}

@Module({ controllers: [EffectsConsumer] })
class EffectsModule {}

let transport: KafkaTransport;
let svc: RunningService;
let consumer: Consumer;
let joins = 0;
const dlt: IncomingMessage[] = [];

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, DB);
  transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'on-event-int', logger });
  await transport.connect();
  await transport.ensureTopics([TOPIC, DLT]);
  // Earlier runs' events (poison ones among them) are not this spec's.
  await startGroupAtTopicEnd(brokers, eventGroupId('eventtest', GROUP_PREFIX), TOPIC);
  svc = await startTestService(
    { name: 'eventtest', module: EffectsModule, migrations: [CreateTestEffects1700000009000] },
    {
      databaseUrl: databaseUrl(adminUrl, DB),
      transport,
      logger,
      retry: RETRY,
      groupPrefix: GROUP_PREFIX,
      outboxPollMs: 50,
    },
  );
  const ms = svc.app.getMicroservices();
  expect(ms).toHaveLength(1);
  [, consumer] = ms[0].unwrap<[unknown, Consumer]>();
  consumer.on(consumer.events.GROUP_JOIN, () => void joins++);
  await transport.subscribe({
    groupId: `test.dlt-reader.${randomUUID()}`,
    topics: [DLT],
    handle: async (m) => void dlt.push(m),
  });
});

afterAll(async () => {
  await svc?.close();
  await transport?.disconnect();
});

const mk = (n: number, key: string, poison?: boolean, sequence = 1) => ({
  id: randomUUID(),
  type: 'platform.test-event',
  version: 1,
  stream: 'platform.test',
  sequence,
  occurredAt: new Date().toISOString(),
  producer: 'platform-test',
  key,
  data: poison ? { n, poison: true } : { n },
});

describe('@OnEvent on Nest’s Kafka transport', () => {
  it('consumes an outbox event once, in the inbox transaction, with the correlation id of the message', async () => {
    const n = Math.floor(Math.random() * 1e9);
    const outbox = new Outbox('platform-test');
    const env = await svc.dataSource.transaction((m) => outbox.add(m, 'platform.test-event', `k-${n}`, { n }));
    // The same message published again by hand (a relay that died before marking): applied once.
    const headers = { 'x-correlation-id': `corr-${n}` };
    await waitFor(
      'applied',
      async () => (await svc.dataSource.query(`SELECT 1 FROM test_effects WHERE event_id = $1`, [env.id])).length === 1,
    );
    await transport.publish([{ topic: TOPIC, key: env.key, value: JSON.stringify(env), headers }]);
    await waitFor('second delivery seen by the inbox', async () => {
      const offsets = await consumerLag();
      return offsets === 0;
    });
    expect(await svc.dataSource.query(`SELECT n FROM test_effects WHERE event_id = $1`, [env.id])).toEqual([{ n }]);
    expect(await svc.dataSource.query(`SELECT consumer_group FROM inbox_events WHERE event_id = $1`, [env.id])).toEqual(
      [{ consumer_group: 'eventtest.effects' }],
    );
    expect(attempts.get(env.id)).toBe(1);

    // A message with a correlation id: the handler runs with it as the current one.
    const other = mk(n + 1, `k-${n}`, false, 2);
    await transport.publish([{ topic: TOPIC, key: other.key, value: JSON.stringify(other), headers }]);
    await waitFor(
      'other applied',
      async () =>
        (await svc.dataSource.query(`SELECT 1 FROM test_effects WHERE event_id = $1`, [other.id])).length === 1,
    );
    expect(correlations.get(other.id)).toBe(`corr-${n}`);
  });

  it("commits an offset only after flushing the log of the service's database (its inbox transactions commit as the server is configured)", async () => {
    const e = mk(7, `flush-${randomUUID()}`);
    const watch = watchQueries(svc.dataSource);
    try {
      await transport.publish([{ topic: TOPIC, key: e.key, value: JSON.stringify(e) }]);
      await waitFor(
        'applied',
        async () => (await svc.dataSource.query(`SELECT 1 FROM test_effects WHERE event_id = $1`, [e.id])).length === 1,
      );
      await waitFor('its offset committed', async () => (await consumerLag()) === 0);
    } finally {
      watch.restore();
    }
    const inbox = watch.sent.findIndex(
      (q) => unprepared(q).startsWith('BEGIN; EXECUTE luxe_inbox_begin(') && q.includes(e.id),
    );
    const flush = watch.sent.findIndex(
      (q, i) => i > inbox && q.includes("pg_logical_emit_message(true, 'luxe.flush', '')"),
    );
    expect([inbox >= 0, flush > inbox]).toEqual([true, true]);
  });

  it('dead-letters a malformed and a poison event while the partition keeps flowing, and keeps the partition through long backoffs', async () => {
    const key = `same-partition-${randomUUID()}`;
    const poison = mk(1, key, true);
    const good = mk(2, key, false, 2);
    const joinsBefore = joins;
    await transport.publish([
      { topic: TOPIC, key, value: '{not json', headers: { 'x-correlation-id': `bad-${poison.id}` } },
      { topic: TOPIC, key, value: JSON.stringify(poison), headers: { 'x-correlation-id': `poison-${poison.id}` } },
      { topic: TOPIC, key, value: JSON.stringify(good) },
    ]);
    await waitFor(
      'good event applied after the poison',
      async () =>
        (await svc.dataSource.query(`SELECT 1 FROM test_effects WHERE event_id = $1`, [good.id])).length === 1,
    );
    const found = await waitFor('both in the dead-letter topic', async () => {
      const p = dlt.filter((m) => m.value === JSON.stringify(poison));
      const bad = dlt.filter((m) => m.value === '{not json' && m.headers['x-correlation-id'] === `bad-${poison.id}`);
      return p.length && bad.length ? { p, bad } : undefined;
    });
    expect(found.p[0].headers).toMatchObject({
      'x-dlt-reason': 'poison event',
      'x-dlt-group': 'eventtest.effects',
      'x-dlt-attempts': '3',
      'x-correlation-id': `poison-${poison.id}`,
    });
    expect(found.p[0].headers['x-dlt-original-offset']).toMatch(/^\d+$/);
    expect(found.bad[0].headers).toMatchObject({ 'x-dlt-attempts': '0', 'x-dlt-group': 'eventtest.events' });
    expect(await svc.dataSource.query(`SELECT 1 FROM inbox_events WHERE event_id = $1`, [poison.id])).toHaveLength(0);
    // Retried 3 times over 12 s (more than the session timeout), dead-lettered once: the consumer
    // heartbeated while it backed off, so it kept its partition and committed the offset.
    await waitFor('no lag', async () => (await consumerLag()) === 0);
    expect(attempts.get(poison.id)).toBe(3);
    expect(dlt.filter((m) => m.value === JSON.stringify(poison))).toHaveLength(1);
    expect(joins).toBe(joinsBefore);
  });
});

/** Messages of the topic not yet committed by the service's consumer group. */
async function consumerLag(): Promise<number> {
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'on-event-int-lag', logLevel: 0 }).admin();
  await admin.connect();
  try {
    const [committed] = await admin.fetchOffsets({ groupId: eventGroupId('eventtest', GROUP_PREFIX), topics: [TOPIC] });
    const ends = await admin.fetchTopicOffsets(TOPIC);
    return ends.reduce((lag, p) => {
      const c = committed.partitions.find((x) => x.partition === p.partition);
      const at = c && c.offset !== '-1' ? Number(c.offset) : Number(p.low);
      return lag + (Number(p.high) - at);
    }, 0);
  } finally {
    await admin.disconnect();
  }
}
