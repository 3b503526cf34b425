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

/** The bucket and key of one object, as every object command takes them. */
type ObjectAddress = { Bucket: string; Key: string };

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

  /**
   * Runs one call on the object under `key` (checked first); "not found" is the caller's business,
   * anything else means the storage is unavailable.
   */
  private async call<T>(operation: string, key: string, run: (object: ObjectAddress) => Promise<T>, onNotFound: () => T): Promise<T> {
    assertSafeKey(key);
    try {
      return await run({ Bucket: this.bucket, Key: key });
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
    const write = (object: ObjectAddress) =>
      this.client.send(new PutObjectCommand({ ...object, Body: data, ContentType: contentType, ContentLength: data.length }));
    await this.call('put', key, write, () => {
      // A 404 on put means the bucket itself is missing: a deployment fault, not a missing key.
      throw new StorageUnavailableError('put', key, new Error(`bucket ${this.bucket} not found`));
    });
  }

  get(key: string): Promise<Buffer | null> {
    const read = async (object: ObjectAddress) => {
      const response = await this.client.send(new GetObjectCommand(object));
      return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : Buffer.alloc(0);
    };
    return this.call('get', key, read, () => null);
  }

  stream(key: string): Promise<Readable | null> {
    // In Node the SDK's body is an http.IncomingMessage, a Readable.
    const open = async (object: ObjectAddress) =>
      ((await this.client.send(new GetObjectCommand(object))).Body as Readable | undefined) ?? null;
    return this.call('stream', key, open, () => null);
  }

  exists(key: string): Promise<boolean> {
    const head = async (object: ObjectAddress) => {
      await this.client.send(new HeadObjectCommand(object));
      return true;
    };
    return this.call('exists', key, head, () => false);
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is already gone, which suits the interface.
    await this.call(
      'delete',
      key,
      (object) => this.client.send(new DeleteObjectCommand(object)),
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
