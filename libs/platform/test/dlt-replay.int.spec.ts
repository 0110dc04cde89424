import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { Module } from '@nestjs/common';
import { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { allTopics, deadLetterTopic, streamTopic, type EventEnvelope } from '@luxe/contracts';
import {
  createLogger,
  databaseUrl,
  ensureDatabase,
  InProcessBroker,
  InProcessTransport,
  EventConsumer,
  EventOf,
  EventRefusedError,
  IncomingMessage,
  KafkaTransport,
  OnEvent,
  RunningService,
  waitFor,
} from '../src';
import { testEnvelope } from './support/inbox-db';
import { startTestService } from './support/service';

// `npm run dlt:replay -- <topic>` on the real broker: a refused event lands in the dead-letter
// topic; once the cause is fixed, the replay puts it back on its source topic and it is applied,
// once; a second replay finds nothing new.
const ROOT = resolve(__dirname, '..', '..', '..');
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('dlt-replay-int', process.env.TEST_LOG_LEVEL ?? 'silent');
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_dlt`;
const PREFIX = `dlt${randomUUID().slice(0, 8)}.`;
const TOPIC = streamTopic('platform.test', PREFIX);

class CreateReplayEffects1700000009200 implements MigrationInterface {
  name = 'CreateReplayEffects1700000009200';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS replay_effects (event_id uuid PRIMARY KEY, n int NOT NULL)`);
    await q.query(`CREATE TABLE IF NOT EXISTS replay_rules (refuse boolean NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS replay_effects, replay_rules`);
  }
}

@EventConsumer('replay-effects')
class ReplayConsumer {
  @OnEvent('platform.test-event')
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    const [rule] = await tx.query(`SELECT refuse FROM replay_rules LIMIT 1`);
    if (rule?.refuse) throw new EventRefusedError('refused by the rule of the day');
    await tx.query(`INSERT INTO replay_effects (event_id, n) VALUES ($1, $2)`, [event.id, event.data.n]);
  }
}

@Module({ controllers: [ReplayConsumer] })
class ReplayModule {}

let transport: KafkaTransport;
let svc: RunningService;
const dlt: IncomingMessage[] = [];

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, DB);
  transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'dlt-replay-int', logger });
  await transport.connect();
  svc = await startTestService(
    { name: 'replaytest', module: ReplayModule, migrations: [CreateReplayEffects1700000009200] },
    {
      databaseUrl: databaseUrl(adminUrl, DB),
      transport,
      logger,
      retry: { maxAttempts: 2, backoffMs: 50 },
      groupPrefix: PREFIX,
      topicPrefix: PREFIX,
      ensureTopics: true,
    },
  );
  await svc.dataSource.query(`TRUNCATE replay_rules, replay_effects`);
  await svc.dataSource.query(`INSERT INTO replay_rules (refuse) VALUES (true)`);
  await transport.subscribe({
    groupId: `${PREFIX}dlt-reader`,
    topics: [deadLetterTopic(TOPIC)],
    handle: async (m) => void dlt.push(m),
  });
}, 120_000);

afterAll(async () => {
  await svc?.close();
  const admin = new Kafka({ brokers: brokers.split(','), clientId: 'dlt-replay-cleanup', logLevel: 0 }).admin();
  await admin.connect();
  await admin.deleteTopics({ topics: allTopics(PREFIX) }).catch(() => undefined);
  await admin.disconnect();
  await transport?.disconnect();
});

const replay = (...args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'infra/scripts/dlt-replay.mjs'), ...args], {
    env: { PATH: process.env.PATH ?? '', KAFKA_BROKERS: brokers, KAFKA_GROUP_PREFIX: PREFIX },
    encoding: 'utf8',
    timeout: 120_000,
  });

