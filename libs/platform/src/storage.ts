import { Client } from 'minio';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

/**
 * Where browsers' unchecked uploads wait (`staging/...`) until a service claims them (checks,
 * copies and deletes them). An upload never claimed (the tab closed, a script asked for URLs and
 * posted files) goes by itself after STAGED_UPLOAD_DAYS: a lifecycle rule of the bucket, or the
 * embedded mode's sweep (infra/embedded), where the stand-in storage has no lifecycle rules.
 */
export const STAGING_PREFIX = 'staging/';
export const STAGED_UPLOAD_DAYS = 1;
/** The bucket's lifecycle rule that expires unclaimed uploads (its ID names it when read back). */
export const STAGING_LIFECYCLE_RULE = {
  ID: 'expire-unclaimed-uploads',
  Status: 'Enabled',
  Filter: { Prefix: STAGING_PREFIX },
  Expiration: { Days: STAGED_UPLOAD_DAYS },
} as const;

/** A stored photo's URL is signed for a window of the clock this long (`ObjectStorage.locate`). */
export const STORED_FILE_URL_WINDOW_SECONDS = 3600;
/** How long a browser keeps a stored photo (a year: its bytes never change under its name). */
export const STORED_FILE_MAX_AGE_SECONDS = 31_536_000;
/** How long the gateway's redirect from a photo's stable path to its signed URL may be cached. */
export const STORED_FILE_REDIRECT_SECONDS = 600;

/**
 * A browser upload by presigned POST (multipart form to `url`): the `fields` as given (policy,
 * signature, key…), a `Content-Type` field with the file's type, then the file as `file`, last.
 */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface StorageOptions {
  endpoint: string;
  /**
   * Where browsers reach the same storage (presigned URLs are signed for this host); defaults
   * to `endpoint`. Differs when services talk to it on an internal name (compose: http://minio:9000).
   */
  publicEndpoint?: string;
  accessKey: string;
  secretKey: string;
  region: string;
  bucket: string;
  /**
   * Whether ensureBucket sets the lifecycle rule expiring unclaimed uploads (default true). The
   * embedded mode's stand-in has none and sweeps `staging/` itself instead.
   */
  lifecycleRules?: boolean;
}

/** S3-compatible object storage (MinIO in distributed mode, an in-process server in embedded mode). */
export class ObjectStorage {
  readonly client: Client;
  /** Signs URLs for browsers (the region is given, so presigning needs no call to the server). */
  private readonly publicClient: Client;
  constructor(readonly opts: StorageOptions) {
    this.client = ObjectStorage.clientFor(opts.endpoint, opts);
    this.publicClient = opts.publicEndpoint ? ObjectStorage.clientFor(opts.publicEndpoint, opts) : this.client;
  }

