import type { Config } from '../config.js';
import type { Storage } from '../storage/storage.js';
import type { TableCounts } from './database-copy.js';

/**
 * An archive is a gzip-compressed POSIX tar holding, in this order:
 * - `database/pglite-datadir.tar` (PGlite's dumpDataDir) or `database/postgres.dump` (pg_dump --format=custom);
 * - `files/<storage key>` for every stored object;
 * - `manifest.json`, last, written once everything before it was copied: a backup without it is incomplete.
 */
export const ARCHIVE_FORMAT = 'aipos-backup';
export const PGLITE_ENTRY = 'database/pglite-datadir.tar';
export const POSTGRES_ENTRY = 'database/postgres.dump';
export const FILES_PREFIX = 'files/';
export const MANIFEST_ENTRY = 'manifest.json';

/** What a backup and a restore both take: the configuration, and the storage and log a caller may pass. */
export type ArchiveJobOptions = {
  config: Config;
  /** Defaults to the driver the configuration names; tests pass their own. */
  storage?: Storage;
  log?: (line: string) => void;
};

export type DocumentEntry = { key: string; size: number; sha256: string };

export type BackupManifest = {
  format: typeof ARCHIVE_FORMAT;
  version: 1;
  created_at: string;
  database: { kind: 'pglite' | 'postgres'; entry: string; tables: TableCounts };
  storage: { kind: string };
  documents: DocumentEntry[];
};

export function parseManifest(data: Buffer): BackupManifest {
  const manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
  if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== 1)
    throw new Error('not an AIPOS backup archive (unknown manifest format)');
  return manifest;
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}
