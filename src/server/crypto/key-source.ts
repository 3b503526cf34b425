import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
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
  return new Keyring(readOrCreateKeyFile(config.DATA_DIR, log), previous);
}

function readOrCreateKeyFile(dataDir: string, log: KeySourceLog): Buffer {
  const file = path.resolve(dataDir, KEY_FILE_NAME);
  if (existsSync(file)) {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return parseKey(readFileSync(file, 'utf8'), file);
  }
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  log.info(`data encryption key created in ${file} (mode 0600): back it up apart from the data; without it the NIK and account numbers cannot be read`);
  return parseKey(readFileSync(file, 'utf8'), file);
}

/** Loads the ring and makes it the one the encrypted columns use (server start, CLI scripts). */
export function installKeyringFromConfig(config: Config, log: KeySourceLog): Keyring {
  const ring = loadKeyring(config, log);
  installKeyring(ring);
  return ring;
}
