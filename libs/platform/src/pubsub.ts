import { EventEmitter } from 'node:events';
import type Redis from 'ioredis';
import { isMemoryRedis } from './redis';

/**
 * Redis pub/sub between the processes of one deployment (every gateway hears what any process
 * publishes), or an in-process bus when Redis is the embedded stand-in (one process: the bus is
 * the whole deployment). Fire and forget: a message published while a subscriber is reconnecting
 * is lost to it, so only what has another way to arrive goes through here (a push the client
 * refetches on reconnect; a session end the sockets' periodic re-check finds).
 */
const local = new EventEmitter().setMaxListeners(0);

export async function publish(redis: Redis, channel: string, message: string): Promise<void> {
  if (isMemoryRedis(redis)) {
    local.emit(channel, message);
    return;
  }
  await redis.publish(channel, message);
}

/** Calls `handle` with each message of the channels from now on; the result stops it. */
export async function subscribe(
  redis: Redis,
  channels: string[],
  handle: (channel: string, message: string) => void,
): Promise<{ close(): Promise<void> }> {
  if (isMemoryRedis(redis)) {
    const listeners = channels.map((c) => [c, (m: string) => handle(c, m)] as const);
    for (const [c, l] of listeners) local.on(c, l);
    return { close: async () => void listeners.forEach(([c, l]) => local.off(c, l)) };
  }
  // A connection in subscriber mode takes no other command: one of its own (ioredis subscribes
  // again by itself after a reconnect).
  const sub = redis.duplicate({ enableAutoPipelining: false, maxRetriesPerRequest: null });
  sub.on('message', handle);
  // Errors are retried by ioredis; without a listener they would be an unhandled 'error' event.
  sub.on('error', () => undefined);
  await sub.subscribe(...channels);
  return { close: async () => void (await sub.quit().catch(() => sub.disconnect())) };
}
