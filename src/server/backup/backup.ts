import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { lockDataDir } from '../db/data-dir-lock.js';
import { createStorage } from '../storage/create-storage.js';
import { encryptForRecipient } from './archive-encryption.js';
import { dumpPglite, dumpPostgres } from './database-copy.js';
import {
  ARCHIVE_FORMAT,
  FILES_PREFIX,
  MANIFEST_ENTRY,
  PGLITE_ENTRY,
  POSTGRES_ENTRY,
  type ArchiveJobOptions,
  type BackupManifest,
  type DocumentEntry,
} from './manifest.js';
import { TarWriter } from './tar.js';

export type BackupOptions = ArchiveJobOptions & {
  out: string;
  /** An age public key (`age1…`): the archive is encrypted for it. Unset: a plain archive. */
  recipient?: string;
};

export class BackupError extends Error {}

/**
 * Writes one archive of the database and every stored document (format in manifest.ts). With PGlite the
 * server must be stopped: the DATA_DIR lock is taken for the whole copy, so the copy is consistent and no
 * server can start meanwhile. With PostgreSQL the servers keep running; see docs/deployment.md for what a
 * backup taken under traffic can and cannot contain.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const { config } = options;
  const log = options.log ?? (() => {});
  const out = path.resolve(options.out);
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose a new file name`);

  let unlock = () => {};
  if (!config.DATABASE_URL) {
    // Throws DataDirLockedError while a server runs on this DATA_DIR.
    unlock = lockDataDir(config.DATA_DIR);
    if (!existsSync(path.resolve(config.DATA_DIR, 'pgdata'))) {
      unlock();
      throw new BackupError(`DATA_DIR ${path.resolve(config.DATA_DIR)} holds no database (no pgdata folder)`);
    }
  }
  const storage = options.storage ?? createStorage(config);
  // Written beside the target and renamed at the end: a half-written backup never carries the final name.
  const partial = `${out}.partial`;
  const file = createWriteStream(partial, { mode: 0o600 });
  const gzip = createGzip();
  // With a recipient, only ciphertext reaches the disk: the documents are in the archive in clear.
  (options.recipient ? await encryptForRecipient(gzip, options.recipient) : gzip).pipe(file);
  const fileClosed = new Promise<void>((resolve, reject) => {
    file.once('close', resolve);
    file.once('error', reject);
  });
  const tar = new TarWriter(gzip);
  try {
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    const { dump, counts } = config.DATABASE_URL ? await dumpPostgres(config.DATABASE_URL) : await dumpPglite(config.DATA_DIR);
    const entry = kind === 'postgres' ? POSTGRES_ENTRY : PGLITE_ENTRY;
    await tar.add(entry, dump);
    log(
      `database (${kind}): ${Object.values(counts).reduce((a, b) => a + b, 0)} rows in ${Object.keys(counts).length} tables, ${dump.length} bytes`,
    );

    const documents: DocumentEntry[] = [];
    for await (const key of storage.list()) {
      const data = await storage.get(key);
      // Removed since it was listed (a purge or a replaced document): nothing to keep.
      if (!data) continue;
      await tar.add(`${FILES_PREFIX}${key}`, data);
      documents.push({ key, size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    }
    log(`documents (${storage.kind}): ${documents.length}, ${documents.reduce((sum, d) => sum + d.size, 0)} bytes`);

    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      version: 1,
      created_at: new Date().toISOString(),
      database: { kind, entry, tables: counts },
      storage: { kind: storage.kind },
      documents,
    };
    await tar.add(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2)));
    await tar.finish();
    await fileClosed;
    await rename(partial, out);
    return manifest;
  } catch (error) {
    gzip.destroy();
    file.destroy();
    await rm(partial, { force: true });
    throw error;
  } finally {
    unlock();
  }
}
