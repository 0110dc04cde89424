import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { isMemoryRedis } from './redis';

/** The channel Redis publishes invalidations on for a tracking connection redirected to a subscriber (RESP2). */
const INVALIDATE_CHANNEL = '__redis__:invalidate';

export interface TrackedReadsOptions {
  /** Most keys kept (the least recently read go first). */
  maxEntries?: number;
  /**
   * Longest a value is served from memory. An invalidation ends it at once; this bounds what an
   * invalidation cannot tell: a key Redis has expired but not yet evicted (it announces the
   * eviction, not the deadline).
   */
  ttlMs?: number;
  /** Told once when caching cannot start (e.g. a Redis that refuses CLIENT TRACKING): reads then go to Redis each time. */
  onUnavailable?: (err: unknown) => void;
}

/** The tracked reads of each client (one per Redis client, so every store reading through it shares it). */
const byClient = new WeakMap<Redis, TrackedReads>();

/**
 * Values of a few hot Redis keys kept in this process, dropped the moment they change anywhere:
 * Redis's server-assisted client-side caching (`CLIENT TRACKING … REDIRECT`). Reads go through a
 * connection of their own that Redis tracks; every later write of a key read there (by any client,
 * any process), its deletion or its expiry makes Redis publish the key on a second connection,
 * subscribed, and the value is forgotten. The gateway reads every signed-in request's session
 * through it (docs/architecture.md, Sessions): one Redis round trip saved per request, where a
 * session ended or a profile changed reaches every gateway as fast as the write's own answer
 * reaches its writer.
 *
 * Whenever either connection is lost, everything kept is dropped and nothing is kept until
 * tracking is on again (invalidations may have been missed meanwhile). A read whose key is
 * invalidated while it is on its way is not kept (its value may be the old one).
 *
 * With the embedded mode's in-process stand-in (no tracking there), every writer of those keys is
 * in this process and goes through `forget` (the session store and the snapshots do), which is
 * the same guarantee.
 */
export class TrackedReads {
  /** Each key's value, and what a reader decoded from it (`getDecoded`), decoded once per value. */
  private readonly cache: LRUCache<string, { raw: string; decoded?: unknown }>;
  /** A read on its way per key: kept only if still the same object when its answer comes. */
  private readonly pending = new Map<string, object>();
  /** Caching is on: tracking confirmed on the current connections (or in-process invalidation). */
  private live = false;
  private readonly reads: Redis | null;
  private readonly invalidations: Redis | null;
  private stopped = false;
  /** The subscribed connection's client id while tracking is on (what a test kills to cut it). */
  private subscriberId: number | null = null;
  /** Reads answered from memory and from Redis, since the start (for the metrics and the tests). */
  readonly counts = { kept: 0, read: 0 };

  private constructor(
    private readonly redis: Redis,
    opts: TrackedReadsOptions,
  ) {
    this.cache = new LRUCache({ max: opts.maxEntries ?? 20_000, ttl: opts.ttlMs ?? 15_000 });
    if (isMemoryRedis(redis)) {
      this.reads = null;
      this.invalidations = null;
      this.live = true;
      return;
    }
    this.reads = redis.duplicate({ lazyConnect: false });
    // Not resubscribed by ioredis after a reconnection: `subscribe` asks the new connection's id
    // first, which a connection already subscribed cannot answer.
    this.invalidations = redis.duplicate({ lazyConnect: false, enableAutoPipelining: false, autoResubscribe: false });
    this.invalidations.on('messageBuffer', (channel: Buffer, keys: unknown) => {
      if (channel.toString() === INVALIDATE_CHANNEL) this.invalidated(keys);
    });
    this.invalidations.on('close', () => {
      this.subscriberId = null;
      this.drop();
    });
    this.reads.on('close', () => this.drop());
    const unavailable = (err: unknown) => opts.onUnavailable?.(err);
    this.invalidations.on('ready', () => void this.subscribe().catch(unavailable));
    this.reads.on('ready', () => void this.track().catch(unavailable));
    // A connection's errors are its reconnections' business; without a listener ioredis prints them.
    for (const c of [this.reads, this.invalidations]) c.on('error', () => undefined);
  }

  /** The tracked reads of this client, made at the first call (the client's own connection is not used for them). */
  static of(redis: Redis, opts: TrackedReadsOptions = {}): TrackedReads {
    let t = byClient.get(redis);
    if (!t) byClient.set(redis, (t = new TrackedReads(redis, opts)));
    return t;
  }

