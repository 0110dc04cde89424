import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { topicFor } from '@luxe/contracts';
import {
  createLogger,
  databaseUrl,
  ensureDatabase,
  EventConsumer,
  eventGroupId,
  EventOf,
  Inbox,
  KafkaTransport,
  OnEvent,
  RunningService,
  waitFor as waitUntil,
} from '../src';
import { startGroupAtTopicEnd } from './support/kafka-group';
import { startTestService } from './support/service';
import { watchQueries } from './support/watch-queries';

// `oneStatement` deliveries of one fetched batch applied together (DeliveryRun, Inbox.applyTogether),
// on the real Kafka and PostgreSQL: a burst of one aggregate's events goes to the database as one
// query, in order; a run with a duplicate in it is applied one by one, each event once.
const waitFor = <T>(what: string, fn: () => Promise<T | undefined | false>) => waitUntil(what, fn, 90_000);
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('on-event-together-int', process.env.TEST_LOG_LEVEL ?? 'silent');
const TOPIC = topicFor('platform.test-event');
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_together`;
const GROUP_PREFIX = `test.${randomUUID()}.`;

class CreateRunEffects1700000009100 implements MigrationInterface {
  name = 'CreateRunEffects1700000009100';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS run_effects (key text PRIMARY KEY, seen int[] NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS run_effects`);
  }
}

@EventConsumer('runs')
class RunsConsumer {
  /** Appends the event's n to its aggregate's list: the list tells the order the events were applied in. */
  @OnEvent('platform.test-event', { oneStatement: true })
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    await tx.query(
      `INSERT INTO run_effects (key, seen) VALUES ($1, ARRAY[$2::int])
       ON CONFLICT (key) DO UPDATE SET seen = run_effects.seen || EXCLUDED.seen`,
      [event.key, event.data.n],
    );
  }
}

@Module({ controllers: [RunsConsumer] })
class RunsModule {}

let transport: KafkaTransport;
let svc: RunningService | undefined;
let together: jest.SpiedFunction<Inbox['applyTogether']>;

const mk = (key: string, sequence: number) => ({
  id: randomUUID(),
  type: 'platform.test-event',
  version: 1,
  stream: 'platform.test',
  sequence,
  occurredAt: new Date().toISOString(),
  producer: 'platform-test',
  key,
  data: { n: sequence },
});
const seen = async (key: string) =>
  ((await svc!.dataSource.query(`SELECT seen FROM run_effects WHERE key = $1`, [key]))[0]?.seen as number[]) ?? [];

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, DB);
  transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'on-event-together-int', logger });
  await transport.connect();
  await transport.ensureTopics([TOPIC]);
  // Earlier runs' events (poison ones among them) are not this spec's.
  await startGroupAtTopicEnd(brokers, eventGroupId('togethertest', GROUP_PREFIX), TOPIC);
});

afterAll(async () => {
  together?.mockRestore();
  await svc?.close();
  await transport?.disconnect();
});

describe('one-statement deliveries of a batch, applied together', () => {
  it('a burst of one aggregate waiting when the consumer starts goes to the database as one query, in order, each event once', async () => {
    // Watched from before the service starts: its consumer may fetch as soon as it has joined.
    together = jest.spyOn(Inbox.prototype, 'applyTogether');
    const key = `burst-${randomUUID()}`;
    const events = Array.from({ length: 20 }, (_, i) => mk(key, i + 1));
    // Published before the service starts: its first fetch holds them all (one partition, one batch).
    await transport.publish(events.map((e) => ({ topic: TOPIC, key, value: JSON.stringify(e) })));
    svc = await startTestService(
      { name: 'togethertest', module: RunsModule, migrations: [CreateRunEffects1700000009100] },
      {
        databaseUrl: databaseUrl(adminUrl, DB),
        transport,
        logger,
        retry: { maxAttempts: 3, backoffMs: 200 },
        groupPrefix: GROUP_PREFIX,
        outboxPollMs: 50,
      },
    );
    await waitFor('all applied', async () => (await seen(key)).length === 20);
    expect(await seen(key)).toEqual(events.map((e) => e.data.n));
    // One call took every event, in order, and applied them (its one query: the inbox's tests).
    const calls = together.mock.calls.filter(([ds]) => ds.some((d) => d.envelope.key === key));
    expect(calls.map(([ds]) => ds.map((d) => d.envelope.sequence))).toEqual([events.map((e) => e.sequence)]);
    expect(await together.mock.results[together.mock.calls.indexOf(calls[0])].value).toBe(true);
    const inbox = await svc.dataSource.query(
      `SELECT count(*)::int AS n FROM inbox_events WHERE consumer_group = 'togethertest.runs' AND event_id = ANY($1)`,
      [events.map((e) => e.id)],
    );
    expect(inbox).toEqual([{ n: 20 }]);
  });

  it('a run with a duplicate in it is applied one by one: the duplicate skipped, the others once, in order', async () => {
    const key = `dup-${randomUUID()}`;
    const events = Array.from({ length: 6 }, (_, i) => mk(key, i + 1));
    const sent = [...events.slice(0, 4), events[2], ...events.slice(4)];
    const watch = watchQueries(svc!.dataSource);
    try {
      await transport.publish(sent.map((e) => ({ topic: TOPIC, key, value: JSON.stringify(e) })));
      await waitFor('all applied', async () => (await seen(key)).length === 6);
      // The duplicate's inbox row is there before it: wait until its delivery was decided too.
      await waitFor('the duplicate decided', async () =>
        watch.sent.some((q) => q.startsWith('BEGIN;') && q.includes(events[2].id)),
      );
    } finally {
      watch.restore();
    }
    expect(await seen(key)).toEqual([1, 2, 3, 4, 5, 6]);
    // Tried together first (the duplicate's gate twice in one query), refused, then one by one.
    const together = watch.sent.filter((q) => q.split(events[2].id).length === 3);
    expect(together).toHaveLength(1);
  });
});
