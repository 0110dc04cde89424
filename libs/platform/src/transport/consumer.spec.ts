import { randomUUID } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { topicFor } from '@luxe/contracts';
import { currentCorrelationId } from '../correlation';
import type { Inbox } from '../inbox';
import type { Logger } from '../logger';
import { EventSchemaError } from '@luxe/contracts';
import {
  AnyEventHandler,
  backoff,
  type ConsumerMetrics,
  createMessageHandler,
  decideOnFailure,
  DLT_REPLAYED_HEADER,
  eventMetrics,
  EventRefusedError,
  HEARTBEAT_EVERY_MS,
  isTransientFailure,
  TransientError,
  UnprocessableEventError,
} from './consumer';
import type { EventTransport, IncomingMessage, OutgoingMessage } from './transport';

const TOPIC = topicFor('platform.test-event');
const GROUP = 'test.group';

function fakeTransport(opts: { failPublish?: boolean } = {}) {
  const published: OutgoingMessage[] = [];
  const transport = {
    kind: 'inprocess',
    connect: async () => undefined,
    publish: jest.fn(async (ms: OutgoingMessage[]) => {
      if (opts.failPublish) throw new Error('broker down');
      published.push(...ms);
    }),
    subscribe: async () => undefined,
    ensureTopics: async () => undefined,
    ping: async () => undefined,
    disconnect: async () => undefined,
  };
  return { transport: transport as unknown as EventTransport & { publish: typeof transport.publish }, published };
}

/** Like the real inbox: records the id only when the effect succeeds (the transaction commits). */
function fakeInbox() {
  const seen = new Set<string>();
  const manager = { fake: 'manager' };
  const inbox = {
    process: jest.fn(async (group: string, env: { id: string }, fn: (m: unknown) => Promise<void>) => {
      const k = `${group}:${env.id}`;
      if (seen.has(k)) return 'duplicate';
      await fn(manager);
      seen.add(k);
      return 'applied';
    }),
  };
  return { inbox: inbox as unknown as Inbox & { process: typeof inbox.process }, manager, seen };
}

function fakeLogger(): Logger {
  const l: any = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() };
  l.child = () => l;
  return l as Logger;
}

function envelope(data: unknown = { n: 1 }, type = 'platform.test-event', stream = 'platform.test') {
  return {
    id: randomUUID(),
    type,
    version: 1,
    stream,
    sequence: 1,
    occurredAt: new Date().toISOString(),
    producer: 'test',
    key: 'k1',
    data,
  };
}
const refused = () => Object.assign(new Error('x'), { code: 'ECONNREFUSED' });

function message(value: unknown, headers: Record<string, string> = {}): IncomingMessage {
  return {
    topic: TOPIC,
    partition: 0,
    offset: '42',
    key: 'k1',
    value: typeof value === 'string' ? value : JSON.stringify(value),
    headers,
  };
}

function setup(
  handler: AnyEventHandler | undefined,
  opts: { failPublish?: boolean; maxAttempts?: number; backoffMs?: number; metrics?: ConsumerMetrics } = {},
) {
  const t = fakeTransport(opts);
  const i = fakeInbox();
  const handle = createMessageHandler(
    { group: GROUP, handlers: handler ? { 'platform.test-event': handler } : {} },
    {
      inbox: i.inbox,
      transport: t.transport,
      logger: fakeLogger(),
      retry: { maxAttempts: opts.maxAttempts ?? 4, backoffMs: opts.backoffMs ?? 1 },
      metrics: opts.metrics,
    },
  );
  return { handle, ...t, ...i };
}