describe('npm run dlt:replay', () => {
  it('puts a dead-lettered event back on its source topic once the cause is fixed, and replays each letter once', async () => {
    const id = randomUUID();
    const key = `replay-${id}`;
    const envelope: EventEnvelope = testEnvelope({ id, producer: 'replay-test', key, data: { n: 7 } });
    await transport.publish([
      {
        topic: TOPIC,
        key,
        value: JSON.stringify(envelope),
        headers: { 'x-event-type': 'platform.test-event', 'x-correlation-id': 'corr-replay' },
      },
    ]);
    const letter = await waitFor('dead letter', async () => dlt.find((m) => JSON.parse(m.value).id === id), 90_000);
    expect(letter.headers).toMatchObject({
      'x-dlt-reason': 'refused by the rule of the day',
      'x-dlt-group': 'replaytest.replay-effects',
      'x-dlt-attempts': '1',
    });
    expect(await svc.dataSource.query(`SELECT 1 FROM replay_effects WHERE event_id = $1`, [id])).toHaveLength(0);

    // A dry run lists it and moves nothing.
    const dry = replay(TOPIC, '--dry-run');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('would replay 1 message(s)');
    expect(dry.stdout).toContain('reason=refused by the rule of the day');

    // The cause is fixed; the replay (given the source topic or the .dlt one) brings it back.
    await svc.dataSource.query(`UPDATE replay_rules SET refuse = false`);
    const r = replay(deadLetterTopic(TOPIC));
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain(`replayed 1 message(s) from ${deadLetterTopic(TOPIC)} to ${TOPIC}`);
    await waitFor(
      'replayed event applied',
      async () => (await svc.dataSource.query(`SELECT n FROM replay_effects WHERE event_id = $1`, [id])).length === 1,
      60_000,
    );
    expect(await svc.dataSource.query(`SELECT n FROM replay_effects WHERE event_id = $1`, [id])).toEqual([{ n: 7 }]);

    // Nothing left: a second replay publishes nothing.
    const again = replay(TOPIC);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`nothing to replay from ${deadLetterTopic(TOPIC)}`);
  }, 240_000);

  it('refuses an unknown topic and a missing argument', () => {
    const unknown = replay(`${PREFIX}nope.v1`);
    expect(unknown.status).toBe(66);
    expect(unknown.stderr).toContain('does not exist');
    const none = replay();
    expect(none.status).toBe(64);
    expect(none.stderr).toContain('usage:');
  });
});

describe('dead letters on the in-process bus (embedded mode)', () => {
  it('are kept in the consuming service’s dead_letter_events table, with the reason, instead of vanishing', async () => {
    const broker = new InProcessBroker();
    const inproc = new InProcessTransport(broker);
    const embedded = await startTestService(
      { name: 'replaytest', module: ReplayModule, migrations: [CreateReplayEffects1700000009200] },
      {
        databaseUrl: databaseUrl(adminUrl, DB),
        transport: inproc,
        logger,
        retry: { maxAttempts: 2, backoffMs: 10 },
        startRelay: false,
      },
    );
    try {
      await embedded.dataSource.query(`UPDATE replay_rules SET refuse = true`);
      const id = randomUUID();
      const envelope: EventEnvelope = testEnvelope({
        id,
        producer: 'replay-test',
        key: `embedded-${id}`,
        data: { n: 9 },
      });
      // Resolves once the service's consumer has dealt with it (at-least-once bus).
      await inproc.publish([
        {
          topic: streamTopic('platform.test'),
          key: envelope.key,
          value: JSON.stringify(envelope),
          headers: { 'x-event-type': 'platform.test-event' },
        },
      ]);
      const rows = await embedded.dataSource.query(
        `SELECT consumer_group, topic, key, value, reason, headers FROM dead_letter_events WHERE key = $1`,
        [envelope.key],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        consumer_group: 'replaytest.replay-effects',
        topic: 'platform.test.v1',
        reason: 'refused by the rule of the day',
        value: JSON.stringify(envelope),
      });
      expect(rows[0].headers).toMatchObject({ 'x-event-type': 'platform.test-event' });
      expect(await embedded.dataSource.query(`SELECT 1 FROM replay_effects WHERE event_id = $1`, [id])).toHaveLength(0);
    } finally {
      await embedded.dataSource.query(`UPDATE replay_rules SET refuse = false`);
      await embedded.close();
    }
  });
});
