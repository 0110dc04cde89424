import { Client } from 'minio';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

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
  }
  async ping(): Promise<void> {
    if (!(await this.client.bucketExists(this.bucket))) throw new Error(`bucket ${this.bucket} missing`);
  }
  /** A URL a browser can PUT one object to, for `expirySeconds`. */
  presignedPut(objectName: string, expirySeconds = 300): Promise<string> {
    return this.publicClient.presignedPutObject(this.bucket, objectName, expirySeconds);
  }
  /** A URL a browser can GET one object from, for `expirySeconds`. */
  presignedGet(objectName: string, expirySeconds = 3600): Promise<string> {
    return this.publicClient.presignedGetObject(this.bucket, objectName, expirySeconds);
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
    for await (const o of this.client.listObjectsV2(this.bucket, prefix, true)) if ((o as { name?: string }).name) names.push((o as { name: string }).name);
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
