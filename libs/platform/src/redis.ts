import Redis from 'ioredis';

export type RedisClient = Redis;
export const REDIS = Symbol('REDIS');

/** A Redis client for a redis:// URL, or an in-process stand-in for `memory` (embedded mode). */
export function createRedis(url: string): Redis {
  if (url === 'memory') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const RedisMock = require('ioredis-mock');
    return new RedisMock() as Redis;
  }
  return new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 3000 });
}

export function isMemoryRedis(client: Redis): boolean {
  return client.constructor?.name !== 'Redis' || (client as any).options?.data !== undefined;
}
