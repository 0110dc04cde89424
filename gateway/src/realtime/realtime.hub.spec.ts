import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type Redis from 'ioredis';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { createLogger, createRedis, DirectPushes, SessionStore, subscribe, type EventTransport } from '@luxe/platform';
import type { IncomingMessage, SubscribeOptions } from '@luxe/platform/events';
import { PUSHED_IDS_KEPT, RealtimeHub } from './realtime.hub';

// The hub on the in-process bus (the embedded mode's Redis stand-in): a push published on the
// channel reaches every hub in the process, as Redis pub/sub reaches every gateway.
const logger = createLogger('realtime-spec', 'error');

/** A socket the hub can hold: what it was sent, as parsed JSON. */
function fakeSocket() {
  const sent: any[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    send: (text: string) => void sent.push(JSON.parse(text)),
    on: () => socket,
    close: () => undefined,
    ping: () => undefined,
    terminate: () => undefined,
  };
  return { socket: socket as unknown as WebSocket, sent };
}

/** A transport whose subscription is the test's: `deliver` hands the hub one Kafka message. */
function fakeTransport() {
  let handle: SubscribeOptions['handle'] | undefined;
  const transport = { subscribe: async (o: SubscribeOptions) => void (handle = o.handle) } as unknown as EventTransport;
  return {
    transport,
    deliver: (env: object) => handle!({ value: JSON.stringify(env) } as IncomingMessage),
  };
}

function sentEvent(data: { messageId: string; senderId: string; recipientId: string }) {
  return {
    messageId: data.messageId,
    conversationId: randomUUID(),
    senderId: data.senderId,
    recipientId: data.recipientId,
    content: 'See you at nine',
    createdAt: new Date().toISOString(),
  };
}

function envelope(type: string, data: object) {
  return {
    id: randomUUID(),
    type,
    version: 1,
    stream: 'messaging.conversation',
    sequence: 1,
    occurredAt: new Date().toISOString(),
    producer: 'messaging',
    key: randomUUID(),
    data,
  };
}

const tick = () => new Promise((r) => setImmediate(r));
const hubs: RealtimeHub[] = [];
afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
});

async function hub(prefix: string) {
  const redis = createRedis('memory');
  const h = new RealtimeHub(logger, redis, new SessionStore(redis), { channelPrefix: prefix });
  hubs.push(h);
  await h.start();
  const kafka = fakeTransport();
  await h.follow(kafka.transport, { topicPrefix: prefix });
  return { hub: h, redis, ...kafka };
}

describe('RealtimeHub: a message pushed straight from messaging and again through Kafka', () => {
  it('reaches the recipient and the sender once each, whichever copy comes first, and the Kafka reader publishes nothing more', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}.`;
    const reader = await hub(prefix);
    const other = await hub(prefix);
    const [recipientId, senderId] = [randomUUID(), randomUUID()];
    const recipient = fakeSocket();
    const senderTab = fakeSocket();
    other.hub.attach(recipientId, 's1', recipient.socket);
    reader.hub.attach(senderId, 's2', senderTab.socket);
    const published: string[] = [];
    const watch = await subscribe(reader.redis, [`${prefix}luxe:realtime`], (_c, m) => void published.push(m));

    const data = sentEvent({ messageId: randomUUID(), senderId, recipientId });
    new DirectPushes(reader.redis, logger, prefix).afterCommit('messaging.message-sent', data);
    await tick();
    expect(recipient.sent.map((m) => m.message.id)).toEqual([data.messageId]);
    expect(senderTab.sent.map((m) => m.message.id)).toEqual([data.messageId]);

    // The outbox's copy, read from Kafka by one gateway: neither pushed nor published again.
    await reader.deliver(envelope('messaging.message-sent', data));
    await tick();
    expect(recipient.sent).toHaveLength(1);
    expect(senderTab.sent).toHaveLength(1);
    expect(published).toHaveLength(1);
    await watch.close();
  });

  it('a message whose direct push never came is pushed from its Kafka copy, on every gateway', async () => {
    const prefix = `t${randomUUID().slice(0, 8)}.`;
    const reader = await hub(prefix);
    const other = await hub(prefix);
    const recipientId = randomUUID();
    const here = fakeSocket();
    const there = fakeSocket();
    reader.hub.attach(recipientId, 's1', here.socket);
    other.hub.attach(recipientId, 's2', there.socket);
    const data = sentEvent({ messageId: randomUUID(), senderId: randomUUID(), recipientId });
    await reader.deliver(envelope('messaging.message-sent', data));
    await tick();
    expect(here.sent.map((m) => m.message.id)).toEqual([data.messageId]);
    expect(there.sent.map((m) => m.message.id)).toEqual([data.messageId]);
    // A late direct copy (published before a slow commit's answer) is not pushed a second time.
    new DirectPushes(reader.redis, logger, prefix).afterCommit('messaging.message-sent', data);
    await tick();
    expect([here.sent.length, there.sent.length]).toEqual([1, 1]);
  });

  it(`remembers the newest ${PUSHED_IDS_KEPT} message ids: an older one's Kafka copy is pushed again (the client keeps a message once)`, async () => {
    const prefix = `t${randomUUID().slice(0, 8)}.`;
    const { hub: h, redis, deliver } = await hub(prefix);
    const recipientId = randomUUID();
    const s = fakeSocket();
    h.attach(recipientId, 's1', s.socket);
    const direct = new DirectPushes(redis, logger, prefix);
    const first = sentEvent({ messageId: randomUUID(), senderId: randomUUID(), recipientId });
    direct.afterCommit('messaging.message-sent', first);
    for (let i = 0; i < PUSHED_IDS_KEPT; i++)
      direct.afterCommit('messaging.message-sent', { ...first, messageId: randomUUID() });
    await tick();
    expect(s.sent).toHaveLength(PUSHED_IDS_KEPT + 1);
    const last = s.sent.at(-1).message.id as string;
    await deliver(envelope('messaging.message-sent', { ...first, messageId: last }));
    await deliver(envelope('messaging.message-sent', first));
    await tick();
    expect(s.sent.slice(PUSHED_IDS_KEPT + 1).map((m) => m.message.id)).toEqual([first.messageId]);
  });

  it('a direct push that cannot be published is logged, not thrown', async () => {
    const redis = { publish: () => Promise.reject(new Error('connection refused')) } as unknown as Redis;
    const warn = jest.fn();
    const direct = new DirectPushes(redis, { ...logger, warn } as unknown as typeof logger, 'x.');
    const data = sentEvent({ messageId: randomUUID(), senderId: randomUUID(), recipientId: randomUUID() });
    expect(() => direct.afterCommit('messaging.message-sent', data)).not.toThrow();
    await tick();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'messaging.message-sent' }),
      expect.stringContaining('Kafka still carries the event'),
    );
  });
});