  private static clientFor(endpoint: string, opts: StorageOptions): Client {
    const u = new URL(endpoint);
    return new Client({
      endPoint: u.hostname,
      port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)),
      useSSL: u.protocol === 'https:',
      accessKey: opts.accessKey,
      secretKey: opts.secretKey,
      region: opts.region,
      pathStyle: true,
    });
  }
  get bucket(): string {
    return this.opts.bucket;
  }
  async ensureBucket(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) {
      try {
        await this.client.makeBucket(this.bucket, this.opts.region);
      } catch (e: any) {
        if (e?.code !== 'BucketAlreadyOwnedByYou' && e?.code !== 'BucketAlreadyExists') throw e;
      }
    }
    if (this.opts.lifecycleRules !== false) await this.ensureLifecycle();
  }
  /**
   * The bucket's lifecycle: unclaimed uploads expire (STAGING_LIFECYCLE_RULE). Set at every start,
   * where the bucket is made: the service owns its bucket, so this is its whole lifecycle
   * configuration.
   */
  async ensureLifecycle(): Promise<void> {
    await this.client.setBucketLifecycle(this.bucket, {
      Rule: [
        {
          ...STAGING_LIFECYCLE_RULE,
          Filter: { ...STAGING_LIFECYCLE_RULE.Filter },
          Expiration: { ...STAGING_LIFECYCLE_RULE.Expiration },
        },
      ],
    });
  }
  /** Removes the uploads under `staging/` older than `olderThanMs` (where no lifecycle rule does it); how many went. */
  async sweepStaged(olderThanMs: number = STAGED_UPLOAD_DAYS * 86_400_000, now: Date = new Date()): Promise<number> {
    let removed = 0;
    for await (const o of this.client.listObjectsV2(this.bucket, STAGING_PREFIX, true)) {
      const { name, lastModified } = o as { name?: string; lastModified?: Date };
      if (name && lastModified && now.getTime() - lastModified.getTime() > olderThanMs) {
        await this.remove(name);
        removed++;
      }
    }
    return removed;
  }
  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} missing`);
  }
  /**
   * A form a browser can POST one object with, for `expirySeconds`: exactly this object name, a
   * content type starting with `contentTypePrefix`, and at most `maxBytes` — the storage itself
   * refuses a larger file (EntityTooLarge) while it arrives, before anything is stored.
   */
  async presignedPost(
    objectName: string,
    o: { maxBytes: number; contentTypePrefix: string; expirySeconds?: number },
  ): Promise<PresignedPost> {
    const policy = this.publicClient.newPostPolicy();
    policy.setBucket(this.bucket);
    policy.setKey(objectName);
    policy.setContentTypeStartsWith(o.contentTypePrefix);
    policy.setContentLengthRange(1, o.maxBytes);
    policy.setExpires(new Date(Date.now() + (o.expirySeconds ?? 300) * 1000));
    const { postURL, formData } = await this.publicClient.presignedPostPolicy(policy);
    // The browser adds the file's own Content-Type (the policy checks its prefix), not the prefix itself.
    const fields = Object.entries(formData).filter(([k]) => k !== 'Content-Type');
    return { url: postURL, fields: Object.fromEntries(fields.map(([k, v]) => [k, String(v)])) };
  }
  /**
   * Where a browser gets one stored photo now, and how long the gateway's redirect to it may be
   * cached; null when there is no such object. Every object served so keeps its bytes for as long
   * as its name exists (a new photo gets a new name, placeholders are versioned), so:
   * - the URL is signed for a fixed window of the clock (`STORED_FILE_URL_WINDOW_SECONDS`), not
   *   for the moment asked: every redirect within the window names the same URL, and the
   *   browser's cache (keyed by URL) serves the photo again instead of fetching it anew. It stays
   *   valid at least one window after it is handed out, longer than the redirect is cached;
   * - the storage answers it with a year's cache lifetime, `immutable` (the signed request asks
   *   for that `Cache-Control` through S3's `response-cache-control`), `private` for members'
   *   and their friends' photos (no shared cache keeps them after an erasure), `public` for
   *   venues' photos and the placeholders.
   */
  async locate(
    objectName: string,
    audience: 'public' | 'private',
    now: number = Date.now(),
  ): Promise<{ url: string; maxAgeSeconds: number } | null> {
    if ((await this.size(objectName)) === null) return null;
    const windowMs = STORED_FILE_URL_WINDOW_SECONDS * 1000;
    const url = await this.publicClient.presignedGetObject(
      this.bucket,
      objectName,
      2 * STORED_FILE_URL_WINDOW_SECONDS,
      { 'response-cache-control': `${audience}, max-age=${STORED_FILE_MAX_AGE_SECONDS}, immutable` },
      new Date(Math.floor(now / windowMs) * windowMs),
    );
    return { url, maxAgeSeconds: STORED_FILE_REDIRECT_SECONDS };
  }
  /** Size of an object, or null when there is none. */
  async size(objectName: string): Promise<number | null> {
    try {
      return (await this.client.statObject(this.bucket, objectName)).size;
    } catch (e: any) {
      if (e?.code === 'NotFound' || e?.code === 'NoSuchKey') return null;
      throw e;
    }
  }
  async remove(objectName: string): Promise<void> {
    await this.client.removeObject(this.bucket, objectName);
  }
  /** Names of the objects under a prefix. */
  async list(prefix: string): Promise<string[]> {
    const names: string[] = [];
    for await (const o of this.client.listObjectsV2(this.bucket, prefix, true))
      if ((o as { name?: string }).name) names.push((o as { name: string }).name);
    return names;
  }
  async put(objectName: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.putObject(this.bucket, objectName, body, body.length, { 'Content-Type': contentType });
  }
  async get(objectName: string): Promise<Buffer> {
    const stream = await this.client.getObject(this.bucket, objectName);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }
}