  /** A value written by this process: the copy kept here goes at once (the only notice in the in-process mode). */
  static forget(redis: Redis, ...keys: string[]): void {
    const t = byClient.get(redis);
    if (t) for (const k of keys) t.dropKey(k);
  }

  /** Whether reads are being kept (tracking on). */
  get caching(): boolean {
    return this.live;
  }

  /** The client id of the connection invalidations come on, while tracking is on. */
  get invalidationsClientId(): number | null {
    return this.live ? this.subscriberId : null;
  }

  /** The value if kept, at once (no promise: the hot path's callers try this first); undefined if Redis must be asked. */
  peek(key: string): string | undefined {
    return this.keptEntry(key)?.raw;
  }

  /** `getDecoded`'s answer if kept, at once; undefined if Redis must be asked. */
  peekDecoded<T>(key: string, decode: (raw: string) => T): T | undefined {
    const e = this.keptEntry(key);
    if (!e) return undefined;
    if (!('decoded' in e)) e.decoded = decode(e.raw);
    return e.decoded as T;
  }

  private keptEntry(key: string): { raw: string; decoded?: unknown } | undefined {
    if (!this.live) return undefined;
    const e = this.cache.get(key);
    if (e) this.counts.kept++;
    return e;
  }

  async get(key: string): Promise<string | null> {
    return (await this.entry(key))?.raw ?? null;
  }

  /**
   * The value as `decode` makes it (e.g. JSON parsed), decoded once per value kept: every reader
   * of the key gets the same object, which it must not change (freeze it in `decode`). One
   * decoder per key.
   */
  async getDecoded<T>(key: string, decode: (raw: string) => T): Promise<T | null> {
    const e = await this.entry(key);
    if (!e) return null;
    if (!('decoded' in e)) e.decoded = decode(e.raw);
    return e.decoded as T;
  }

  private async entry(key: string): Promise<{ raw: string; decoded?: unknown } | null> {
    if (!this.live) {
      this.counts.read++;
      const raw = await this.redis.get(key);
      return raw === null ? null : { raw };
    }
    const kept = this.cache.get(key);
    if (kept !== undefined) {
      this.counts.kept++;
      return kept;
    }
    this.counts.read++;
    const mark = {};
    this.pending.set(key, mark);
    try {
      const raw = await (this.reads ?? this.redis).get(key);
      if (raw === null) return null;
      const e = { raw };
      // Invalidated (or every connection lost) while on its way: the answer may predate the change.
      if (this.live && this.pending.get(key) === mark) this.cache.set(key, e);
      return e;
    } finally {
      if (this.pending.get(key) === mark) this.pending.delete(key);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (byClient.get(this.redis) === this) byClient.delete(this.redis);
    this.drop();
    await Promise.all([this.reads?.quit().catch(() => undefined), this.invalidations?.quit().catch(() => undefined)]);
  }

  /** The invalidations' connection (new, or new again): its id, then subscribed; then tracking on. */
  private async subscribe(): Promise<void> {
    if (this.stopped || !this.invalidations) return;
    this.drop();
    const id = (await this.invalidations.client('ID')) as number;
    await this.invalidations.subscribe(INVALIDATE_CHANNEL);
    this.subscriberId = id;
    await this.track();
  }

  /** Tracking on the reads' connection (new, or new again), redirected to the subscribed connection. */
  private async track(): Promise<void> {
    if (this.stopped || !this.reads || !this.invalidations) return;
    const id = this.subscriberId;
    if (id === null || this.reads.status !== 'ready') return;
    this.drop();
    // Off first: a tracking still redirected to a previous (lost) subscriber is replaced.
    await this.reads.call('CLIENT', 'TRACKING', 'OFF');
    await this.reads.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(id));
    // Still the connections it was set up on (a reconnection meanwhile sets it up again).
    if (this.reads.status === 'ready' && this.subscriberId === id && !this.stopped) this.live = true;
  }

  /**
   * Keys changed; null: everything (a FLUSHDB or FLUSHALL of any database: Redis tells every
   * tracking client). Tracking itself goes on: what is kept goes, reads are kept again after.
   */
  private invalidated(keys: unknown): void {
    if (!Array.isArray(keys)) return this.clear();
    for (const k of keys) this.dropKey(String(k));
  }

  private dropKey(key: string): void {
    this.cache.delete(key);
    this.pending.delete(key);
  }

  /** A connection lost (or tracking being set up again): nothing kept, nothing kept again until tracking is on. */
  private drop(): void {
    if (this.reads) this.live = false;
    this.clear();
  }

  private clear(): void {
    this.cache.clear();
    this.pending.clear();
  }
}
