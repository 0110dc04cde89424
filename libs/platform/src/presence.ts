import type Redis from 'ioredis';

/**
 * Whether a member has a live socket open, or when he last had one
 * (docs/product.md#messaging-notifications: message emails go
 * only to members away for a while). The gateways write it: "on" when a socket opens and on each
 * ping round while one is open, the time of the close (ms) when his last socket on that gateway
 * closes. Notifications reads it. Kept PRESENCE_TTL_SECONDS after the last write: no key means
 * "not connected for that long". Two gateways holding sockets of one member may disagree for a
 * ping round at most (the other's next round writes "on" again).
 */
export const PRESENCE_TTL_SECONDS = 3600;
const ONLINE = 'on';

export function presenceKey(prefix: string, userId: string): string {
  return `${prefix}luxe:presence:${userId}`;
}

/** The members have a socket open now. */
export async function markOnline(redis: Redis, prefix: string, userIds: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(userIds)].map((u) => redis.set(presenceKey(prefix, u), ONLINE, 'EX', PRESENCE_TTL_SECONDS)),
  );
}

/** The member's last socket (here) closed now. */
export async function markLeft(redis: Redis, prefix: string, userId: string, at = Date.now()): Promise<void> {
  await redis.set(presenceKey(prefix, userId), String(at), 'EX', PRESENCE_TTL_SECONDS);
}

/** 'online', the time (ms) his last socket closed, or null when not connected within PRESENCE_TTL_SECONDS. */
export async function presenceOf(redis: Redis, prefix: string, userId: string): Promise<'online' | number | null> {
  const v = await redis.get(presenceKey(prefix, userId));
  if (v === null) return null;
  return v === ONLINE ? 'online' : Number(v);
}
