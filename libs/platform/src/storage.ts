import { Client } from 'minio';

export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export interface StorageOptions {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
  bucket: string;
}

/** S3-compatible object storage (MinIO in distributed mode, an in-process server in embedded mode). */
export class ObjectStorage {
  readonly client: Client;
  constructor(readonly opts: StorageOptions) {
    const u = new URL(opts.endpoint);
    this.client = new Client({
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
  presignedPut(objectName: string, expirySeconds = 300): Promise<string> {
    return this.client.presignedPutObject(this.bucket, objectName, expirySeconds);
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
