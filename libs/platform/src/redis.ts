import Redis from 'ioredis';

export type RedisClient = Redis;
export const REDIS = Symbol('REDIS');
const MEMORY = Symbol('luxe.memory-redis');

/** A Redis client for a redis:// URL, or an in-process stand-in for `memory` (embedded mode). */
export function createRedis(url: string): Redis {
  if (url === 'memory') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const RedisMock = require('ioredis-mock');
    return Object.assign(new RedisMock(), { [MEMORY]: true }) as Redis;
  }
  // Auto-pipelining: the commands of one event-loop turn (many requests' session reads under load)
  // go to Redis in one write and come back in one read, instead of one round trip each.
  return new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 3000, enableAutoPipelining: true });
}

/** True for the in-process stand-in (features that need real Redis, like Lua-backed limiters, fall back). */
export function isMemoryRedis(client: Redis): boolean {
  return (client as any)[MEMORY] === true;
}
