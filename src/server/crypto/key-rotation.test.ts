import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAppOnDataDir, buildTestApp } from '../../../tests/support/build-test-app.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { openDatabase, type Database } from '../db/database.js';
import { merchantNik } from '../db/merchant-columns.js';
import { queryRows } from '../db/query-rows.js';
import { webhookEndpoints } from '../db/schema.js';
import { installKeyringFromConfig, readKeyFile } from './key-source.js';
import { Keyring } from './keyring.js';
import { seal } from './sealed.js';

const temp = mkdtempSync(path.join(tmpdir(), 'aipos-rotate-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

type Raw = { id: string; nik: string; no_rekening: string; nik_hash: string };
const rawRows = (database: Database) =>
  queryRows<Raw>(database.db, 'select id::text as id, nik, no_rekening, nik_hash from merchants order by nik_hash', []);

function rotate(env: Record<string, string>): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/keys-rotate.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm run keys:rotate', () => {
  it('moves every value of the embedded database to a new key in the key file, and drops the old key', async () => {
    const dataDir = path.join(temp, 'data');
    const { app, config, keyring: before, close } = await buildAppOnDataDir(dataDir, GENEROUS_LIMITS);
    await registerMerchant(app, { nik: '3174015503900001', no_rekening: '5550001112' });
    await registerMerchant(app, { nik: '3275046609850002', no_rekening: '7770002223333', email: 'dua@example.com' });
    // A webhook endpoint's signing secret is encrypted like the rest.
    const endpointId = randomUUID();
    await app.deps.db.insert(webhookEndpoints).values({
      id: endpointId,
      url: 'https://erp.contoh.co.id/hook',
      events: ['order.paid'],
      secret: seal('whsec_rotasi', 'webhook_endpoints', 'secret', endpointId),
    });
    await close();

    const output = rotate({ DATA_DIR: dataDir, DATABASE_URL: '', DATA_ENCRYPTION_KEY: '' });
    const keys = readKeyFile(dataDir);
    expect(keys).toHaveLength(1);
    const after = new Keyring(keys[0]!);
    expect(after.currentKeyId).not.toBe(before.currentKeyId);
    // Two merchants, their two receipt e-mails in the outbox (two bodies each: encrypted too),
    // and the webhook secret.
    expect(output).toContain(`done: 7 values now under key ${after.currentKeyId}`);

    installKeyringFromConfig(config, { info: () => {} });
    const reopened = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await rawRows(reopened);
      for (const row of rows) {
        expect(row.nik.startsWith(`enc:v2:${after.currentKeyId}:`)).toBe(true);
        expect(row.no_rekening.startsWith(`enc:v2:${after.currentKeyId}:`)).toBe(true);
      }
      expect(rows.map((row) => row.nik_hash).sort()).toEqual(
        [after.blindIndex('3174015503900001'), after.blindIndex('3275046609850002')].sort(),
      );
      const merchants = await reopened.db.query.merchants.findMany();
      expect(merchants.map((m) => merchantNik(m)).sort()).toEqual(['3174015503900001', '3275046609850002']);
      const [secret] = await queryRows<{ id: string; secret: string }>(
        reopened.db,
        'select id::text as id, secret from webhook_endpoints',
        [],
      );
      expect(secret!.secret.startsWith(`enc:v2:${after.currentKeyId}:`)).toBe(true);
      expect(after.open(secret!.secret, { table: 'webhook_endpoints', column: 'secret', rowId: secret!.id })).toBe('whsec_rotasi');
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it.runIf(process.env.DATABASE_URL)(
    're-encrypts a PostgreSQL database under DATA_ENCRYPTION_KEY, reading with DATA_ENCRYPTION_KEYS_OLD',
    async () => {
      const oldKey = Buffer.alloc(32, 7).toString('base64');
      const newKey = Buffer.alloc(32, 8).toString('base64');
      const t = await buildTestApp({ env: { DATA_ENCRYPTION_KEY: oldKey, ...GENEROUS_LIMITS } });
      try {
        await registerMerchant(t.app, { nik: '3174015503900001', no_rekening: '5550001112' });
        expect(() => rotate({ DATABASE_URL: t.databaseUrl!, DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_KEYS_OLD: '' })).toThrow();
        rotate({ DATABASE_URL: t.databaseUrl!, DATA_ENCRYPTION_KEY: newKey, DATA_ENCRYPTION_KEYS_OLD: oldKey });
        const ring = new Keyring(Buffer.from(newKey, 'base64'));
        const [row] = await rawRows(t.database);
        expect(row!.nik.startsWith(`enc:v2:${ring.currentKeyId}:`)).toBe(true);
        expect(row!.nik_hash).toBe(ring.blindIndex('3174015503900001'));
        expect(ring.open(row!.no_rekening, { table: 'merchants', column: 'no_rekening', rowId: row!.id })).toBe('5550001112');
      } finally {
        await t.close();
      }
    },
    120_000,
  );
});
