import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { installKeyring } from './identity-fields.js';
import { Keyring, KeyringError, parseKey } from './keyring.js';

export const KEY_FILE_NAME = 'encryption.key';

export type KeySourceLog = { info(message: string): void };

/**
 * DATA_ENCRYPTION_KEY (and DATA_ENCRYPTION_KEYS_OLD while rotating) from the environment. On the embedded
 * database without one, a key file made once in DATA_DIR (mode 0600); a PostgreSQL deployment must bring
 * its own key, kept apart from the database and its backups.
 */
export function loadKeyring(config: Config, log: KeySourceLog): Keyring {
  const previous = (config.DATA_ENCRYPTION_KEYS_OLD ?? '')
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => parseKey(part, 'DATA_ENCRYPTION_KEYS_OLD'));
  if (config.DATA_ENCRYPTION_KEY) return new Keyring(parseKey(config.DATA_ENCRYPTION_KEY, 'DATA_ENCRYPTION_KEY'), previous);
  if (config.DATABASE_URL) {
    throw new KeyringError('DATA_ENCRYPTION_KEY is required with DATABASE_URL (32 bytes, base64: openssl rand -base64 32)');
  }
  const [current, ...older] = readOrCreateKeyFile(config.DATA_DIR, log);
  return new Keyring(current!, [...older, ...previous]);
}

export function keyFilePath(dataDir: string): string {
  return path.resolve(dataDir, KEY_FILE_NAME);
}

/** The key file's keys, current first (older lines stay only while a rotation runs). */
export function readKeyFile(dataDir: string): Buffer[] {
  const file = keyFilePath(dataDir);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => parseKey(line, file));
}

export function writeKeyFile(dataDir: string, keys: Buffer[]): void {
  const file = keyFilePath(dataDir);
  writeFileSync(`${file}.tmp`, keys.map((key) => `${key.toString('base64')}\n`).join(''), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
}

function readOrCreateKeyFile(dataDir: string, log: KeySourceLog): Buffer[] {
  const file = keyFilePath(dataDir);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return readKeyFile(dataDir);
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  log.info(
    `data encryption key created in ${file} (mode 0600): back it up apart from the data; without it the NIK and account numbers cannot be read`,
  );
  return readKeyFile(dataDir);
}

/** Loads the ring and makes it the one the encrypted columns use (server start, CLI scripts). */
export function installKeyringFromConfig(config: Config, log: KeySourceLog): Keyring {
  const ring = loadKeyring(config, log);
  installKeyring(ring);
  return ring;
}
