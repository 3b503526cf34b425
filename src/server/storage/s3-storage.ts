import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, StorageUnavailableError, type Storage } from './storage.js';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Unset: AWS itself. Set for MinIO, Ceph, Garage, s3rver and other S3-compatible servers. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean;
  /** Attempts per call, first included. A dead endpoint answers fast (refused), so the retries stay cheap. */
  maxAttempts?: number;
};

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  return false;
}

/**
 * Document bytes in one S3-compatible bucket, shared by every server instance. Objects are written without
 * an ACL, so they keep the bucket's default: private. They are served only through the authorised routes,
 * never by a public or presigned URL.
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      maxAttempts: options.maxAttempts ?? 3,
      // A storage that accepts connections but never answers must not hold a registration for minutes.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  /** Runs one call; "not found" is the caller's business, anything else means the storage is unavailable. */
  private async call<T>(operation: string, key: string, run: () => Promise<T>, onNotFound: () => T): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isNotFound(error)) return onNotFound();
      throw new StorageUnavailableError(operation, key, error);
    }
  }

  /** A PutObject either stores the whole object or nothing: no leftovers to purge. */
  purgeInterruptedWrites(_olderThan: Date): Promise<number> {
    return Promise.resolve(0);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.call(
      'put',
      key,
      async () => {
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentType: contentType, ContentLength: data.length }));
      },
      () => {
        // A 404 on put means the bucket itself is missing: a deployment fault, not a missing key.
        throw new StorageUnavailableError('put', key, new Error(`bucket ${this.bucket} not found`));
      },
    );
  }

  async get(key: string): Promise<Buffer | null> {
    assertSafeKey(key);
    return this.call(
      'get',
      key,
      async () => {
        const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : Buffer.alloc(0);
      },
      () => null,
    );
  }

  async stream(key: string): Promise<Readable | null> {
    assertSafeKey(key);
    return this.call(
      'stream',
      key,
      async () => {
        const response = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        return (response.Body as Readable | undefined) ?? null;
      },
      () => null,
    );
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    return this.call(
      'exists',
      key,
      async () => {
        await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
        return true;
      },
      () => false,
    );
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    // S3 answers 204 for a key that is already gone, which suits the interface.
    await this.call(
      'delete',
      key,
      async () => {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
      },
      () => undefined,
    );
  }

  async *list(prefix = ''): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      } catch (error) {
        throw new StorageUnavailableError('list', prefix || '/', error);
      }
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    // Frees the keep-alive sockets, so tests and CLI scripts exit promptly.
    this.client.destroy();
  }
}
