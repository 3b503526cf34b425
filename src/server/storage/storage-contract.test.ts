import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3StorageOn, startS3TestServer, unreachableS3Storage, type S3TestServer } from '../../../tests/support/s3-test-server.js';
import { storageContract } from '../../../tests/support/storage-contract.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { S3Storage } from './s3-storage.js';
import { StorageUnavailableError } from './storage.js';

const root = mkdtempSync(path.join(tmpdir(), 'aipos-storage-'));
const local = new LocalDiskStorage(root);
afterAll(() => rmSync(root, { recursive: true, force: true }));

storageContract('local disk', () => local);

describe('LocalDiskStorage', () => {
  it('writes plain files under its root, one folder per key segment', async () => {
    await local.put('uploads/abc.jpg', Buffer.from('isi'), 'image/jpeg');
    expect(readdirSync(path.join(root, 'uploads'))).toEqual(['abc.jpg']);
    await local.delete('uploads/abc.jpg');
  });
});

let s3server: S3TestServer;
let s3: S3Storage;
beforeAll(async () => {
  s3server = await startS3TestServer();
  s3 = s3StorageOn(s3server);
});
afterAll(async () => {
  s3.close();
  await s3server.close();
});

storageContract('S3 (s3rver)', () => s3);

describe('S3Storage faults', () => {
  it('reports a storage it cannot reach as unavailable, for every operation', async () => {
    const dead = await unreachableS3Storage({ maxAttempts: 1 });
    await expect(dead.put('documents/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(dead.get('documents/a.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(dead.exists('documents/a.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(dead.delete('documents/a.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    dead.close();
  });

  it('reports wrong credentials and a missing bucket as unavailable, not as a missing key', async () => {
    // s3rver checks the access key id but not a v4 signature, so the unknown key is the id, not the secret.
    const wrongKey = s3StorageOn(s3server, { accessKeyId: 'SALAH', secretAccessKey: 'salah' });
    await expect(wrongKey.get('documents/a.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    wrongKey.close();
    const noBucket = s3StorageOn(s3server, { bucket: 'tidak-ada' });
    await expect(noBucket.put('documents/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(StorageUnavailableError);
    noBucket.close();
  });
});
