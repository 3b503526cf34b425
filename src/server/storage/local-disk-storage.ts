import { randomBytes } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, StorageUnavailableError, type Storage } from './storage.js';

const TEMP_SUFFIX = '.tmp';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

// Faults of the disk itself, as opposed to a programming error: the request can be retried later.
const UNAVAILABLE_CODES = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EACCES', 'EPERM', 'EMFILE', 'ENFILE']);

function wrap(operation: string, key: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  return code && UNAVAILABLE_CODES.has(code) ? new StorageUnavailableError(operation, key, error) : error;
}

/** Files under one root folder (DATA_DIR/files); never served statically. */
export class LocalDiskStorage implements Storage {
  readonly kind = 'local-disk';

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, data: Buffer, _contentType: string): Promise<void> {
    const target = this.pathOf(key);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a crash mid-write never leaves a half file under the real key.
      const temp = `${target}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, target);
    } catch (error) {
      throw wrap('put', key, error);
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = this.pathOf(key);
    try {
      return await readFile(file);
    } catch (error) {
      if (isMissing(error)) return null;
      throw wrap('get', key, error);
    }
  }

  async stream(key: string): Promise<Readable | null> {
    return (await this.exists(key)) ? createReadStream(this.pathOf(key)) : null;
  }

  async exists(key: string): Promise<boolean> {
    const file = this.pathOf(key);
    try {
      return (await stat(file)).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw wrap('exists', key, error);
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    try {
      await rm(file, { force: true });
    } catch (error) {
      throw wrap('delete', key, error);
    }
  }

  async purgeInterruptedWrites(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const entry of await this.files('purge', '/')) {
      if (!entry.name.endsWith(TEMP_SUFFIX)) continue;
      const file = path.join(entry.parentPath, entry.name);
      // A younger temp file may be a write still in progress.
      const modified = await stat(file).then(
        (info) => info.mtimeMs,
        () => null,
      );
      if (modified === null || modified >= olderThan.getTime()) continue;
      await rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  async *list(prefix = ''): AsyncGenerator<string> {
    for (const entry of await this.files('list', prefix || '/')) {
      // Half-written files (write-then-rename) are not stored objects yet.
      if (entry.name.endsWith(TEMP_SUFFIX)) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (key.startsWith(prefix)) yield key;
    }
  }

  /** Every file under the root, temp files included; none when the root does not exist yet. */
  private async files(operation: string, key: string): Promise<Dirent[]> {
    try {
      const entries = await readdir(this.root, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile());
    } catch (error) {
      if (isMissing(error)) return [];
      throw wrap(operation, key, error);
    }
  }
}
