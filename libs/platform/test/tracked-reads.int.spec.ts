import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRedis, TrackedReads } from '../src';

// Server-assisted client-side caching against the real Redis: a key read is kept until Redis
// says it changed, from any connection, and nothing is kept across a lost connection.
const redis = createRedis(process.env.REDIS_URL!);
const writer = createRedis(process.env.REDIS_URL!);
let reads: TrackedReads;
const key = () => `test:tracked:${randomUUID()}`;

async function until(what: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  reads = TrackedReads.of(redis, { ttlMs: 60_000 });
  await until(() => reads.caching);
});
afterAll(async () => {
  await reads.stop();
  await Promise.all([redis.quit(), writer.quit()]);
});

describe('TrackedReads (real Redis, CLIENT TRACKING)', () => {
  it('answers a second read from memory, and the value another connection writes as soon as Redis says so', async () => {
    const k = key();
    await writer.set(k, 'one', 'EX', 60);
    const before = { ...reads.counts };
    expect(await reads.get(k)).toBe('one');
    expect(await reads.get(k)).toBe('one');
    expect(reads.counts.read - before.read).toBe(1);
    expect(reads.counts.kept - before.kept).toBe(1);

    await writer.set(k, 'two', 'EX', 60);
    // The invalidation comes on the other connection: at most a few milliseconds.
    await until(async () => (await reads.get(k)) === 'two', 1000);
    await writer.del(k);
    await until(async () => (await reads.get(k)) === null, 1000);
  });

  it('forgets a key Redis expired within its own lifetime (Redis announces an expiry only once it evicts the key)', async () => {
    // Redis's active expiry samples the keys that have a TTL: with the shared stack's thousands of
    // them, an expired key kept in memory (never read in Redis, so never expired on access) can be
    // evicted, and announced, seconds later. What bounds it is ttlMs.
    const client = createRedis(process.env.REDIS_URL!);
    const short = TrackedReads.of(client, { ttlMs: 500 });
    try {
      await until(() => short.caching);
      const k = key();
      await writer.set(k, 'short', 'PX', 200);
      expect(await short.get(k)).toBe('short');
      expect(await short.get(k)).toBe('short');
      expect(short.counts.kept).toBe(1);
      await new Promise((r) => setTimeout(r, 600));
      expect(await short.get(k)).toBeNull();
    } finally {
      await short.stop();
      await client.quit();
    }
  });

  it('drops everything on a flush of any database (Redis tells every tracking client), and keeps reads again after', async () => {
    const k = key();
    await writer.set(k, 'kept', 'EX', 60);
    expect(await reads.get(k)).toBe('kept');
    expect(await reads.get(k)).toBe('kept');
    // An empty database of its own (the test stack uses 0, the phases beside it 9 and 10).
    const other = createRedis(`${process.env.REDIS_URL!.replace(/\/\d+$/, '')}/15`);
    try {
      const before = { ...reads.counts };
      await other.flushdb();
      await until(async () => {
        await reads.get(k);
        return reads.counts.read > before.read;
      }, 1000);
      // Tracking still on: the value read again is kept again (it was not, until the flush ended it).
      const after = reads.counts.kept;
      expect(await reads.get(k)).toBe('kept');
      expect(reads.counts.kept).toBe(after + 1);
      expect(reads.caching).toBe(true);
    } finally {
      await other.quit();
    }
    await writer.del(k);
  });

  it('keeps nothing across a lost invalidation connection: a write while it was down is seen after', async () => {
    const k = key();
    await writer.set(k, 'before', 'EX', 60);
    expect(await reads.get(k)).toBe('before');
    expect(await reads.get(k)).toBe('before');
    const id = reads.invalidationsClientId;
    expect(id).not.toBeNull();
    await writer.client('KILL', 'ID', String(id));
    // Written while no invalidation can reach this process.
    await writer.set(k, 'after', 'EX', 60);
    await until(() => reads.caching && reads.invalidationsClientId !== id);
    expect(await reads.get(k)).toBe('after');
    // Tracking is on again: the next change is seen too.
    await writer.set(k, 'again', 'EX', 60);
    await until(async () => (await reads.get(k)) === 'again', 1000);
    await writer.del(k);
  });

  it('keeps nothing across a lost reading connection either', async () => {
    const k = key();
    await writer.set(k, 'v1', 'EX', 60);
    expect(await reads.get(k)).toBe('v1');
    const list = (await writer.client('LIST')) as string;
    const tracking = list
      .split('\n')
      .find((l) => /flags=\S*t/.test(l) && l.includes(`redir=${reads.invalidationsClientId}`));
    expect(tracking).toBeDefined();
    await writer.client('KILL', 'ID', /id=(\d+)/.exec(tracking!)![1]!);
    await writer.set(k, 'v2', 'EX', 60);
    await until(async () => reads.caching && (await reads.get(k)) === 'v2', 3000);
    await writer.del(k);
  });
});
