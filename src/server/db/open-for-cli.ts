import type { Config } from '../config.js';
import { installKeyringFromConfig } from '../crypto/key-source.js';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { openDatabase, type Database } from './database.js';

export type CliDatabase = { database: Database; close(): Promise<void> };

/**
 * What an operator command needs before it touches data: the DATA_DIR lock on the embedded database (one
 * process only: with the server running it prints why and exits 1), the data encryption keyring, and the
 * database. `beforeKeyring` runs under the lock, before the keys are read (a rotation adds its key there).
 */
export async function openForCli(config: Config, busyHint: string, beforeKeyring?: () => void): Promise<CliDatabase> {
  let unlock = () => {};
  try {
    if (!config.DATABASE_URL) unlock = lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(`${error.message}\n${busyHint}`);
    process.exit(1);
  }
  beforeKeyring?.();
  installKeyringFromConfig(config, console);
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
  return {
    database,
    async close() {
      await database.close();
      unlock();
    },
  };
}
