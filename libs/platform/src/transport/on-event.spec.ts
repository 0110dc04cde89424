import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { INestMicroservice } from '@nestjs/common';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { EventType, streamOf, topicFor } from '@luxe/contracts';
import { currentCorrelationId } from '../correlation';
import type { Inbox } from '../inbox';
import type { Logger } from '../logger';
import { EventOf, EventRefusedError } from './consumer';
import { InProcessBroker, InProcessContext, InProcessTransport } from './in-process';
import { EVENT_RUNTIME, EventConsumer, handledEventTypes, OnEvent, ServiceEventRuntime } from './on-event';
import type { OutgoingMessage } from './transport';

const TOPIC = topicFor('platform.test-event');

function fakeInbox() {
  const seen = new Set<string>();
  const groups: string[] = [];
  const inbox = {
    process: jest.fn(async (group: string, env: { id: string }, fn: (m: unknown) => Promise<void>) => {
      groups.push(group);
      const k = `${group}:${env.id}`;
      if (seen.has(k)) return 'duplicate';
      await fn({ fake: 'manager', group });
      seen.add(k);
      return 'applied';
    }),
  };
  return { inbox: inbox as unknown as Inbox, process: inbox.process, seen, groups };
}

function fakeLogger(): Logger {
  const l: any = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() };
  l.child = () => l;
  return l as Logger;
}

function envelope(data: unknown = { n: 1 }, type: EventType = 'platform.test-event') {
  return {
    id: randomUUID(),
    type,
    version: 1,
    stream: streamOf(type),
    sequence: 1,
    occurredAt: new Date().toISOString(),
    producer: 'test',
    key: 'k1',
    data,
  };
}

const calls: { consumer: string; event: EventOf<'platform.test-event'>; tx: EntityManager; correlationId?: string }[] =
  [];
let failuresLeft = 0;
let transientLeft = 0;

@EventConsumer('test-consumer')
class TestConsumer {
  @OnEvent('platform.test-event')
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    if (event.data.poison) throw new Error('poison event');
    if (event.data.fail === 'refuse') throw new EventRefusedError('this consumer refuses it');
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('flaky');
    }
    if (transientLeft > 0) {
      transientLeft--;
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }
    calls.push({ consumer: 'test-consumer', event, tx, correlationId: currentCorrelationId() });
  }
}

@EventConsumer('second-consumer')
class SecondConsumer {
  @OnEvent('platform.test-event')
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    if (event.data.poison) throw new Error('poison event');
    calls.push({ consumer: 'second-consumer', event, tx });
  }
}

// Another class under SecondConsumer's name (as a service's erasure.consumer.ts shares its card
// consumer's): the inbox key is the name, not the class.
@EventConsumer('second-consumer')
class SecondConsumerElsewhere {
  @OnEvent('platform.test-event')
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    calls.push({ consumer: 'second-consumer (elsewhere)', event, tx });
  }
}

@EventConsumer('one-statement-consumer')
class OneStatementConsumer {
  @OnEvent('platform.test-event', { oneStatement: true })
  async apply(event: EventOf<'platform.test-event'>, tx: EntityManager): Promise<void> {
    calls.push({ consumer: 'one-statement-consumer', event, tx });
  }
}

let app: INestMicroservice | undefined;

async function start(controllers: (new (...args: never[]) => unknown)[]) {
  const broker = new InProcessBroker();
  broker.redeliveryDelayMs = 1;
  const published: OutgoingMessage[] = [];
  const transport = new InProcessTransport(broker);
  const publish = jest.spyOn(transport, 'publish').mockImplementation(async (ms) => {
    published.push(...ms);
    void broker.publish(ms);
  });
  const { inbox, process, seen, groups } = fakeInbox();
  const runtime = new ServiceEventRuntime('svc', {
    inbox,
    transport,
    logger: fakeLogger(),
    retry: { maxAttempts: 3, backoffMs: 1, maxBackoffMs: 2 },
  });
  @Module({ controllers, providers: [{ provide: EVENT_RUNTIME, useValue: runtime }] })
  class TestModule {}
  const strategy = transport.createEventServer({
    groupId: 'svc.events',
    onUnroutable: (m) => runtime.deadLetterUnroutable(m),
  });
  app = await NestFactory.createMicroservice(TestModule, { strategy, logger: false });
  await app.listen();
  return { broker, transport, published, publish, seen, groups, process };
}

afterEach(async () => {
  calls.length = 0;
  failuresLeft = 0;
  transientLeft = 0;
  await app?.close();
  app = undefined;
});

