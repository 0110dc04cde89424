import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { deadLetterTopic, topicFor } from '@luxe/contracts';
import {
  createDataSource,
  createLogger,
  databaseUrl,
  ensureDatabase,
  InProcessBroker,
  InProcessTransport,
  initDatabase,
  KafkaTransport,
  Outbox,
  OutboxRelay,
  type RunningService,
} from '../src';
import { startTestService } from './support/service';

// A service's stop publishes what was committed after the relay's last tick (its last requests'
// and consumers' events), before its database pool closes; a row it cannot publish stays for the
// next relay. The row here is committed without waking the relay (its NOTIFY goes to a channel
// nobody listens on) and the relay polls once a minute: only the stop can publish it.
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('stop-publishes', process.env.TEST_LOG_LEVEL ?? 'silent');
const TOPIC = topicFor('platform.test-event');
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_stop`;
const url = () => databaseUrl(adminUrl, DB);

@Module({})
class EmptyModule {}

/** Commits a `platform.test-event` in the outbox without waking any relay; returns its event id. */
async function commitUnannounced(ds: DataSource): Promise<string> {
  const n = Math.floor(Math.random() * 1e9);
  const { statement, written } = new Outbox('platform-test').statementOf({
    type: 'platform.test-event',
    key: `k-${n}`,
    data: { n },
  });
  // The last value is the channel of the relay's wake-up (OUTBOX_ADD_SQL's $10).
  const values = [...statement.values];
  values[values.length - 1] = 'luxe_nobody_listens';
  const rows = await ds.transaction((m) => m.query(statement.sql, values));
  return written(rows).id;
}

/** The row's publication time, read on a connection of the test's own (the service's pool is closed). */
async function publishedAt(id: string): Promise<Date | null> {
  const c = new Client({ connectionString: url() });
  await c.connect();
  try {
    const { rows } = await c.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [id]);
    return rows[0].published_at;
  } finally {
    await c.end();
  }
}

let svc: RunningService | undefined;

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, DB);
  const setup = new KafkaTransport({ brokers: brokers.split(','), clientId: 'stop-setup', logger });
  await setup.connect();
  await setup.ensureTopics([TOPIC, deadLetterTopic(TOPIC)]);
  await setup.disconnect();
});

afterAll(async () => {
  await svc?.close();
});

describe("a service's stop", () => {
  it('publishes to Kafka what was committed after the relay last ran, then closes its pool', async () => {
    const transport = new KafkaTransport({ brokers: brokers.split(','), clientId: 'stop-publishes', logger });
    svc = await startTestService(
      { name: 'stoppub', module: EmptyModule, migrations: [] },
      { databaseUrl: url(), transport, logger, groupPrefix: `test.${randomUUID()}.`, outboxPollMs: 60_000 },
    );
    // The relay's first runs (at start, and once it listens) are over before the row comes.
    await new Promise((r) => setTimeout(r, 500));
    const id = await commitUnannounced(svc.dataSource);
    await new Promise((r) => setTimeout(r, 300));
    expect(await publishedAt(id)).toBeNull();

    await svc.close();
    expect(svc.dataSource.isInitialized).toBe(false);
    expect(await publishedAt(id)).not.toBeNull();
    await transport.disconnect();
  }, 60_000);

  it('leaves the row in the outbox when the bus refuses it (the embedded bus, closed at a stop)', async () => {
    const ds = createDataSource({ url: url(), migrations: [] });
    await initDatabase(ds);
    await ds.query('TRUNCATE outbox_events'); // whatever an earlier case left
    const broker = new InProcessBroker();
    const got: string[] = [];
    broker.subscribe({ groupId: 'g', topics: [TOPIC], handle: async (m) => void got.push(m.value) });
    const relay = new OutboxRelay(ds, new InProcessTransport(broker), logger, { pollMs: 60_000 });
    try {
      relay.start();
      await new Promise((r) => setTimeout(r, 300));
      const id = await commitUnannounced(ds);
      broker.close();
      await relay.stop({ flush: true });
      expect(await publishedAt(id)).toBeNull();
      const [row] = await ds.query(`SELECT attempts, parked_at FROM outbox_events WHERE id = $1`, [id]);
      // Not charged: the next start publishes it as if nothing had happened.
      expect(row).toEqual({ attempts: 0, parked_at: null });
      expect(got).toEqual([]);
    } finally {
      await ds.destroy();
    }
  }, 30_000);
});
