import path from 'node:path';
import type { Config } from '../config.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** The driver STORAGE_DRIVER names; parseConfig has already made sure the S3 variables are there. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskStorage(path.resolve(config.DATA_DIR, 'files'));
}

/** What the Settings screen shows for the running driver (Indonesian, like the rest of the admin). */
export function storageLabel(storage: Storage): string {
  if (storage instanceof S3Storage) return `Object storage S3 (bucket ${storage.bucket})`;
  if (storage.kind === 'local-disk') return 'Disk lokal (DATA_DIR/files)';
  return storage.kind;
}
