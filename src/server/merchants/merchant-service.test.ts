import { randomUUID } from 'node:crypto';
import { and, asc, eq, notLike, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { clearIdentity } from '../../../tests/support/clear-identity.js';
import { ADMIN_CREATE_BODY } from '../../../tests/support/merchant-fixtures.js';
import { MerchantCreateSchema, MerchantUpdateSchema } from '../../domain/merchants.js';
import { identityColumns, PROFILE_FIELDS, toDetail } from '../db/merchant-columns.js';
import { auditLogs, merchants, users, type MerchantRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { createRandom, fakeMerchant } from '../seed/fake-merchants.js';
import { changeMerchantStatus, createMerchant, softDeleteMerchant, updateMerchantProfile } from './merchant-service.js';

describe('merchant changes and their audit rows', () => {
  let t: TestApp;
  let adminId: string;
  const now = () => new Date('2026-11-22T03:00:00.000Z');

  beforeAll(async () => {
    t = await buildTestApp();
    const [admin] = await t.database.db.insert(users).values({ email: 'admin@aipos.test', passwordHash: 'x', role: 'admin' }).returning();
    adminId = admin!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const actor = () => ({ id: adminId, ip: '127.0.0.1', userAgent: 'vitest' });
  const saveContext = () => ({ actor: actor(), now: now() });
  // The claim an edit or a decision takes by the act (claim_taken) is claim-routes.test.ts's subject.
  const auditFor = (id: string) =>
    db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, id), notLike(auditLogs.action, 'claim_%')))
      .orderBy(asc(auditLogs.id));
  // The NIK and account number in clear, sealed here for the fake row.
  const insertMerchant = async ({
    nik,
    noRekening,
    ...overrides
  }: Omit<Partial<MerchantRow>, 'nik' | 'noRekening'> & { nik?: string; noRekening?: string } = {}) => {
    const fake = fakeMerchant({
      index: Math.floor(Math.random() * 1e6),
      random: createRandom(Math.floor(Math.random() * 1e6)),
      now: now(),
      status: 'processing',
    });
    const [row] = await db()
      .insert(merchants)
      .values({ ...fake, ...overrides, ...identityColumns(fake.id!, { nik, noRekening }) })
      .returning();
    return row!;
  };
  const updateBody = (row: MerchantRow, changes: Record<string, unknown>) => {
    const detail = toDetail(row) as Record<string, unknown>;
    // The detail shows NIK and account number masked: a save that did not reveal them leaves them out.
    const profile = Object.fromEntries(
      Object.keys(PROFILE_FIELDS)
        .filter((field) => field !== 'nik' && field !== 'no_rekening')
        .map((field) => [field, detail[field]]),
    );
    return MerchantUpdateSchema.parse({ ...profile, expected_updated_at: row.updatedAt.toISOString(), ...changes });
  };

  it('creates with a generated code, status processing and a create audit row', async () => {
    const row = await createMerchant(db(), MerchantCreateSchema.parse(ADMIN_CREATE_BODY), actor(), now());
    expect(row.kodePendaftaran).toMatch(/^AIP-[A-Z0-9_-]{5}$/);
    expect(row).toMatchObject({
      status: 'processing',
      tempatUsaha: 'Sewa',
      omsetPerBulan: 0,
      noHp: '+6281234567890',
      email: 'budi@contoh.co.id',
      createdBy: adminId,
    });
    const rows = await auditFor(row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', actorId: adminId, targetTable: 'merchants', diff: { created: 'Toko Sinar Jaya' } });
  });

  it('retries the code on a clash with an existing merchant', async () => {
    const taken = await insertMerchant({ kodePendaftaran: 'AIP-TAKEN' });
    const codes = ['AIP-TAKEN', 'AIP-TAKEN', 'AIP-FRESH'];
    const row = await createMerchant(
      db(),
      MerchantCreateSchema.parse({ ...ADMIN_CREATE_BODY, nama_toko: 'Toko Kedua' }),
      actor(),
      now(),
      () => codes.shift()!,
    );
    expect(row.kodePendaftaran).toBe('AIP-FRESH');
    expect(taken.kodePendaftaran).toBe('AIP-TAKEN');
    expect(codes).toEqual([]);
  });

  it('saves only the changed fields into one update row, NIK and account masked', async () => {
    const row = await insertMerchant({ nik: '3171011708900001', noRekening: '1234567890' });
    const { row: updated } = await updateMerchantProfile(
      db(),
      row.id,
      updateBody(row, { nama_toko: 'Nama Baru', nik: '3171015708900002', no_rekening: '9876543210' }),
      saveContext(),
    );
    expect(clearIdentity(updated)).toMatchObject({ namaToko: 'Nama Baru', nik: '3171015708900002', noRekening: '9876543210' });
    expect(updated.updatedAt.toISOString()).toBe('2026-11-22T03:00:00.000Z');
    const rows = await auditFor(row.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe('update');
    expect(rows[0]!.diff).toEqual({
      old: { nama_toko: row.namaToko, nik: '************0001', no_rekening: '******7890' },
      new: { nama_toko: 'Nama Baru', nik: '************0002', no_rekening: '******3210' },
    });
  });

  it('writes no row when nothing changed', async () => {
    const row = await insertMerchant();
    await updateMerchantProfile(db(), row.id, updateBody(row, {}), saveContext());
    expect(await auditFor(row.id)).toHaveLength(0);
  });

  it('audits a status change inside a profile save as status_change', async () => {
    const row = await insertMerchant();
    await updateMerchantProfile(
      db(),
      row.id,
      updateBody(row, { status: 'verified', catatan_admin: 'Lengkap', kota_kab: 'Bogor' }),
      saveContext(),
    );
    const rows = await auditFor(row.id);
    expect(rows.map((r) => r.action)).toEqual(['status_change', 'update']);
    expect(rows[0]!.diff).toEqual({ from: 'processing', to: 'verified', catatan: 'Lengkap', merchant_name: row.namaToko });
    expect(rows[1]!.diff).toEqual({ old: { kota_kab: row.kotaKab }, new: { kota_kab: 'Bogor' } });
  });

  it('refuses a save that started from an older version with 409', async () => {
    const row = await insertMerchant();
    const stale = updateBody(row, { nama_toko: 'Versi A' });
    await updateMerchantProfile(db(), row.id, updateBody(row, { nama_toko: 'Versi B' }), {
      actor: actor(),
      now: new Date('2026-11-22T04:00:00Z'),
    });
    const error = await updateMerchantProfile(db(), row.id, stale, saveContext()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      statusCode: 409,
      code: 'STALE_UPDATE',
      message: 'Data merchant telah diubah oleh admin lain. Muat ulang data terbaru sebelum menyimpan.',
    });
    const [current] = await db().select().from(merchants).where(eq(merchants.id, row.id));
    expect(current!.namaToko).toBe('Versi B');
  });

  it('changes status with the note (empty note stored as null) and audits it', async () => {
    const row = await insertMerchant();
    const { row: updated } = await changeMerchantStatus(db(), row.id, { status: 'rejected', catatan_admin: null }, saveContext());
    expect(updated).toMatchObject({ status: 'rejected', catatanAdmin: null });
    const [entry] = await auditFor(row.id);
    expect(entry).toMatchObject({
      action: 'status_change',
      actorId: adminId,
      ip: '127.0.0.1',
      diff: { from: 'processing', to: 'rejected', catatan: null, merchant_name: row.namaToko },
    });
  });

  it('soft-deletes once; a second delete and later changes are 404', async () => {
    const row = await insertMerchant();
    await softDeleteMerchant(db(), row.id, actor(), now());
    const [stored] = await db().select().from(merchants).where(eq(merchants.id, row.id));
    expect(stored!.isDeleted).toBe(true);
    expect((await auditFor(row.id)).map((r) => [r.action, r.diff])).toEqual([['soft_delete', { merchant_name: row.namaToko }]]);
    for (const attempt of [
      () => softDeleteMerchant(db(), row.id, actor(), now()),
      () => changeMerchantStatus(db(), row.id, { status: 'verified', catatan_admin: null }, saveContext()),
      () => changeMerchantStatus(db(), 'bukan-uuid', { status: 'verified', catatan_admin: null }, saveContext()),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ statusCode: 404, message: 'Merchant tidak ditemukan' });
    }
  });

  it('leaves neither the change nor the audit row when the audit write fails', async () => {
    const row = await insertMerchant();
    // An actor that does not exist breaks the audit row's foreign key inside the transaction.
    await expect(
      changeMerchantStatus(db(), row.id, { status: 'verified', catatan_admin: null }, { actor: { id: randomUUID() }, now: now() }),
    ).rejects.toThrow();
    const [stored] = await db().select().from(merchants).where(eq(merchants.id, row.id));
    expect(stored!.status).toBe('processing');
    expect(await auditFor(row.id)).toHaveLength(0);
  });

  it('cannot rewrite history: the audit table refuses UPDATE and DELETE', async () => {
    const row = await insertMerchant();
    await changeMerchantStatus(db(), row.id, { status: 'verified', catatan_admin: null }, saveContext());
    // The trigger's own words, not just any failure (the driver wraps the database's error as its cause).
    const refusal = async (query: Promise<unknown>) => {
      try {
        await query;
        return 'accepted';
      } catch (error) {
        return String((error as { cause?: Error }).cause?.message ?? (error as Error).message);
      }
    };
    expect(await refusal(db().execute(sql`update audit_logs set action = 'x' where target_id = ${row.id}`))).toContain(
      'audit_logs is append-only',
    );
    expect(await refusal(db().execute(sql`delete from audit_logs where target_id = ${row.id}`))).toContain('audit_logs is append-only');
    expect(await auditFor(row.id)).toHaveLength(1);
  });
});
