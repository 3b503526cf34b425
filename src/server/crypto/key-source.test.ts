import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServerSource } from '../../../tests/support/run-server-source.js';
import { parseConfig } from '../config.js';
import { KEY_FILE_NAME, loadKeyring } from './key-source.js';
import { KeyringError } from './keyring.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'aipos-keys-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('where the data encryption key comes from', () => {
  it('creates a key file once in DATA_DIR with mode 0600 on the embedded database, says where, and reuses it', () => {
    const lines: string[] = [];
    const config = parseConfig({ DATA_DIR: path.join(dataDir, 'nested') });
    const first = loadKeyring(config, { info: (line) => lines.push(line) });
    const file = path.join(dataDir, 'nested', KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(file);
    const again = loadKeyring(config, { info: (line) => lines.push(line) });
    expect(again.currentKeyId).toBe(first.currentKeyId);
    expect(lines).toHaveLength(1);
  });

  it('uses DATA_ENCRYPTION_KEY and the old keys of a rotation', () => {
    const key = Buffer.alloc(32, 4).toString('base64');
    const old = Buffer.alloc(32, 5).toString('base64');
    const ring = loadKeyring(parseConfig({ DATA_ENCRYPTION_KEY: key, DATA_ENCRYPTION_KEYS_OLD: old, DATA_DIR: dataDir }), {
      info: () => {},
    });
    expect(ring.blindIndexes('x')).toHaveLength(2);
    expect(() => loadKeyring(parseConfig({ DATA_ENCRYPTION_KEY: 'dGVybGFsdS1wZW5kZWs=' }), { info: () => {} })).toThrow(
      /DATA_ENCRYPTION_KEY must be 32 bytes/,
    );
  });

  it('refuses PostgreSQL without a key', () => {
    expect(() => loadKeyring(parseConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y' }), { info: () => {} })).toThrow(KeyringError);
  });

  it('makes the server print one clear line and exit 1 on PostgreSQL without DATA_ENCRYPTION_KEY', () => {
    const result = runServerSource({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', DATA_ENCRYPTION_KEY: '', PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: DATA_ENCRYPTION_KEY is required with DATABASE_URL (32 bytes, base64: openssl rand -base64 32)',
    ]);
  });
});
