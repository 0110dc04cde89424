import Redis from 'ioredis';

export type RedisClient = Redis;
export const REDIS = Symbol('REDIS');
const MEMORY = Symbol('luxe.memory-redis');

/** A Redis client for a redis:// URL, or an in-process stand-in for `memory` (embedded mode). */
export function createRedis(url: string): Redis {
  if (url === 'memory') return Object.assign(new (memoryRedisClass())(), { [MEMORY]: true }) as Redis;
  // Auto-pipelining: the commands of one event-loop turn (many requests' session reads under load)
  // go to Redis in one write and come back in one read, instead of one round trip each.
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    connectTimeout: 3000,
    enableAutoPipelining: true,
  });
}

/** True for the in-process stand-in (features that need real Redis, like Lua-backed limiters, fall back). */
export function isMemoryRedis(client: Redis): boolean {
  return (client as any)[MEMORY] === true;
}

/**
 * The stand-in, ioredis-mock (with a Lua VM), is no dependency of the platform: the embedded mode
 * (infra/embedded) and the root's development dependencies bring it, the production images do not
 * (where `memory` is refused at start anyway). Loaded only when `memory` is asked for. Neither an
 * optional peer nor a development dependency of the platform's own: `npm ci --omit=dev --workspace`
 * (the images) follows those edges and installs it as soon as another workspace depends on it.
 */
function memoryRedisClass(): new () => Redis {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('ioredis-mock');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw err;
    throw new Error(
      'REDIS_URL=memory needs the in-process stand-in (ioredis-mock), installed with the embedded mode and the development dependencies only: give a redis:// URL',
    );
  }
}
