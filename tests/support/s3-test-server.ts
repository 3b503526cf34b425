import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage, type S3StorageOptions } from '../../src/server/storage/s3-storage.js';

/** s3rver accepts only this key pair (and checks signature v4 against it). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  region: string;
  /** The environment a server process needs to use this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A throwaway S3-compatible server for tests: s3rver on a free loopback port, objects in a temp folder,
 * one empty bucket. Path-style only (no virtual-host DNS on loopback).
 */
export async function startS3TestServer(bucket = 'aipos-test'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'aipos-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The S3 driver on the test server's bucket; `options` change what a test needs (another bucket, wrong keys). */
export function s3StorageOn(
  server: Pick<S3TestServer, 'endpoint' | 'bucket' | 'region'>,
  options: Partial<S3StorageOptions> = {},
): S3Storage {
  return new S3Storage({
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    forcePathStyle: true,
    ...S3RVER_CREDENTIALS,
    ...options,
  });
}

/** The S3 driver on an endpoint that refuses every connection: the storage down. */
export async function unreachableS3Storage(options: Partial<S3StorageOptions> = {}): Promise<S3Storage> {
  return s3StorageOn({ bucket: 'x', region: 'us-east-1', endpoint: `http://127.0.0.1:${await closedPort()}` }, options);
}

/** A loopback port nothing listens on: connections are refused at once. */
export async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
