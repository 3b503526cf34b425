import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAppOnDataDir, testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { clearIdentity } from '../../../tests/support/clear-identity.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { auditLogs, merchants } from '../db/schema.js';
import { PURGED_MARKER } from './retention.js';
import { eraseSubject, exportSubject, SubjectNotFoundError } from './subject-request.js';

describe('data-subject requests (UU PDP Art. 5-13)', () => {
  const t = testAppPerSuite({ env: GENEROUS_LIMITS });

  it('exports everything held about one registration, documents included, and records the export', async () => {
    const registered = await registerMerchant(t.app, { email: 'ekspor@example.com' });
    const data = await exportSubject(t.app.deps, registered.kode_pendaftaran.toLowerCase());
    expect(data.merchant).toMatchObject({
      kodePendaftaran: registered.kode_pendaftaran,
      nik: '3174015503900001',
      noRekening: '1234567890',
      email: 'ekspor@example.com',
    });
    expect(data.merchant).not.toHaveProperty('receiptTokenHash');
    expect(data.merchant).not.toHaveProperty('nikHash');
    expect(data.documents.map((d) => d.slot).sort()).toEqual(['foto_kk', 'foto_ktp', 'foto_produk', 'foto_selfie_ktp', 'foto_usaha']);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.kodePendaftaran, registered.kode_pendaftaran));
    const ktp = data.documents.find((d) => d.slot === 'foto_ktp')!;
    const stored = (await t.storage.get(row!.fotoKtp!))!;
    expect(createHash('sha256').update(Buffer.from(ktp.base64!, 'base64')).digest('hex')).toBe(
      createHash('sha256').update(stored).digest('hex'),
    );
    expect(data.activity.map((entry) => entry.action)).toEqual(['create']);
    // The mails sent, the fix requests, replaced documents, orders, and the IP and browser kept.
    expect(data.mails).toEqual([
      expect.objectContaining({
        kind: 'receipt',
        to: 'ekspor@example.com',
        subject: `Pendaftaran diterima: ${registered.kode_pendaftaran}`,
      }),
    ]);
    expect(data.mails[0]!.text_body).toContain(registered.kode_pendaftaran);
    expect(data.fix_requests).toEqual([]);
    expect(data.replaced_documents).toEqual([]);
    expect(data.orders).toEqual([]);
    expect(data.requests).toEqual([expect.objectContaining({ action: 'create', ip: '127.0.0.1', user_agent: 'lightMyRequest' })]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, row!.id));
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.diff])).toContainEqual([
      'export',
      null,
      { subject_request: 'export', kode_pendaftaran: registered.kode_pendaftaran },
    ]);
    await expect(exportSubject(t.app.deps, 'AIP-ZZZZZ')).rejects.toThrow(SubjectNotFoundError);
  });

  it('erases at once whatever the status: documents gone, personal fields replaced, out of the list, audited', async () => {
    const registered = await registerMerchant(t.app, { email: 'hapus-saya@example.com' });
    const [before] = await t.database.db.select().from(merchants).where(eq(merchants.kodePendaftaran, registered.kode_pendaftaran));
    expect(await eraseSubject(t.app.deps, registered.kode_pendaftaran)).toEqual({ documents: 5, pending: 0 });
    const [after] = await t.database.db.select().from(merchants).where(eq(merchants.id, before!.id));
    expect(clearIdentity(after!)).toMatchObject({
      nik: PURGED_MARKER,
      noRekening: PURGED_MARKER,
      email: PURGED_MARKER,
      noHp: PURGED_MARKER,
      isDeleted: true,
      fotoKtp: null,
      namaToko: before!.namaToko,
    });
    expect(await t.storage.exists(before!.fotoKtp!)).toBe(false);
    const [purge] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'retention_purge'));
    expect(purge!.diff).toMatchObject({ reason: 'subject_request', documents: 5, audit_rows_redacted: 1 });
  });
});

describe('npm run subject:export / subject:erase', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aipos-subject-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes one 0600 JSON file for a code, then erases it', async () => {
    const { app, close } = await buildAppOnDataDir(dataDir, GENEROUS_LIMITS);
    const { kode_pendaftaran: code } = await registerMerchant(app);
    await close();

    const run = (...args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/subject-request.ts', ...args], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: '' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const out = path.join(dataDir, 'export.json');
    expect(run('export', '--code', code, '--out', out)).toContain('(5 documents)');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(out, 'utf8')).merchant.nik).toBe('3174015503900001');
    expect(run('erase', '--code', code)).toContain(`${code}: personal data erased, 5 documents removed`);
  }, 120_000);
});
