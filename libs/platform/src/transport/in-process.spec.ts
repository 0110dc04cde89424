import { describe, expect, it } from '@jest/globals';
import { InProcessBroker, InProcessTransport } from './in-process';
import type { IncomingMessage } from './transport';

function setup() {
  const broker = new InProcessBroker();
  broker.redeliveryDelayMs = 1;
  return { broker, transport: new InProcessTransport(broker) };
}
const values = (ms: IncomingMessage[]) => ms.map((m) => m.value);

describe('InProcessBroker / InProcessTransport', () => {
  it('delivers to every subscribed group, in publish order', async () => {
    const { broker, transport } = setup();
    const a: IncomingMessage[] = [];
    const b: IncomingMessage[] = [];
    await transport.subscribe({ groupId: 'a', topics: ['t1'], handle: async (m) => void a.push(m) });
    await transport.subscribe({
      groupId: 'b',
      topics: ['t1'],
      handle: async (m) => {
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        b.push(m);
      },
    });
    await transport.publish([
      { topic: 't1', key: 'k', value: '1', headers: { h: 'x' } },
      { topic: 't1', key: 'k', value: '2' },
    ]);
    await transport.publish([{ topic: 't1', key: 'k2', value: '3' }]);
    await broker.idle();
    expect(values(a)).toEqual(['1', '2', '3']);
    expect(values(b)).toEqual(['1', '2', '3']);
    expect(a[0]).toMatchObject({ topic: 't1', key: 'k', headers: { h: 'x' }, partition: 0 });
    expect(a[1].headers).toEqual({});
    // offsets increase
    expect(a.map((m) => Number(m.offset))).toEqual([0, 1, 2]);
  });

  it('gives a group nothing from a topic it did not subscribe to', async () => {
    const { broker, transport } = setup();
    const got: string[] = [];
    await transport.subscribe({
      groupId: 'g',
      topics: ['wanted'],
      handle: async (m) => void got.push(`${m.topic}:${m.value}`),
    });
    await transport.publish([
      { topic: 'other', key: 'k', value: 'x' },
      { topic: 'wanted', key: 'k', value: 'y' },
    ]);
    await broker.idle();
    expect(got).toEqual(['wanted:y']);
  });

  it('adds topics when the same group subscribes again', async () => {
    const { broker, transport } = setup();
    const got: string[] = [];
    const handle = async (m: IncomingMessage) => void got.push(m.topic);
    await transport.subscribe({ groupId: 'g', topics: ['t1'], handle });
    await transport.subscribe({ groupId: 'g', topics: ['t2'], handle });
    await transport.publish([
      { topic: 't1', key: 'k', value: '1' },
      { topic: 't2', key: 'k', value: '2' },
    ]);
    await broker.idle();
    expect(got).toEqual(['t1', 't2']);
  });

  it('redelivers a message whose handler rejected, and later messages wait behind it', async () => {
    const { broker, transport } = setup();
    const calls: string[] = [];
    let failed = false;
    await transport.subscribe({
      groupId: 'g',
      topics: ['t'],
      handle: async (m) => {
        calls.push(m.value);
        if (m.value === 'first' && !failed) {
          failed = true;
          throw new Error('transient');
        }
      },
    });
    await transport.publish([
      { topic: 't', key: 'k', value: 'first' },
      { topic: 't', key: 'k', value: 'second' },
    ]);
    await broker.idle();
    expect(calls).toEqual(['first', 'first', 'second']);
  });

  it('does not let one group failing block another group', async () => {
    const { broker, transport } = setup();
    const ok: string[] = [];
    let fails = 3;
    await transport.subscribe({
      groupId: 'bad',
      topics: ['t'],
      handle: async () => {
        if (fails-- > 0) throw new Error('x');
      },
    });
    await transport.subscribe({ groupId: 'good', topics: ['t'], handle: async (m) => void ok.push(m.value) });
    await transport.publish([{ topic: 't', key: 'k', value: 'v' }]);
    expect(ok).toEqual(['v']);
    await broker.idle();
    expect(fails).toBe(-1);
  });

  it('publish resolves only once every subscribed group has handled the message (at least once)', async () => {
    const { broker, transport } = setup();
    const done: string[] = [];
    const slow = async (m: IncomingMessage) => {
      await new Promise((r) => setTimeout(r, 30));
      done.push(m.value);
    };
    await transport.subscribe({ groupId: 'g1', topics: ['t'], handle: slow });
    await transport.subscribe({ groupId: 'g2', topics: ['t'], handle: slow });
    let resolved = false;
    const p = transport
      .publish([
        { topic: 't', key: 'k', value: 'a' },
        { topic: 't', key: 'k', value: 'b' },
      ])
      .then(() => (resolved = true));
    await new Promise((r) => setTimeout(r, 40));
    expect(resolved).toBe(false);
    await p;
    expect(done.sort()).toEqual(['a', 'a', 'b', 'b']);
    await broker.idle();
  });

  it('publish to a topic nobody subscribes to resolves at once', async () => {
    const { transport } = setup();
    await expect(transport.publish([{ topic: 'nobody', key: 'k', value: 'a' }])).resolves.toBeUndefined();
  });

  it('idle() throws when a queue never drains; the publisher fails when the group leaves (the row stays unpublished)', async () => {
    const { broker, transport } = setup();
    await transport.subscribe({ groupId: 'g', topics: ['t'], handle: async () => Promise.reject(new Error('always')) });
    const published = transport.publish([{ topic: 't', key: 'k', value: 'a' }]);
    await expect(broker.idle(50)).rejects.toThrow('did not become idle');
    broker.unsubscribeAll();
    await expect(published).rejects.toThrow('consumer group g left before handling the message');
    await broker.idle(1000);
  });

  it('unsubscribe stops delivery to that group only', async () => {
    const { broker, transport } = setup();
    const a: string[] = [];
    const b: string[] = [];
    await transport.subscribe({ groupId: 'a', topics: ['t'], handle: async (m) => void a.push(m.value) });
    await transport.subscribe({ groupId: 'b', topics: ['t'], handle: async (m) => void b.push(m.value) });
    broker.unsubscribe('a');
    await transport.publish([{ topic: 't', key: 'k', value: 'x' }]);
    await broker.idle();
    expect(a).toEqual([]);
    expect(b).toEqual(['x']);
  });

  it('unsubscribeAll stops delivery', async () => {
    const { broker, transport } = setup();
    const got: string[] = [];
    await transport.subscribe({ groupId: 'g', topics: ['t'], handle: async (m) => void got.push(m.value) });
    broker.unsubscribeAll();
    await transport.publish([{ topic: 't', key: 'k', value: 'a' }]);
    await broker.idle();
    expect(got).toEqual([]);
    expect(transport.kind).toBe('inprocess');
  });

  it('once closed, refuses every publish and its ping, so a stopping relay marks nothing published', async () => {
    const { broker, transport } = setup();
    const got: string[] = [];
    await transport.subscribe({ groupId: 'a', topics: ['t1'], handle: async (m) => void got.push(m.value) });
    await transport.publish([{ topic: 't1', key: 'k', value: '1' }]);
    await expect(transport.ping()).resolves.toBeUndefined();
    broker.close();
    // A group that left (its service closed) and a topic nobody listens to any more: still refused.
    broker.unsubscribe('a');
    await expect(transport.publish([{ topic: 't1', key: 'k', value: '2' }])).rejects.toThrow('closed');
    await expect(transport.ping()).rejects.toThrow('closed');
    await broker.idle();
    expect(got).toEqual(['1']);
  });
});
