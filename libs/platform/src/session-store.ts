import { hash as digest, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { publish } from './pubsub';
import { TrackedReads } from './tracked-reads';

export interface Session {
  userId: string;
  userType: string;
  createdAt: string;
  /** When the expiry was last slid (ms since epoch). */
  slidAt?: number;
}

/** A session's expiry slides at most this often, so a read is one Redis command, not three. */
const SLIDE_EVERY_MS = 60_000;
const slideDue = (s: Pick<Session, 'slidAt'>) => !s.slidAt || Date.now() - s.slidAt >= SLIDE_EVERY_MS;

/** A session as stored, parsed once per value read (frozen: TrackedReads hands the same object to every read). */
const decodeSession = (raw: string): Readonly<Session> => Object.freeze(JSON.parse(raw) as Session);

/** The id of a session: a hash of its token (what Redis and the actor hold). */
export const sessionIdOf = (token: string) => digest('sha256', token, 'base64url');
const hash = sessionIdOf;

/**
 * Redis channel on which every end of a session is announced (`SessionEnded` as JSON): each
 * gateway closes the sockets opened with it, whichever process ended it.
 */
export const SESSION_ENDED_CHANNEL = 'luxe:session-ended';
/** Sessions that ended: these ids, or (`userId` set) every session of that member. */
export interface SessionEnded {
  sessionIds: string[];
  userId?: string;
}

/**
 * Opaque session tokens in Redis (docs/architecture.md, Sessions). Only a hash of the token is stored;
 * a user's sessions are indexed so that logout-everywhere and account deletion revoke them.
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    /** Sliding lifetime: a session unused this long ends. */
    readonly ttlSeconds = 60 * 60 * 24 * 14,
    /** Absolute lifetime: however much it is used, a session ends this long after sign-in. */
    readonly maxAgeSeconds = 60 * 60 * 24 * 30,
    /** Where `get` reads sessions, kept in memory until they change (the gateway's); none: Redis each time. */
    private readonly reads: TrackedReads | null = null,
  ) {}

  async create(userId: string, userType: string): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const session: Session = { userId, userType, createdAt: new Date().toISOString(), slidAt: Date.now() };
    const id = hash(token);
    // One transaction: a session never exists without its index entry (revocation finds it).
    const results = await this.redis
      .multi()
      .set(`sess:${id}`, JSON.stringify(session), 'EX', this.ttlSeconds)
      .sadd(`user-sess:${userId}`, id)
      .expire(`user-sess:${userId}`, this.ttlSeconds)
      .exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw failed?.[0] ?? new Error('session not stored');
    return { token, session };
  }

  /**
   * The session from memory, without a promise: when it is kept (TrackedReads), within its
   * absolute lifetime and with no slide due. Undefined when `get` must answer (not kept, or
   * something to write); null for a token that cannot be one.
   */
  kept(token: string | undefined | null): (Session & { id: string }) | null | undefined {
    if (!this.reads) return undefined;
    if (!token || token.length > 200) return null;
    const id = hash(token);
    const s = this.reads.peekDecoded(`sess:${id}`, decodeSession);
    if (!s) return undefined;
    if (this.pastLifetime(s) || slideDue(s)) return undefined;
    return { ...s, id };
  }

  /** Returns the session and slides its expiry, or null. */
  async get(token: string | undefined | null): Promise<(Session & { id: string }) | null> {
    if (!token || token.length > 200) return null;
    const id = hash(token);
    const key = `sess:${id}`;
    const session = this.reads
      ? await this.reads.getDecoded(key, decodeSession)
      : await this.redis.get(key).then((raw) => (raw ? decodeSession(raw) : null));
    if (!session) return null;
    if (this.pastLifetime(session)) {
      await this.destroyById(id);
      return null;
    }
    // Slide the session and the user's index together, so revoking all of a user's sessions
    // still finds one that was kept alive by use; at most once a minute.
    if (slideDue(session)) {
      const slid: Session = { ...session, slidAt: Date.now() };
      await this.redis
        .multi()
        .set(key, JSON.stringify(slid), 'EX', this.ttlSeconds, 'XX')
        .expire(`user-sess:${session.userId}`, this.ttlSeconds)
        .exec();
      TrackedReads.forget(this.redis, key);
    }
    // The decoded session is shared by every read of it (kept): the caller gets its own copy.
    return { ...session, id };
  }

  async destroy(token: string | undefined | null): Promise<void> {
    if (!token) return;
    const id = hash(token);
    await this.destroyById(id);
  }

  /** Ends one session by its id (the hash the actor carries). */
  async destroyById(id: string | undefined | null): Promise<void> {
    if (!id || !/^[A-Za-z0-9_-]{1,100}$/.test(id)) return;
    const raw = await this.redis.get(`sess:${id}`);
    await this.redis.del(`sess:${id}`);
    TrackedReads.forget(this.redis, `sess:${id}`);
    if (raw) await this.redis.srem(`user-sess:${(JSON.parse(raw) as Session).userId}`, id);
    await this.ended({ sessionIds: [id] });
  }

  async destroyAllForUser(userId: string): Promise<number> {
    const ids = await this.redis.smembers(`user-sess:${userId}`);
    const keys = ids.map((i) => `sess:${i}`);
    if (keys.length) await this.redis.del(...keys);
    TrackedReads.forget(this.redis, ...keys);
    await this.redis.del(`user-sess:${userId}`);
    await this.ended({ sessionIds: ids, userId });
    return ids.length;
  }

  /**
   * Whether a session is still valid, without sliding its expiry (an open socket asking is not the
   * member using the site): it exists and is within its absolute lifetime.
   */
  async alive(id: string): Promise<boolean> {
    const raw = await this.redis.get(`sess:${id}`);
    return !!raw && !this.pastLifetime(JSON.parse(raw) as Session);
  }

  /** Past its absolute lifetime (however much it was used). */
  private pastLifetime(s: Pick<Session, 'createdAt'>): boolean {
    return Date.now() - Date.parse(s.createdAt) >= this.maxAgeSeconds * 1000;
  }

  /**
   * Tells every gateway (their open sockets). Best effort: the session is already gone, and a
   * gateway that missed this finds it at its sockets' next re-check (REALTIME_SESSION_CHECK_MS).
   */
  private async ended(e: SessionEnded): Promise<void> {
    await publish(this.redis, SESSION_ENDED_CHANNEL, JSON.stringify(e)).catch(() => undefined);
  }
}

