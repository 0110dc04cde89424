import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { MeSnapshots, SessionStore } from './session-store';
import { createRedis } from './redis';
import { fakeClockOnly } from './testing';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const RedisMock = require('ioredis-mock');

let redis: Redis;
let store: SessionStore;
beforeEach(async () => {
  redis = new RedisMock() as Redis;
  await redis.flushall();
  store = new SessionStore(redis, 3600);
});
afterEach(() => {
  jest.useRealTimers();
});

describe('SessionStore', () => {
  it('create → get returns the session with its id', async () => {
    const { token, session } = await store.create('user-1', 'guest');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({ userId: 'user-1', userType: 'guest' });
    const got = await store.get(token);
    expect(got).toEqual({ ...session, id: createHash('sha256').update(token).digest('base64url') });
  });

  it('gives each session its own token', async () => {
    const a = await store.create('user-1', 'guest');
    const b = await store.create('user-1', 'guest');
    expect(a.token).not.toBe(b.token);
  });

  it('stores only a hash of the token, with a TTL', async () => {
    const { token } = await store.create('user-1', 'host');
    const keys = await redis.keys('*');
    expect(keys.some((k) => k.includes(token))).toBe(false);
    const id = createHash('sha256').update(token).digest('base64url');
    expect(keys.sort()).toEqual([`sess:${id}`, 'user-sess:user-1'].sort());
    for (const k of keys) {
      const v = (await redis.type(k)) === 'set' ? (await redis.smembers(k)).join() : await redis.get(k);
      expect(v).not.toContain(token);
    }
    const ttl = await redis.ttl(`sess:${id}`);
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
  });

  it('destroy → get returns null and the user index forgets it', async () => {
    const { token } = await store.create('user-1', 'guest');
    const other = await store.create('user-1', 'guest');
    await store.destroy(token);
    expect(await store.get(token)).toBeNull();
    expect(await store.get(other.token)).not.toBeNull();
    expect(await redis.smembers('user-sess:user-1')).toEqual([
      createHash('sha256').update(other.token).digest('base64url'),
    ]);
    await expect(store.destroy(token)).resolves.toBeUndefined();
    await expect(store.destroy(null)).resolves.toBeUndefined();
  });

  it("destroyAllForUser revokes every session of that user and not another user's", async () => {
    const a1 = await store.create('alice', 'guest');
    const a2 = await store.create('alice', 'guest');
    const a3 = await store.create('alice', 'guest');
    const b = await store.create('bob', 'host');
    expect(await store.destroyAllForUser('alice')).toBe(3);
    for (const t of [a1, a2, a3]) expect(await store.get(t.token)).toBeNull();
    expect(await store.get(b.token)).toMatchObject({ userId: 'bob', userType: 'host' });
    expect(await redis.exists('user-sess:alice')).toBe(0);
    expect(await store.destroyAllForUser('nobody')).toBe(0);
  });

  it('get of null, undefined, empty, unknown or overlong token → null', async () => {
    const { token } = await store.create('user-1', 'guest');
    expect(await store.get(null)).toBeNull();
    expect(await store.get(undefined)).toBeNull();
    expect(await store.get('')).toBeNull();
    expect(await store.get('unknown-token')).toBeNull();
    expect(await store.get(token + 'x'.repeat(200))).toBeNull();
    // an overlong token is refused before any lookup, even if such a key existed
    const long = 'y'.repeat(201);
    await redis.set(
      `sess:${createHash('sha256').update(long).digest('base64url')}`,
      JSON.stringify({ userId: 'x', userType: 'guest', createdAt: '' }),
    );
    expect(await store.get(long)).toBeNull();
  });

  it('get slides the expiry, at most once a minute (a read is one command otherwise)', async () => {
    fakeClockOnly(jest, '2030-01-01T00:00:00Z');
    const { token } = await store.create('user-1', 'guest');
    const id = createHash('sha256').update(token).digest('base64url');
    await redis.expire(`sess:${id}`, 100);
    jest.setSystemTime(new Date('2030-01-01T00:00:30Z'));
    expect(await store.get(token)).toMatchObject({ userId: 'user-1' });
    expect(await redis.ttl(`sess:${id}`)).toBeLessThanOrEqual(100); // not slid yet
    jest.setSystemTime(new Date('2030-01-01T00:01:01Z'));
    expect(await store.get(token)).toMatchObject({ userId: 'user-1' });
    expect(await redis.ttl(`sess:${id}`)).toBeGreaterThan(3500);
    jest.useRealTimers();
  });
});

