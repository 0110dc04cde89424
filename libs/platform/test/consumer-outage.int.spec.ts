import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import type { Consumer } from 'kafkajs';
import { Kafka } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { allTopics, deadLetterTopic, streamTopic } from '@luxe/contracts';
import {
  createDataSource,
  createLogger,
  databaseUrl,
  ensureDatabase,
  EventConsumer,
  eventMetrics,
  EventOf,
  IncomingMessage,
  KafkaTransport,
  OnEvent,
  RunningService,
  waitFor,
} from '../src';
import { startTestService } from './support/service';
import { FaultProxy } from './support/fault-proxy';

// The consumer's PostgreSQL goes away for 20 s while events flow (10 s refusing connections like a
// stopped server, then 10 s swallowing them like a network dropping packets), behind a TCP proxy
// in front of the real server. Nothing may be dead-lettered, nothing lost or applied twice, and
// the consumer group must never rebalance (its session timeout is 10 s).
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('outage-int', process.env.TEST_LOG_LEVEL ?? 'silent');
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_outage`;
const PREFIX = `outage${randomUUID().slice(0, 8)}.`;
const TOPIC = streamTopic('platform.test', PREFIX);
const OUTAGE_MS = { refuse: 10_000, blackhole: 10_000 };

class CreateOutageEffects1700000009100 implements MigrationInterface {
  name = 'CreateOutageEffects1700000009100';
  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE IF NOT EXISTS outage_effects (event_id uuid PRIMARY KEY, n int NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS outage_effects`);
  }
}

@EventConsumer('outage-effects')
class OutageConsumer {
  @OnEvent('platform.test-event')
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    await tx.query(`INSERT INTO outage_effects (event_id, n) VALUES ($1, $2)`, [event.id, event.data.n]);
  }
}

@Module({ controllers: [OutageConsumer] })
class OutageModule {}

let proxy: FaultProxy;
let transport: KafkaTransport;
let svc: RunningService;
let consumer: Consumer;
const groupEvents: string[] = [];
const dlt: IncomingMessage[] = [];
const kafka = new Kafka({ brokers: (brokers ?? '').split(','), clientId: 'outage-int-admin', logLevel: 0 });

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, DB);
  const direct = new URL(databaseUrl(adminUrl, DB));
  proxy = new FaultProxy(direct.hostname, Number(direct.port));
  const viaProxy = new URL(direct.toString());
  viaProxy.port = String(await proxy.start());
  transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'outage-int', logger });
  await transport.connect();
  svc = await startTestService(
    { name: 'outagetest', module: OutageModule, migrations: [CreateOutageEffects1700000009100] },
    {
      databaseUrl: viaProxy.toString(),
      transport,
      logger,
      retry: { maxAttempts: 3, backoffMs: 100, maxBackoffMs: 2000 },
      groupPrefix: PREFIX,
      topicPrefix: PREFIX,
      ensureTopics: true,
    },
  );
  [, consumer] = svc.app.getMicroservices()[0].unwrap<[unknown, Consumer]>();
  consumer.on(consumer.events.GROUP_JOIN, () => void groupEvents.push('join'));
  consumer.on(consumer.events.REBALANCING, () => void groupEvents.push('rebalancing'));
  consumer.on(consumer.events.CRASH, () => void groupEvents.push('crash'));
  await transport.subscribe({
    groupId: `${PREFIX}dlt-reader`,
    topics: [deadLetterTopic(TOPIC)],
    handle: async (m) => void dlt.push(m),
  });
}, 120_000);