describe('createMessageHandler', () => {
  it('counts what it handles, each failed attempt and each dead letter, by group and event type', async () => {
    const counted: string[] = [];
    const metrics: ConsumerMetrics = {
      handled: (g, t, o) => void counted.push(`handled ${g} ${t} ${o}`),
      failed: (g, t, transient) => void counted.push(`failed ${g} ${t} ${transient}`),
      deadLettered: (g, t) => void counted.push(`dead ${g} ${t}`),
    };
    let calls = 0;
    const { handle } = setup(
      async (e) => {
        if ((e.data as { n: number }).n === 2) throw new Error('poison');
        if (++calls === 1) throw refused();
      },
      { metrics, maxAttempts: 2 },
    );
    const ok = message(envelope({ n: 1 }));
    await handle(ok);
    await handle(ok);
    await handle(message(envelope({ n: 2 })));
    await handle(message('not json'));
    expect(counted).toEqual([
      `failed ${GROUP} platform.test-event true`,
      `handled ${GROUP} platform.test-event applied`,
      `handled ${GROUP} platform.test-event duplicate`,
      `failed ${GROUP} platform.test-event false`,
      `failed ${GROUP} platform.test-event false`,
      `dead ${GROUP} platform.test-event`,
      `dead ${GROUP} `,
    ]);
  });

  it('calls the handler once with the parsed envelope and the inbox manager', async () => {
    const handler = jest.fn(async () => undefined);
    const { handle, published, inbox, manager } = setup(handler);
    const env = envelope({ n: 7 });
    await handle(message(env));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith(env, manager);
    expect(inbox.process).toHaveBeenCalledWith(GROUP, env, expect.any(Function), { oneStatement: undefined });
    expect(published).toEqual([]);
  });

  it('skips a duplicate (the inbox says it was seen) without calling the handler again', async () => {
    const handler = jest.fn(async () => undefined);
    const { handle, published } = setup(handler);
    const msg = message(envelope());
    await handle(msg);
    await handle(msg);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(published).toEqual([]);
  });

  it('warns, with the event id, type and aggregate, when a replayed dead letter is dropped because its aggregate moved on; a routine stale event stays an info line', async () => {
    for (const outcome of ['stale', 'ended'] as const) {
      const logger = fakeLogger();
      const inbox = { process: jest.fn(async () => outcome) } as unknown as Inbox;
      const handle = createMessageHandler(
        { group: GROUP, handlers: { 'platform.test-event': async () => undefined } },
        { inbox, transport: fakeTransport().transport, logger, retry: { maxAttempts: 2, backoffMs: 1 } },
      );
      const env = envelope();
      await handle(message(env, { [DLT_REPLAYED_HEADER]: '0:7' }));
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect((logger.warn as jest.Mock).mock.calls[0]).toEqual([
        expect.objectContaining({
          eventId: env.id,
          type: 'platform.test-event',
          stream: 'platform.test',
          key: 'k1',
          sequence: 1,
          outcome,
          replayedFrom: '0:7',
        }),
        expect.stringContaining('replayed dead letter dropped'),
      ]);
      await handle(message(envelope()));
      expect(logger.warn).toHaveBeenCalledTimes(1);
      expect(logger.info).toHaveBeenLastCalledWith(
        expect.objectContaining({ outcome }),
        expect.not.stringContaining('replayed'),
      );
    }
  });

  it('retries a handler that fails twice, then processes it without dead-lettering', async () => {
    let calls = 0;
    const handler = jest.fn(async () => {
      calls++;
      if (calls <= 2) throw new Error(`transient ${calls}`);
    });
    const { handle, published, seen } = setup(handler);
    const env = envelope();
    await expect(handle(message(env))).resolves.toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(3);
    expect(seen.has(`${GROUP}:${env.id}`)).toBe(true);
    expect(published).toEqual([]);
  });

  it('dead-letters a handler that always fails after exactly maxAttempts attempts', async () => {
    const handler = jest.fn(async () => {
      throw new Error('poison pill');
    });
    const { handle, published, seen } = setup(handler);
    const env = envelope({ n: 1, poison: true });
    const msg = message(env, { 'x-correlation-id': 'cid-1' });
    await expect(handle(msg)).resolves.toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(4);
    expect(seen.size).toBe(0);
    expect(published).toHaveLength(1);
    const dlt = published[0];
    expect(dlt.topic).toBe(`${TOPIC}.dlt`);
    expect(dlt.key).toBe('k1');
    expect(dlt.value).toBe(msg.value);
    expect(dlt.headers).toMatchObject({
      'x-dlt-reason': 'poison pill',
      'x-dlt-group': GROUP,
      'x-dlt-attempts': '4',
      'x-dlt-original-offset': '42',
      'x-correlation-id': 'cid-1',
    });
  });

  it('honours another maxAttempts', async () => {
    const handler = jest.fn(async () => {
      throw new Error('nope');
    });
    const { handle, published } = setup(handler, { maxAttempts: 2 });
    await handle(message(envelope()));
    expect(handler).toHaveBeenCalledTimes(2);
    expect(published[0].headers!['x-dlt-attempts']).toBe('2');
  });

  it('sends malformed JSON straight to the dead-letter topic without calling a handler', async () => {
    const handler = jest.fn(async () => undefined);
    const { handle, published, inbox } = setup(handler);
    await handle(message('{not json'));
    expect(handler).not.toHaveBeenCalled();
    expect(inbox.process).not.toHaveBeenCalled();
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ topic: `${TOPIC}.dlt`, value: '{not json' });
    expect(published[0].headers).toMatchObject({ 'x-dlt-attempts': '0', 'x-dlt-group': GROUP });
    expect(published[0].headers!['x-dlt-reason'].length).toBeGreaterThan(0);
  });

  it('sends an envelope of unknown type straight to the dead-letter topic', async () => {
    const handler = jest.fn(async () => undefined);
    const { handle, published } = setup(handler);
    await handle(message(envelope({ n: 1 }, 'nobody.unknown-event')));
    expect(handler).not.toHaveBeenCalled();
    expect(published).toHaveLength(1);
    expect(published[0].headers!['x-dlt-reason']).toContain('unknown event type');
    expect(published[0].headers!['x-dlt-attempts']).toBe('0');
  });

  it('sends an envelope whose data fails the schema straight to the dead-letter topic', async () => {
    const handler = jest.fn(async () => undefined);
    const { handle, published } = setup(handler);
    await handle(message(envelope({ n: 'one' })));
    expect(handler).not.toHaveBeenCalled();
    expect(published).toHaveLength(1);
  });

  it('ignores an event type that has no handler (no dead letter)', async () => {
    const { handle, published, inbox } = setup(undefined);
    await expect(handle(message(envelope()))).resolves.toBeUndefined();
    expect(inbox.process).not.toHaveBeenCalled();
    expect(published).toEqual([]);
  });

  it('rejects when the dead-letter publish itself fails, so the transport redelivers', async () => {
    const handler = jest.fn(async () => {
      throw new Error('poison');
    });
    const { handle, transport } = setup(handler, { failPublish: true });
    await expect(handle(message(envelope()))).rejects.toThrow('broker down');
    expect(handler).toHaveBeenCalledTimes(4);
    expect(transport.publish).toHaveBeenCalledTimes(1);
    const bad = setup(undefined, { failPublish: true });
    await expect(bad.handle(message('garbage'))).rejects.toThrow('broker down');
  });

  it('runs the handler with the message correlation id as the current one', async () => {
    const seen: (string | undefined)[] = [];
    const { handle } = setup(async () => {
      await new Promise((r) => setTimeout(r, 1));
      seen.push(currentCorrelationId());
    });
    await handle(message(envelope(), { 'x-correlation-id': 'corr-xyz' }));
    expect(seen).toEqual(['corr-xyz']);
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('makes a fresh correlation id when the message has none', async () => {
    const seen: (string | undefined)[] = [];
    const { handle } = setup(async () => void seen.push(currentCorrelationId()));
    await handle(message(envelope()));
    expect(seen[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('retries an infrastructure failure without limit (past maxAttempts), never dead-letters it, and counts the retries', async () => {
    let left = 9;
    const handler = jest.fn(async () => {
      if (left-- > 0) throw refused();
    });
    const before = eventMetrics.transientRetries;
    const { handle, published } = setup(handler, { maxAttempts: 2, backoffMs: 1 });
    await handle(message(envelope()));
    expect(handler).toHaveBeenCalledTimes(10);
    expect(published).toEqual([]);
    expect(eventMetrics.transientRetries - before).toBe(9);
  });

  it("dead-letters a handler's own refusal at once, and counts it", async () => {
    const before = eventMetrics.deadLettered;
    const handler = jest.fn(async () => {
      throw new EventRefusedError('not for this venue');
    });
    const { handle, published } = setup(handler);
    await handle(message(envelope()));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(published[0].headers).toMatchObject({ 'x-dlt-reason': 'not for this venue', 'x-dlt-attempts': '1' });
    expect(eventMetrics.deadLettered - before).toBe(1);
  });

  it('heartbeats while one attempt waits on a database that does not answer', async () => {
    jest.useFakeTimers();
    try {
      const handler = jest.fn(async () => {
        await new Promise((r) => setTimeout(r, HEARTBEAT_EVERY_MS * 2.5));
      });
      const { handle, published } = setup(handler);
      const heartbeat = jest.fn(async () => undefined);
      const done = handle(message(envelope()), { heartbeat });
      await jest.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 2.5);
      await done;
      expect(handler).toHaveBeenCalledTimes(1);
      expect(heartbeat).toHaveBeenCalledTimes(2);
      expect(published).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives up retrying an outage and rejects (so the message is redelivered) when the heartbeat says the partition was taken away', async () => {
    const handler = jest.fn(async () => {
      throw refused();
    });
    const { handle, published } = setup(handler, { backoffMs: 5 });
    const heartbeat = jest.fn(async () => {
      throw new Error('The group is rebalancing, so a rejoin is needed');
    });
    await expect(handle(message(envelope()), { heartbeat })).rejects.toThrow('rebalancing');
    expect(handler.mock.calls.length).toBeGreaterThan(1);
    expect(published).toEqual([]);
  });
});

describe('decideOnFailure', () => {
  const retry = { maxAttempts: 4, backoffMs: 200 };
  it('retries an unknown failure with a doubling delay until maxAttempts, then dead-letters', () => {
    expect(decideOnFailure(new Error('x'), 1, retry)).toEqual({ action: 'retry', delayMs: 200, transient: false });
    expect(decideOnFailure(new Error('x'), 2, retry)).toEqual({ action: 'retry', delayMs: 400, transient: false });
    expect(decideOnFailure(new Error('x'), 3, retry)).toEqual({ action: 'retry', delayMs: 800, transient: false });
    expect(decideOnFailure(new Error('x'), 4, retry)).toEqual({ action: 'dead-letter' });
  });
  it('retries a transient failure at any attempt, the delay capped', () => {
    expect(decideOnFailure(refused(), 4, retry)).toEqual({ action: 'retry', delayMs: 1600, transient: true });
    expect(decideOnFailure(refused(), 50, retry)).toEqual({ action: 'retry', delayMs: 30_000, transient: true });
    expect(decideOnFailure(refused(), 50, { ...retry, maxBackoffMs: 5000 })).toEqual({
      action: 'retry',
      delayMs: 5000,
      transient: true,
    });
  });
  it('dead-letters an unprocessable event, a schema failure or a refusal at once', () => {
    expect(decideOnFailure(new UnprocessableEventError('bad'), 0, retry)).toEqual({ action: 'dead-letter' });
    expect(decideOnFailure(new UnprocessableEventError('bad'), 1, retry)).toEqual({ action: 'dead-letter' });
    expect(decideOnFailure(new EventSchemaError('platform.test-event', 'n: bad'), 1, retry)).toEqual({
      action: 'dead-letter',
    });
    expect(decideOnFailure(new EventRefusedError('no'), 1, retry)).toEqual({ action: 'dead-letter' });
  });
});

describe('isTransientFailure', () => {
  it.each([
    ['a refused connection', refused()],
    [
      'PostgreSQL shutting down (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    [
      'PostgreSQL starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection failure (08006)', Object.assign(new Error('x'), { code: '08006' })],
    ['a serialization failure (40001)', Object.assign(new Error('x'), { code: '40001' })],
    ['a deadlock (40P01)', Object.assign(new Error('x'), { code: '40P01' })],
    [
      "TypeORM's wrapper of a driver error",
      Object.assign(new Error('query failed'), { driverError: Object.assign(new Error('x'), { code: '57P01' }) }),
    ],
    ["the pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a cause chain', new Error('outer', { cause: refused() })],
    ['an AggregateError of refused connections', Object.assign(new Error(''), { errors: [refused()] })],
    ['a retriable broker error', Object.assign(new Error('leader not available'), { retriable: true })],
    ['a TransientError', new TransientError('try later')],
  ])('recognises %s', (_n, err) => {
    expect(isTransientFailure(err)).toBe(true);
  });
  it.each([
    ['a plain error', new Error('undefined is not a function')],
    ['a unique violation (23505)', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a schema failure', new EventSchemaError('platform.test-event', 'n: bad')],
    ['a non-error', 'boom'],
    ['null', null],
  ])('does not take %s for transient', (_n, err) => {
    expect(isTransientFailure(err)).toBe(false);
  });
});

describe('backoff', () => {
  it('calls the heartbeat at least every HEARTBEAT_EVERY_MS while it sleeps', async () => {
    jest.useFakeTimers();
    try {
      const heartbeat = jest.fn(async () => undefined);
      const done = backoff(HEARTBEAT_EVERY_MS * 3 + 10, { heartbeat });
      await jest.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 3 + 10);
      await done;
      expect(heartbeat).toHaveBeenCalledTimes(4);
    } finally {
      jest.useRealTimers();
    }
  });
});
