import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createRedis } from './redis';
import { MeSnapshots, SessionStore } from './session-store';
import { TrackedReads } from './tracked-reads';

// The embedded mode's stand-in has no tracking: every writer of the kept keys is in the process
// and tells the reads (TrackedReads.forget). The real Redis's tracking: test/tracked-reads.int.spec.ts.
let redis: Redis;
let reads: TrackedReads;
beforeEach(() => {
  redis = createRedis('memory');
  reads = TrackedReads.of(redis);
});
afterEach(async () => {
  await reads.stop();
});

describe('TrackedReads, in-process', () => {
  it('keeps a value read until this process writes it', async () => {
    const k = `k:${randomUUID()}`;
    await redis.set(k, 'one');
    expect(await reads.get(k)).toBe('one');
    await redis.set(k, 'two'); // not through a store: nobody told
    expect(await reads.get(k)).toBe('one');
    expect(reads.counts).toEqual({ kept: 1, read: 1 });
    TrackedReads.forget(redis, k);
    expect(await reads.get(k)).toBe('two');
  });

  it('does not keep a read whose key was written while it was on its way', async () => {
    const k = `k:${randomUUID()}`;
    await redis.set(k, 'old');
    const pending = reads.get(k);
    TrackedReads.forget(redis, k);
    expect(await pending).toBe('old');
    await redis.set(k, 'new');
    expect(await reads.get(k)).toBe('new');
  });

  it('never keeps a missing key', async () => {
    const k = `k:${randomUUID()}`;
    expect(await reads.get(k)).toBeNull();
    await redis.set(k, 'now');
    expect(await reads.get(k)).toBe('now');
  });

  it('decodes a kept value once, and the new value again once it changed', async () => {
    const k = `k:${randomUUID()}`;
    await redis.set(k, '{"n":1}');
    let decodes = 0;
    const decode = (raw: string) => (decodes++, Object.freeze(JSON.parse(raw) as { n: number }));
    const a = await reads.getDecoded(k, decode);
    const b = await reads.getDecoded(k, decode);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(decodes).toBe(1);
    await redis.set(k, '{"n":2}');
    TrackedReads.forget(redis, k);
    expect(await reads.getDecoded(k, decode)).toEqual({ n: 2 });
    expect(decodes).toBe(2);
    expect(await reads.getDecoded(`k:${randomUUID()}`, decode)).toBeNull();
  });

  it('is one per client, and a stopped one reads Redis each time', async () => {
    expect(TrackedReads.of(redis)).toBe(reads);
    const k = `k:${randomUUID()}`;
    await redis.set(k, 'a');
    expect(await reads.get(k)).toBe('a');
    await reads.stop();
    expect(TrackedReads.of(redis)).not.toBe(reads);
  });
});

describe('sessions and snapshots read through it', () => {
  it('sees a session end and a profile change written by another store of the same client (identity beside the gateway)', async () => {
    const gatewaySessions = new SessionStore(redis, 3600, 7200, reads);
    const gatewaySnapshots = new MeSnapshots(redis, 600, reads);
    const identitySessions = new SessionStore(redis, 3600);
    const identitySnapshots = new MeSnapshots(redis, 600);

    const { token } = await identitySessions.create('u-1', 'guest');
    await identitySnapshots.put('u-1', '{"firstName":"Ann"}');
    expect((await gatewaySessions.get(token))?.userId).toBe('u-1');
    expect(await gatewaySnapshots.get('u-1')).toBe('{"firstName":"Ann"}');
    expect(await gatewaySnapshots.get('u-1')).toBe('{"firstName":"Ann"}');
    expect(reads.counts.kept).toBeGreaterThan(0);

    await identitySnapshots.put('u-1', '{"firstName":"Anna"}');
    expect(await gatewaySnapshots.get('u-1')).toBe('{"firstName":"Anna"}');
    await identitySnapshots.drop('u-1');
    expect(await gatewaySnapshots.get('u-1')).toBeNull();

    await identitySessions.destroy(token);
    expect(await gatewaySessions.get(token)).toBeNull();

    const second = await identitySessions.create('u-1', 'guest');
    expect(await gatewaySessions.get(second.token)).not.toBeNull();
    await identitySessions.destroyAllForUser('u-1');
    expect(await gatewaySessions.get(second.token)).toBeNull();
  });

  it('answers a kept session at once (kept), and leaves to get what needs Redis: not kept, a slide due, past its lifetime', async () => {
    const sessions = new SessionStore(redis, 3600, 7200, reads);
    const plain = new SessionStore(redis, 3600, 7200);
    const { token } = await sessions.create('u-2', 'host');
    expect(plain.kept(token)).toBeUndefined(); // no memory at all
    expect(sessions.kept(token)).toBeUndefined(); // not read yet
    const read = await sessions.get(token);
    expect(sessions.kept(token)).toEqual(read);
    expect(sessions.kept(token)).not.toBe(sessions.kept(token)); // each caller its own copy
    expect(sessions.kept('x'.repeat(201))).toBeNull();

    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 61_000; // a slide is due: get writes it
      expect(sessions.kept(token)).toBeUndefined();
      Date.now = () => realNow() + 7_201_000; // past the absolute lifetime: get ends it
      expect(sessions.kept(token)).toBeUndefined();
      expect(await sessions.get(token)).toBeNull();
    } finally {
      Date.now = realNow;
    }
    expect(sessions.kept(token)).toBeUndefined();
  });
});