afterAll(async () => {
  await svc?.close();
  await proxy?.stop();
  const admin = kafka.admin();
  await admin.connect();
  await admin.deleteTopics({ topics: allTopics(PREFIX) }).catch(() => undefined);
  await admin.disconnect();
  await transport?.disconnect();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a consumer whose database goes away for 20 s', () => {
  it('dead-letters nothing, loses nothing, applies each event once, and its group never rebalances', async () => {
    // The group has joined and owns its partitions before the run starts: a warm-up event is applied.
    const warmup = randomUUID();
    const env = {
      id: warmup,
      type: 'platform.test-event',
      version: 1,
      stream: 'platform.test',
      sequence: 1,
      occurredAt: new Date().toISOString(),
      producer: 'outage-test',
      key: `warmup-${PREFIX}`,
      data: { n: -1 },
    };
    await transport.publish([
      { topic: TOPIC, key: env.key, value: JSON.stringify(env), headers: { 'x-event-type': 'platform.test-event' } },
    ]);
    await waitFor(
      'warm-up event applied',
      async () =>
        (await svc.dataSource.query(`SELECT 1 FROM outage_effects WHERE event_id = $1`, [warmup])).length === 1,
      90_000,
    );
    const joinsBefore = groupEvents.length;
    const deadBefore = eventMetrics.deadLettered;
    const keys = Array.from({ length: 10 }, (_, i) => `outage-${i}-${PREFIX}`);
    const sequences = new Map<string, number>();
    const sent: string[] = [];
    let producing = true;
    const producer = (async () => {
      for (let n = 0; producing; n++) {
        const key = keys[n % keys.length];
        const sequence = (sequences.get(key) ?? 0) + 1;
        sequences.set(key, sequence);
        const id = randomUUID();
        const envelope = {
          id,
          type: 'platform.test-event',
          version: 1,
          stream: 'platform.test',
          sequence,
          occurredAt: new Date().toISOString(),
          producer: 'outage-test',
          key,
          data: { n },
        };
        await transport.publish([
          { topic: TOPIC, key, value: JSON.stringify(envelope), headers: { 'x-event-type': 'platform.test-event' } },
        ]);
        sent.push(id);
        await sleep(150);
      }
    })();

    await sleep(3000);
    await proxy.refuse();
    await sleep(OUTAGE_MS.refuse);
    await proxy.blackhole();
    await sleep(OUTAGE_MS.blackhole);
    const restoredAt = Date.now();
    await proxy.restore();
    await sleep(2000);
    producing = false;
    await producer;

    const ds = createDataSource({ url: databaseUrl(adminUrl, DB), migrations: [] });
    await ds.initialize();
    try {
      const ofRun = `event_id = ANY($1::uuid[])`;
      await waitFor(
        `all ${sent.length} events applied`,
        async () =>
          (await ds.query(`SELECT count(*)::int AS c FROM outage_effects WHERE ${ofRun}`, [sent]))[0].c >= sent.length,
        120_000,
      );
      const drainedMs = Date.now() - restoredAt;
      const applied: { event_id: string }[] = await ds.query(`SELECT event_id FROM outage_effects WHERE ${ofRun}`, [
        sent,
      ]);
      expect(applied.map((r) => r.event_id).sort()).toEqual([...sent].sort());
      const [{ c: inbox }] = await ds.query(
        `SELECT count(*)::int AS c FROM inbox_events WHERE consumer_group = 'outagetest.outage-effects' AND ${ofRun}`,
        [sent],
      );
      expect(inbox).toBe(sent.length);
      expect(eventMetrics.deadLettered - deadBefore).toBe(0);
      expect(dlt).toEqual([]);
      expect(groupEvents.slice(joinsBefore)).toEqual([]);
      expect(eventMetrics.transientRetries).toBeGreaterThan(0);
      process.stdout.write(
        `consumer outage: ${sent.length} events across a ${(OUTAGE_MS.refuse + OUTAGE_MS.blackhole) / 1000} s database outage; ` +
          `applied ${applied.length} (once each), dead-lettered 0, rebalances 0, transient retries ${eventMetrics.transientRetries}, ` +
          `all applied ${(drainedMs / 1000).toFixed(1)} s after the database came back\n`,
      );
    } finally {
      await ds.destroy();
    }
  }, 240_000);
});