describe('SessionStore: sliding expiry and revocation', () => {
  // Regression: get() must slide the user index too, or revoke-all misses live sessions.
  it('destroyAllForUser still revokes a session kept alive past the original TTL by get()', async () => {
    fakeClockOnly(jest, '2030-01-01T00:00:00Z');
    const short = new SessionStore(redis, 100);
    const { token } = await short.create('carol', 'guest');
    jest.setSystemTime(new Date('2030-01-01T00:01:00Z')); // +60 s
    expect(await short.get(token)).not.toBeNull(); // slides the session to +160 s
    jest.setSystemTime(new Date('2030-01-01T00:02:00Z')); // +120 s: index gone, session alive
    expect(await short.get(token)).not.toBeNull();
    expect(await short.destroyAllForUser('carol')).toBe(1);
    expect(await short.get(token)).toBeNull();
  });
});

describe('createRedis', () => {
  it('marks only the in-memory stand-in as memory', async () => {
    const { createRedis, isMemoryRedis } = await import('./redis');
    const mem = createRedis('memory');
    expect(isMemoryRedis(mem)).toBe(true);
    await mem.set('k', 'v');
    expect(await mem.get('k')).toBe('v');
    const real = createRedis('redis://127.0.0.1:1');
    real.on('error', () => undefined);
    expect(isMemoryRedis(real)).toBe(false);
    real.disconnect();
  });

  it('says what to do where the stand-in is not installed (a production image)', () => {
    jest.isolateModules(() => {
      jest.doMock('ioredis-mock', () => {
        throw Object.assign(new Error("Cannot find module 'ioredis-mock'"), { code: 'MODULE_NOT_FOUND' });
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { createRedis } = require('./redis') as typeof import('./redis');
      expect(() => createRedis('memory')).toThrow(
        'REDIS_URL=memory needs the in-process stand-in (ioredis-mock), installed with the embedded mode and the development dependencies only: give a redis:// URL',
      );
    });
    jest.dontMock('ioredis-mock');
  });
});

describe('SessionStore: absolute lifetime and atomic creation', () => {
  it('ends a session at its absolute lifetime however often it is used, and forgets it', async () => {
    fakeClockOnly(jest, '2030-01-01T00:00:00Z');
    const redis = createRedis('memory');
    const store = new SessionStore(redis, 3600, 3 * 3600);
    const { token } = await store.create('dora', 'guest');
    // Used every 30 minutes: the sliding hour never runs out.
    for (let m = 30; m < 180; m += 30) {
      jest.setSystemTime(new Date(Date.parse('2030-01-01T00:00:00Z') + m * 60_000));
      expect(await store.get(token)).toMatchObject({ userId: 'dora' });
    }
    jest.setSystemTime(new Date('2030-01-01T03:00:00Z'));
    expect(await store.get(token)).toBeNull();
    expect(await redis.smembers('user-sess:dora')).toEqual([]);
    jest.useRealTimers();
  });

  it('stores the session and its index entry together or not at all', async () => {
    const redis = createRedis('memory');
    const store = new SessionStore(redis);
    const { token } = await store.create('erin', 'host');
    const id = createHash('sha256').update(token).digest('base64url');
    expect(await redis.sismember('user-sess:erin', id)).toBe(1);
    const failing = {
      multi: () => ({
        set() {
          return this;
        },
        sadd() {
          return this;
        },
        expire() {
          return this;
        },
        exec: async () => [
          [null, 'OK'],
          [new Error('OOM'), null],
          [null, 1],
        ],
      }),
    } as any;
    await expect(new SessionStore(failing).create('frank', 'guest')).rejects.toThrow('OOM');
  });
});

describe('MeSnapshots', () => {
  it('a write replaces the view; a fill after a read never overwrites a newer write; both expire', async () => {
    const snaps = new MeSnapshots(redis, 600);
    await snaps.fill('u1', '{"bio":"old"}');
    expect(await snaps.get('u1')).toBe('{"bio":"old"}');
    await snaps.put('u1', '{"bio":"new"}');
    // A read that started before the change comes back late: it must not bring the old view back.
    await snaps.fill('u1', '{"bio":"old"}');
    expect(await snaps.get('u1')).toBe('{"bio":"new"}');
    expect(await redis.ttl('me:u1')).toBeGreaterThan(590);
    await snaps.drop('u1');
    expect(await snaps.get('u1')).toBeNull();
    expect(await snaps.get('someone-else')).toBeNull();
  });
});
