import { randomUUID } from 'node:crypto';
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { topicFor } from '@luxe/contracts';
import { createLogger, generateInternalKeyPair, KafkaTransport, waitFor } from '@luxe/platform';
import { startGateway, type RunningGateway } from '../src/gateway';
import { PUSHED } from '../src/realtime/realtime.hub';

// A gateway started while its broker cannot be reached (a pod restarted during a Kafka outage)
// starts and serves; once the broker answers it joins the push group
// and hands pushes to every gateway over Redis, without a restart. The broker is reached through
// a TCP proxy this test opens only later (as libs/platform's start-without-broker.int.spec does
// for a service). It needs no stack: Redis and Kafka of infra/local only.
const brokers = process.env.KAFKA_BROKERS!;
const logger = createLogger('gateway-without-broker', process.env.TEST_LOG_LEVEL ?? 'silent');
const run = randomUUID().slice(0, 8);
const topicPrefix = `nobrokergw${run}.`;
const TOPIC = topicFor('messaging.message-sent', topicPrefix);

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

let gateway: RunningGateway | undefined;
let redis: Redis;
let listener: Redis;
let producer: KafkaTransport;
let proxy: Server | undefined;
const sockets = new Set<Socket>();
let port: number;

beforeAll(async () => {
  if (!brokers || !process.env.REDIS_URL)
    throw new Error('KAFKA_BROKERS and REDIS_URL must be set (infra/local/up.sh)');
  producer = new KafkaTransport({ brokers: brokers.split(','), clientId: 'nobrokergw-producer', logger });
  await producer.connect();
  // The pushed topics exist (made by the operator's jobs in a deployment).
  await producer.ensureTopics([...new Set(PUSHED.map((t) => topicFor(t, topicPrefix)))]);
  redis = new Redis(process.env.REDIS_URL);
  listener = new Redis(process.env.REDIS_URL);
  port = await freePort();
});

afterAll(async () => {
  await gateway?.close();
  await producer?.disconnect();
  redis?.disconnect();
  listener?.disconnect();
  for (const s of sockets) s.destroy();
  await new Promise((r) => (proxy ? proxy.close(r) : r(undefined)));
});

describe('a gateway started while the broker cannot be reached', () => {
  it('starts and serves; once the broker answers it follows the pushes by itself', async () => {
    const pushed: string[] = [];
    await listener.subscribe(`${topicPrefix}luxe:realtime`);
    listener.on('message', (_channel, message) => pushed.push(message));

    gateway = await startGateway({
      host: '127.0.0.1',
      port: 0,
      redis,
      logger,
      internalAuthPrivateKey: generateInternalKeyPair().privateKey,
      serviceUrls: {},
      events: {
        transport: new KafkaTransport({ brokers: [`127.0.0.1:${port}`], clientId: 'nobrokergw', logger }),
        topicPrefix,
        groupPrefix: `test.${run}.`,
      },
      eventRetryMs: 500,
      publicCache: false,
    });
    const live = await fetch(`${gateway.url}/health/live`);
    expect(live.status).toBe(200);
    // The public contract is served (a refused body is the gateway's own answer, no service needed).
    const bad = await fetch(`${gateway.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(400);

    // The broker comes back at the address the gateway was given.
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

    // The push group reads from the end once it joins: a message is sent again until one is pushed.
    const messageId = randomUUID();
    const data = {
      messageId,
      conversationId: randomUUID(),
      senderId: randomUUID(),
      recipientId: randomUUID(),
      content: 'hello',
      createdAt: new Date().toISOString(),
    };
    await waitFor(
      'a message-sent event pushed over Redis',
      async () => {
        if (pushed.some((p) => p.includes(messageId))) return true;
        const envelope = {
          id: randomUUID(),
          type: 'messaging.message-sent',
          version: 1,
          stream: 'messaging.conversation',
          sequence: 1,
          occurredAt: new Date().toISOString(),
          producer: 'test',
          key: data.conversationId,
          data,
        };
        await producer.publish([{ topic: TOPIC, key: data.conversationId, value: JSON.stringify(envelope) }]);
        return false;
      },
      60_000,
      1000,
    );
    expect(JSON.parse(pushed.find((p) => p.includes(messageId))!)).toMatchObject({
      type: 'messaging.message-sent',
      data: { messageId, content: 'hello' },
    });
  }, 150_000);
});
