import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Config } from '../config.js';
import { lockDataDir } from '../db/data-dir-lock.js';
import { createStorage } from '../storage/create-storage.js';
import type { Storage } from '../storage/storage.js';
import { decryptWithIdentity, isAgeEncrypted } from './archive-encryption.js';
import { loadPglite, loadPostgres, postgresRelationCount, type TableCounts } from './database-copy.js';
import {
  contentTypeOf,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  parseManifest,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  type ArchiveJobOptions,
  type BackupManifest,
} from './manifest.js';
import { readTar } from './tar.js';

export type RestoreOptions = ArchiveJobOptions & {
  file: string;
  /** The text of an age identity file, for an encrypted archive. */
  identity?: string;
};

export type RestoreResult = { manifest: BackupManifest; tables: TableCounts; documents: number };

export class RestoreError extends Error {}

/** Refuses any target that holds something: a restore never merges into, or overwrites, live data. */
async function assertEmptyTarget(config: Config, storage: Storage): Promise<void> {
  if (config.DATABASE_URL) {
    const relations = await postgresRelationCount(config.DATABASE_URL);
    if (relations > 0)
      throw new RestoreError(`the database in DATABASE_URL is not empty (${relations} relations); restore into a new, empty database`);
  } else {
    const dir = path.resolve(config.DATA_DIR);
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new RestoreError(`DATA_DIR ${dir} is not empty; restore into a new or empty folder`);
  }
  for await (const key of storage.list()) {
    throw new RestoreError(`the document storage (${storage.kind}) is not empty (found ${key}); restore into an empty one`);
  }
}

/**
 * Restores an archive into an EMPTY target (DATA_DIR, or the database in DATABASE_URL, plus the configured
 * storage), then checks it: every table's row count and every document's SHA-256 must match the manifest.
 */
/** The archive's compressed bytes: decrypted first when it is an age file (which needs the identity). */
async function openArchive(file: string, identity: string | undefined): Promise<Readable> {
  if (!isAgeEncrypted(file)) return createReadStream(file);
  if (!identity) throw new RestoreError('this backup is encrypted: pass the age identity file with --identity FILE');
  try {
    return await decryptWithIdentity(createReadStream(file), identity);
  } catch (error) {
    throw new RestoreError(`cannot decrypt the backup: ${(error as Error).message}`);
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { config } = options;
  const log = options.log ?? (() => {});
  if (!existsSync(options.file)) throw new RestoreError(`${options.file} does not exist`);
  const storage = options.storage ?? createStorage(config);
  await assertEmptyTarget(config, storage);
  // Held while restoring, so no server starts on the half-restored folder.
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  try {
    let tables: TableCounts | null = null;
    let manifest: BackupManifest | null = null;
    const restored = new Map<string, string>();
    for await (const entry of readTar((await openArchive(options.file, options.identity)).pipe(createGunzip()))) {
      if (entry.name === PGLITE_ENTRY || entry.name === POSTGRES_ENTRY) {
        const fromPglite = entry.name === PGLITE_ENTRY;
        if (fromPglite && config.DATABASE_URL)
          throw new RestoreError('this backup holds an embedded (PGlite) database: unset DATABASE_URL and restore into DATA_DIR');
        if (!fromPglite && !config.DATABASE_URL)
          throw new RestoreError('this backup holds a PostgreSQL dump: set DATABASE_URL to an empty database');
        tables = fromPglite ? await loadPglite(config.DATA_DIR, entry.data) : await loadPostgres(config.DATABASE_URL!, entry.data);
        log(`database restored: ${Object.keys(tables).length} tables`);
      } else if (entry.name.startsWith(FILES_PREFIX)) {
        const key = entry.name.slice(FILES_PREFIX.length);
        await storage.put(key, entry.data, contentTypeOf(key));
        restored.set(key, createHash('sha256').update(entry.data).digest('hex'));
      } else if (entry.name === MANIFEST_ENTRY) {
        manifest = parseManifest(entry.data);
      } else {
        throw new RestoreError(`unexpected entry in the archive: ${entry.name}`);
      }
    }
    if (!manifest) throw new RestoreError('the archive has no manifest: the backup was not completed');
    if (!tables) throw new RestoreError('the archive holds no database');
    verify(manifest, tables, restored);
    // Read back from the storage itself, not from the archive: what the server will serve.
    for (const document of manifest.documents) {
      const data = await storage.get(document.key);
      if (!data || createHash('sha256').update(data).digest('hex') !== document.sha256)
        throw new RestoreError(`document ${document.key} reads back wrong`);
    }
    log(`documents restored and verified: ${manifest.documents.length}`);
    return { manifest, tables, documents: restored.size };
  } catch (error) {
    // A PGlite target that failed half-way is emptied again, so a second attempt can run; PostgreSQL's
    // pg_restore ran in one transaction. Objects already put into an S3 bucket stay: empty it by hand.
    if (!config.DATABASE_URL) {
      const dir = path.resolve(config.DATA_DIR);
      for (const name of existsSync(dir) ? readdirSync(dir) : [])
        if (name !== 'server.lock') rmSync(path.join(dir, name), { recursive: true, force: true });
    }
    throw error;
  } finally {
    unlock();
  }
}

function verify(manifest: BackupManifest, tables: TableCounts, restored: Map<string, string>): void {
  for (const [table, expected] of Object.entries(manifest.database.tables)) {
    if (tables[table] !== expected)
      throw new RestoreError(`table ${table}: ${tables[table] ?? 'missing'} rows restored, ${expected} in the backup`);
  }
  for (const document of manifest.documents) {
    const sha = restored.get(document.key);
    if (sha !== document.sha256)
      throw new RestoreError(`document ${document.key}: ${sha ? 'checksum differs' : 'missing from the archive'}`);
  }
}
