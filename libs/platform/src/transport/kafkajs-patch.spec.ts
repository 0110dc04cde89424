import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';

/**
 * patches/kafkajs+2.2.4.patch (applied by patch-package at npm ci): kafkajs 2.2.4's request queue
 * re-armed a timer to check its pending requests after every response, also when none were pending,
 * with a negative delay (1 ms in Node), so every broker connection woke its process about 1,000
 * times a second for as long as it lived (tulios/kafkajs#1556, #1704; fix proposed in #1667, not released).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RequestQueue = require('kafkajs/src/network/requestQueue/index.js');

const logger = { debug: () => undefined, warn: () => undefined, info: () => undefined, error: () => undefined };

function queue(maxInFlightRequests: number | null = null) {
  return new RequestQueue({
    maxInFlightRequests,
    requestTimeout: 30_000,
    enforceRequestTimeout: false,
    clientId: 'patch-test',
    broker: 'localhost:1',
    logger,
  });
}

/** A request as kafkajs's connection pushes it; `sent` lists correlation ids in the order they went out. */
function request(correlationId: number, sent: number[]) {
  const done: unknown[] = [];
  return {
    done,
    pushed: {
      entry: {
        correlationId,
        apiKey: 1,
        apiName: 'Fetch',
        apiVersion: 11,
        resolve: (r: unknown) => done.push(r),
        reject: (e: unknown) => done.push(e),
      },
      expectResponse: true,
      sendRequest: () => sent.push(correlationId),
    },
  };
}

describe('kafkajs request queue (patched)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('leaves no timer behind once a response came and nothing waits (was: a 1 ms timer re-armed forever)', async () => {
    const q = queue();
    const sent: number[] = [];
    const r = request(1, sent);
    q.push(r.pushed);
    expect(sent).toEqual([1]);
    q.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(r.done).toHaveLength(1);
    expect(jest.getTimerCount()).toBe(0);
    await jest.advanceTimersByTimeAsync(50);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('still sends a request that waited for a free slot as soon as a response frees one', async () => {
    const q = queue(1);
    const sent: number[] = [];
    const [a, b] = [request(1, sent), request(2, sent)];
    q.push(a.pushed);
    q.push(b.pushed);
    expect(sent).toEqual([1]);
    q.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(sent).toEqual([1, 2]);
    q.fulfillRequest({ correlationId: 2, payload: Buffer.alloc(0), size: 0 });
    expect([a.done.length, b.done.length]).toEqual([1, 1]);
    // The check armed while the second waited runs once more, finds nothing, and arms no other.
    await jest.advanceTimersByTimeAsync(50);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('still sends a request held back by the broker’s throttling once the throttle is over', async () => {
    const q = queue();
    const sent: number[] = [];
    q.maybeThrottle(200);
    q.push(request(1, sent).pushed);
    expect(sent).toEqual([]);
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(250);
    expect(sent).toEqual([1]);
    q.fulfillRequest({ correlationId: 1, payload: Buffer.alloc(0), size: 0 });
    expect(jest.getTimerCount()).toBe(0);
  });
});

/**
 * The same patch makes a group coordinator not found a retriable cause: kafkajs's consumer crash
 * handler restarts a consumer only on one, and stopped for good on this one (tulios/kafkajs#1630,
 * #1445), which a broker electing leaders after an outage gives (gateway/test/broker-outage.api.spec.ts).
 */
describe('kafkajs patch: a group coordinator not found', () => {
  it('is retriable, also under the non-retriable error the consumer crashes with', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const errors = require('kafkajs/src/errors.js');
    const notFound = new errors.KafkaJSGroupCoordinatorNotFound('Failed to find group coordinator');
    expect(notFound.retriable).toBe(true);
    const crash = new errors.KafkaJSNonRetriableError(notFound, { cause: notFound });
    // The crash handler's test: the original cause's flag.
    const original = (e: { cause?: unknown }): { retriable?: boolean } =>
      e.cause ? original(e.cause as { cause?: unknown }) : (e as { retriable?: boolean });
    expect(original(crash).retriable).toBe(true);
  });
});
