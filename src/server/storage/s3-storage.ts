import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
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

type Sdk = typeof S3Sdk;
type S3Client = S3Sdk.S3Client;

/**
 * The SDK is loaded by the first call, not with the server: about 4 MB of heap that a server on local disk
 * (the default) kept for nothing, marked again by every full collection (docs/performance.md).
 */
let sdkLoad: Promise<Sdk> | null = null;
const loadSdk = () => (sdkLoad ??= import('@aws-sdk/client-s3'));

function isNotFound(sdk: Sdk, error: unknown): boolean {
  if (error instanceof sdk.S3ServiceException) {
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
  private readonly options: S3StorageOptions;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.options = options;
  }

  /** The SDK and one client, made by the first call. */
  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connection ??= loadSdk().then((sdk) => ({ sdk, client: this.newClient(sdk) }));
    return this.connection;
  }

  private newClient(sdk: Sdk): S3Client {
    const options = this.options;
    return new sdk.S3Client({
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
  private async call<T>(
    operation: string,
    key: string,
    run: (object: ObjectAddress, sdk: Sdk, client: S3Client) => Promise<T>,
    onNotFound: () => T,
  ): Promise<T> {
    assertSafeKey(key);
    let sdk: Sdk | undefined;
    try {
      const connection = await this.connect();
      sdk = connection.sdk;
      return await run({ Bucket: this.bucket, Key: key }, connection.sdk, connection.client);
    } catch (error) {
      if (sdk && isNotFound(sdk, error)) return onNotFound();
      throw new StorageUnavailableError(operation, key, error);
    }
  }

  /** A PutObject either stores the whole object or nothing: no leftovers to purge. */
  purgeInterruptedWrites(_olderThan: Date): Promise<number> {
    return Promise.resolve(0);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const write = (object: ObjectAddress, sdk: Sdk, client: S3Client) =>
      client.send(new sdk.PutObjectCommand({ ...object, Body: data, ContentType: contentType, ContentLength: data.length }));
    await this.call('put', key, write, () => {
      // A 404 on put means the bucket itself is missing: a deployment fault, not a missing key.
      throw new StorageUnavailableError('put', key, new Error(`bucket ${this.bucket} not found`));
    });
  }

  get(key: string): Promise<Buffer | null> {
    const read = async (object: ObjectAddress, sdk: Sdk, client: S3Client) => {
      const response = await client.send(new sdk.GetObjectCommand(object));
      return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : Buffer.alloc(0);
    };
    return this.call('get', key, read, () => null);
  }

  stream(key: string): Promise<Readable | null> {
    // In Node the SDK's body is an http.IncomingMessage, a Readable.
    const open = async (object: ObjectAddress, sdk: Sdk, client: S3Client) =>
      ((await client.send(new sdk.GetObjectCommand(object))).Body as Readable | undefined) ?? null;
    return this.call('stream', key, open, () => null);
  }

  exists(key: string): Promise<boolean> {
    const head = async (object: ObjectAddress, sdk: Sdk, client: S3Client) => {
      await client.send(new sdk.HeadObjectCommand(object));
      return true;
    };
    return this.call('exists', key, head, () => false);
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a key that is already gone, which suits the interface.
    await this.call(
      'delete',
      key,
      (object, sdk, client) => client.send(new sdk.DeleteObjectCommand(object)),
      () => undefined,
    );
  }

  async *list(prefix = ''): AsyncGenerator<string> {
    let token: string | undefined;
    do {
      let page;
      try {
        const { sdk, client } = await this.connect();
        page = await client.send(new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      } catch (error) {
        throw new StorageUnavailableError('list', prefix || '/', error);
      }
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    // Frees the keep-alive sockets, so tests and CLI scripts exit promptly (a client still being made is freed once made).
    void this.connection?.then(({ client }) => client.destroy()).catch(() => undefined);
  }
}