/**
 * The signed-in user's own view (the JSON of `GET /api/auth/me`), kept in Redis beside the
 * sessions by identity, the only writer: set at sign-up and sign-in, replaced after every profile
 * change, removed with the account. The gateway answers `/api/auth/me` from it without a call to
 * identity, and asks identity (which fills it) when it is missing. A fill never overwrites a
 * newer write (`NX`), and every entry expires, so a lost write is stale for at most `ttlSeconds`.
 */
export class MeSnapshots {
  constructor(
    private readonly redis: Redis,
    readonly ttlSeconds = 600,
    /** Where `get` reads, kept in memory until changed (the gateway's); none: Redis each time. */
    private readonly reads: TrackedReads | null = null,
  ) {}

  private key(userId: string): string {
    return `me:${userId}`;
  }
  /** The view if kept in memory, at once; undefined if Redis must be asked (`get`). */
  kept(userId: string): string | undefined {
    return this.reads?.peek(this.key(userId));
  }
  get(userId: string): Promise<string | null> {
    return this.reads ? this.reads.get(this.key(userId)) : this.redis.get(this.key(userId));
  }
  /** After identity changed the user (committed): the new view replaces any other. */
  async put(userId: string, json: string): Promise<void> {
    await this.redis.set(this.key(userId), json, 'EX', this.ttlSeconds);
    TrackedReads.forget(this.redis, this.key(userId));
  }
  /** After a read: only if nothing newer was written meanwhile. */
  async fill(userId: string, json: string): Promise<void> {
    await this.redis.set(this.key(userId), json, 'EX', this.ttlSeconds, 'NX');
    TrackedReads.forget(this.redis, this.key(userId));
  }
  async drop(userId: string): Promise<void> {
    await this.redis.del(this.key(userId));
    TrackedReads.forget(this.redis, this.key(userId));
  }
}
