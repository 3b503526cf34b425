import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { createStorage, storageLabel } from './create-storage.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';

const S3_ENV = {
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'aipos-docs',
  S3_REGION: 'ap-southeast-3',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_FORCE_PATH_STYLE: 'true',
};

describe('storage configuration', () => {
  it('defaults to local disk under DATA_DIR/files', () => {
    const storage = createStorage(parseConfig({}));
    expect(storage).toBeInstanceOf(LocalDiskStorage);
    expect(storageLabel(storage)).toBe('Disk lokal (DATA_DIR/files)');
  });

  it('builds the S3 driver and labels it with its bucket', () => {
    const config = parseConfig(S3_ENV);
    expect(config.S3_FORCE_PATH_STYLE).toBe(true);
    const storage = createStorage(config);
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storageLabel(storage)).toBe('Object storage S3 (bucket aipos-docs)');
    (storage as S3Storage).close();
  });

  it('names the one missing variable when STORAGE_DRIVER=s3', () => {
    for (const name of ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      const env: Record<string, string> = { ...S3_ENV, [name]: '' };
      expect(() => parseConfig(env)).toThrow(`Invalid configuration: ${name} is required when STORAGE_DRIVER=s3`);
    }
    // AWS itself needs no endpoint.
    expect(() => parseConfig({ ...S3_ENV, S3_ENDPOINT: '' })).not.toThrow();
  });

  it('refuses an unknown driver and a malformed endpoint', () => {
    expect(() => parseConfig({ STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
    expect(() => parseConfig({ ...S3_ENV, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });
});