describe('@OnEvent handlers on the in-process transport strategy', () => {
  it('are found by Nest and receive the checked, typed event and the inbox transaction', async () => {
    const { broker, transport, published, groups } = await start([TestConsumer]);
    const env = envelope({ n: 7 });
    await transport.publish([
      { topic: TOPIC, key: 'k1', value: JSON.stringify(env), headers: { 'x-correlation-id': 'corr-1' } },
    ]);
    await broker.idle();
    expect(calls).toHaveLength(1);
    expect(calls[0].event).toEqual(env);
    expect(calls[0].event.data.n).toBe(7);
    expect(calls[0].tx).toEqual({ fake: 'manager', group: 'svc.test-consumer' });
    expect(calls[0].correlationId).toBe('corr-1');
    expect(groups).toEqual(['svc.test-consumer']);
    expect(published.filter((m) => m.topic.endsWith('.dlt'))).toEqual([]);
  });

  it('gives the runtime the message and the transport context', async () => {
    const { broker, transport } = await start([TestConsumer]);
    const runtime = app!.get<ServiceEventRuntime>(EVENT_RUNTIME);
    const dispatch = jest.spyOn(runtime, 'dispatch');
    const value = JSON.stringify(envelope());
    await transport.publish([{ topic: TOPIC, key: 'k1', value }]);
    await broker.idle();
    expect(dispatch).toHaveBeenCalledTimes(1);
    const [ref, data, ctx] = dispatch.mock.calls[0];
    expect(ref).toEqual({ consumer: 'test-consumer', type: 'platform.test-event' });
    expect(data).toMatchObject({ topic: TOPIC, key: 'k1', value });
    expect(ctx).toBeInstanceOf(InProcessContext);
    expect((ctx as InProcessContext).getMessage()).toBe(data);
  });

  it('applies a redelivered event once', async () => {
    const { broker, transport } = await start([TestConsumer]);
    const value = JSON.stringify(envelope());
    await transport.publish([{ topic: TOPIC, key: 'k1', value }]);
    await transport.publish([{ topic: TOPIC, key: 'k1', value }]);
    await broker.idle();
    expect(calls).toHaveLength(1);
  });

  it('retries a failing handler, then applies it', async () => {
    failuresLeft = 2;
    const { broker, transport, published } = await start([TestConsumer]);
    await transport.publish([{ topic: TOPIC, key: 'k1', value: JSON.stringify(envelope()) }]);
    await broker.idle();
    expect(calls).toHaveLength(1);
    expect(published.filter((m) => m.topic.endsWith('.dlt'))).toEqual([]);
  });

  it('dead-letters an unknown failure after maxAttempts, and a malformed one, a refused one or one of another type at once; later events still flow', async () => {
    const { broker, transport, published } = await start([TestConsumer]);
    const poison = envelope({ n: 1, poison: true });
    const refused = envelope({ n: 3, fail: 'refuse' });
    const wrongType = envelope({ userId: randomUUID(), deletedAt: new Date().toISOString() }, 'identity.user-deleted');
    const good = envelope({ n: 2 });
    await transport.publish([
      { topic: TOPIC, key: 'k1', value: '{not json', headers: { 'x-correlation-id': 'c-bad' } },
      { topic: TOPIC, key: 'k1', value: JSON.stringify(poison) },
      // The header routes it to the test event's handler, whose envelope check refuses it.
      { topic: TOPIC, key: 'k1', value: JSON.stringify(wrongType), headers: { 'x-event-type': 'platform.test-event' } },
      { topic: TOPIC, key: 'k1', value: JSON.stringify(refused) },
      { topic: TOPIC, key: 'k1', value: JSON.stringify(good) },
    ]);
    await broker.idle();
    expect(calls.map((c) => c.event.id)).toEqual([good.id]);
    const dlt = published.filter((m) => m.topic === `${TOPIC}.dlt`);
    expect(dlt.map((m) => m.value)).toEqual([
      '{not json',
      JSON.stringify(poison),
      JSON.stringify(wrongType),
      JSON.stringify(refused),
    ]);
    expect(dlt[0].headers).toMatchObject({
      'x-dlt-attempts': '0',
      'x-dlt-group': 'svc.events',
      'x-correlation-id': 'c-bad',
    });
    expect(dlt[1].headers).toMatchObject({
      'x-dlt-attempts': '3',
      'x-dlt-reason': 'poison event',
      'x-dlt-group': 'svc.test-consumer',
    });
    expect(dlt[1].headers!['x-dlt-original-offset']).toMatch(/^\d+$/);
    expect(dlt[2].headers).toMatchObject({ 'x-dlt-attempts': '0' });
    expect(dlt[2].headers!['x-dlt-reason']).toContain('identity.user-deleted');
    expect(dlt[3].headers).toMatchObject({ 'x-dlt-attempts': '1', 'x-dlt-reason': 'this consumer refuses it' });
  });

  it('retries an infrastructure failure past maxAttempts (never dead-letters it), then applies the event', async () => {
    transientLeft = 6;
    const { broker, transport, published } = await start([TestConsumer]);
    await transport.publish([{ topic: TOPIC, key: 'k1', value: JSON.stringify(envelope()) }]);
    await broker.idle();
    expect(transientLeft).toBe(0);
    expect(calls).toHaveLength(1);
    expect(published.filter((m) => m.topic.endsWith('.dlt'))).toEqual([]);
  });

  it('skips an event of a known type this service has no handler for (a stream carries every event of its aggregate)', async () => {
    const { broker, transport, published, groups } = await start([TestConsumer]);
    const other = envelope({ userId: randomUUID(), deletedAt: new Date().toISOString() }, 'identity.user-deleted');
    await transport.publish([
      { topic: TOPIC, key: 'k1', value: JSON.stringify(other), headers: { 'x-event-type': 'identity.user-deleted' } },
    ]);
    await broker.idle();
    expect(calls).toEqual([]);
    expect(groups).toEqual([]);
    expect(published.filter((m) => m.topic.endsWith('.dlt'))).toEqual([]);
  });

  it('dead-letters a message whose type header names no event in the contracts', async () => {
    const { broker, transport, published } = await start([TestConsumer]);
    await transport.publish([
      { topic: TOPIC, key: 'k1', value: JSON.stringify(envelope()), headers: { 'x-event-type': 'nobody.nothing' } },
    ]);
    await broker.idle();
    expect(calls).toEqual([]);
    const dlt = published.filter((m) => m.topic.endsWith('.dlt'));
    expect(dlt).toHaveLength(1);
    expect(dlt[0].headers).toMatchObject({ 'x-dlt-group': 'svc.events' });
  });

  it('redelivers a message whose dead-letter publish failed', async () => {
    const { broker, transport, publish, published } = await start([TestConsumer]);
    let failDlt = 1;
    publish.mockImplementation(async (ms) => {
      if (ms.some((m) => m.topic.endsWith('.dlt')) && failDlt-- > 0) throw new Error('broker down');
      published.push(...ms);
      broker.publish(ms);
    });
    await transport.publish([{ topic: TOPIC, key: 'k1', value: '{not json' }]);
    await broker.idle();
    expect(published.filter((m) => m.topic.endsWith('.dlt'))).toHaveLength(1);
    expect(failDlt).toBe(-1);
  });

  it('runs every consumer of an event, each with its own inbox key', async () => {
    const { broker, transport, groups } = await start([TestConsumer, SecondConsumer]);
    await transport.publish([{ topic: TOPIC, key: 'k1', value: JSON.stringify(envelope()) }]);
    await broker.idle();
    expect(calls.map((c) => c.consumer).sort()).toEqual(['second-consumer', 'test-consumer']);
    expect(groups.sort()).toEqual(['svc.second-consumer', 'svc.test-consumer']);
  });

  it('keys the inbox by the consumer name: two classes of one name share one key', async () => {
    const { broker, transport, groups } = await start([TestConsumer, SecondConsumerElsewhere]);
    await transport.publish([{ topic: TOPIC, key: 'k1', value: JSON.stringify(envelope()) }]);
    await broker.idle();
    expect(calls.map((c) => c.consumer).sort()).toEqual(['second-consumer (elsewhere)', 'test-consumer']);
    expect(groups.sort()).toEqual(['svc.second-consumer', 'svc.test-consumer']);
  });

  it("passes a handler's oneStatement to the inbox (and no other handler's)", async () => {
    const { broker, transport, process } = await start([TestConsumer, OneStatementConsumer]);
    await transport.publish([{ topic: TOPIC, key: 'k1', value: JSON.stringify(envelope()) }]);
    await broker.idle();
    expect(calls.map((c) => c.consumer).sort()).toEqual(['one-statement-consumer', 'test-consumer']);
    const byGroup = Object.fromEntries(process.mock.calls.map((c) => [c[0], (c as unknown[])[3]]));
    expect(byGroup).toEqual({
      'svc.one-statement-consumer': { oneStatement: true },
      'svc.test-consumer': { oneStatement: undefined },
    });
  });

  it('stops delivering when the app closes', async () => {
    const { broker, transport } = await start([TestConsumer]);
    await app!.close();
    app = undefined;
    await transport.publish([{ topic: TOPIC, key: 'k1', value: JSON.stringify(envelope()) }]);
    await broker.idle();
    expect(calls).toEqual([]);
  });
});

describe('@OnEvent', () => {
  it('records the handled types of a consumer class', () => {
    expect(handledEventTypes(TestConsumer)).toEqual(['platform.test-event']);
  });

  it('refuses two methods of one consumer for the same event (they would share an inbox key)', () => {
    expect(() => {
      @EventConsumer('twice')
      class Twice {
        @OnEvent('platform.test-event')
        async a(): Promise<void> {}
        @OnEvent('platform.test-event')
        async b(): Promise<void> {}
      }
      return Twice;
    }).toThrow('handles platform.test-event twice');
  });

  it('fails clearly when the class was not built by a service (no runtime injected)', async () => {
    await expect((new TestConsumer() as any).apply({}, {})).rejects.toThrow('no event runtime');
  });
});
