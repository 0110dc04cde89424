import { randomUUID } from 'node:crypto';
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import { Module } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { deadLetterTopic, topicFor } from '@luxe/contracts';
import {
  createLogger,
  databaseUrl,
  ensureDatabase,
  EventConsumer,
  EventOf,
  KafkaTransport,
  OnEvent,
  Outbox,
  RunningService,
  waitFor,
} from '../src';
import { startTestService } from './support/service';

// A service started while its broker cannot be reached (a pod restarted during a Kafka outage):
// it starts and is ready, its writes wait in the outbox, and once the broker answers its consumers
// and relay start by themselves and the event is published and consumed. The broker is reached
// through a TCP proxy this test opens only later (kafkajs then talks to the broker's advertised
// address directly: the proxy only decides when the first connection can be made).
const adminUrl = process.env.LUXE_PG_ADMIN_URL!;
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('start-without-broker', process.env.TEST_LOG_LEVEL ?? 'silent');
const TOPIC = topicFor('platform.test-event');
const DB = `luxe_test${(process.env.LUXE_TEST_ID ?? '').replace(/[^a-z0-9]/g, '')}_platform_nobroker`;

class CreateNoBrokerEffects1700000009100 implements MigrationInterface {
  name = 'CreateNoBrokerEffects1700000009100';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE IF NOT EXISTS nobroker_effects (event_id uuid PRIMARY KEY, n int NOT NULL)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS nobroker_effects`);
  }
}

@EventConsumer('effects')
class EffectsConsumer {
  @OnEvent('platform.test-event')
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    await tx.query(`INSERT INTO nobroker_effects (event_id, n) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      event.id,
      event.data.n,
    ]);
  }
}
@Module({ controllers: [EffectsConsumer] })
class EffectsModule {}

/** A port nothing listens on yet (the proxy opens it later). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let svc: RunningService | undefined;
let proxy: Server | undefined;
const sockets = new Set<Socket>();
let port: number;

beforeAll(async () => {
  if (!adminUrl || !brokers) throw new Error('LUXE_PG_ADMIN_URL and KAFKA_BROKERS must be set (infra/local/up.sh)');
  await ensureDatabase(adminUrl, DB);
  // The topics exist on the broker (made by the operator's jobs in a deployment).
  const setup = new KafkaTransport({ brokers: brokers.split(','), clientId: 'nobroker-setup', logger });
  await setup.connect();
  await setup.ensureTopics([TOPIC, deadLetterTopic(TOPIC)]);
  await setup.disconnect();
  port = await freePort();
});

afterAll(async () => {
  await svc?.close();
  for (const s of sockets) s.destroy();
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
});

describe('a service started while the broker cannot be reached', () => {
  it('starts and is ready; its event waits in the outbox; once the broker answers, consumers and relay start and the event is consumed', async () => {
    const transport = new KafkaTransport({ brokers: [`127.0.0.1:${port}`], clientId: 'nobroker', logger });
    svc = await startTestService(
      { name: 'nobroker', module: EffectsModule, migrations: [CreateNoBrokerEffects1700000009100] },
      {
        databaseUrl: databaseUrl(adminUrl, DB),
        transport,
        logger,
        groupPrefix: `test.${randomUUID()}.`,
        outboxPollMs: 50,
        eventRetryMs: 500,
      },
    );
    const ready = await fetch(`${svc.url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'degraded' });

    const n = Math.floor(Math.random() * 1e9);
    const env = await svc.dataSource.transaction((m) =>
      new Outbox('platform-test').add(m, 'platform.test-event', `k-${n}`, { n }),
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(await svc.dataSource.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [env.id])).toEqual([
      { published_at: null },
    ]);

    // The broker comes back (reachable at the address the service was given).
    const [host, brokerPort] = brokers.split(',')[0]!.split(':');
    proxy = createServer((client) => {
      const upstream = tcpConnect(Number(brokerPort), host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => proxy!.listen(port, '127.0.0.1', r));

    await waitFor(
      'the event published and consumed',
      async () =>
        (await svc!.dataSource.query(`SELECT n FROM nobroker_effects WHERE event_id = $1`, [env.id])).length === 1,
      90_000,
    );
    expect(await svc.dataSource.query(`SELECT n FROM nobroker_effects WHERE event_id = $1`, [env.id])).toEqual([{ n }]);
    expect(
      (await svc.dataSource.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [env.id]))[0].published_at,
    ).not.toBeNull();
  }, 180_000);
});
