import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createRedis } from '../src';

// The services' and the gateway's Redis client sends the commands of one event-loop turn together
// (auto-pipelining): under load, many requests' session reads are one write and one read.
const redis = createRedis(process.env.REDIS_URL!);
afterAll(() => redis.quit());

describe('createRedis', () => {
  it('queues the commands issued in one turn and sends them as one pipeline, each with its own answer', async () => {
    const prefix = `test:pipelining:${randomUUID()}`;
    await redis.set(`${prefix}:a`, '1', 'EX', 60);
    const pending = [
      redis.get(`${prefix}:a`),
      redis.get(`${prefix}:missing`),
      redis.incr(`${prefix}:n`),
      redis.incr(`${prefix}:n`),
    ];
    // Nothing sent yet: all four wait for the end of this turn.
    expect(redis.autoPipelineQueueSize).toBe(4);
    expect(await Promise.all(pending)).toEqual(['1', null, 1, 2]);
    expect(redis.autoPipelineQueueSize).toBe(0);
    await redis.del(`${prefix}:a`, `${prefix}:n`);
  });
});
