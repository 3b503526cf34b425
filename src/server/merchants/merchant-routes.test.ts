import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAppPerSuite } from '../../../tests/support/admin-session.js';
import { ADMIN_CREATE_BODY, adminSaveBody } from '../../../tests/support/merchant-fixtures.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { auditLogs, merchants } from '../db/schema.js';

describe('admin merchant API', () => {
  const { t, admin } = signedInAppPerSuite({ env: GENEROUS_LIMITS });
  const events: unknown[] = [];
  beforeAll(() => {
    t.app.deps.events.subscribe((event) => events.push(event));
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('lists a public registration with its owner, phone and status', async () => {
    const registered = await registerMerchant(t.app, { nama_toko: 'Warung Daftar Publik', no_hp: '0813-1111-2222' });
    const response = await call('GET', '/api/admin/merchants?q=0813-1111');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 1, page: 1, page_size: 25 });
    expect(body.items[0]).toMatchObject({
      id: registered.id,
      kode_pendaftaran: registered.kode_pendaftaran,
      nama_toko: 'Warung Daftar Publik',
      no_hp: '+6281311112222',
      status: 'processing',
    });
    const byCode = await call('GET', `/api/admin/merchants?q=${registered.kode_pendaftaran.toLowerCase()}`);
    expect(byCode.json().items.map((m: { id: string }) => m.id)).toEqual([registered.id]);
  });

  it('refuses unknown query fields and bad values with 400', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const url of [
      '/api/admin/merchants?is_deleted=true',
      '/api/admin/merchants?page_size=1000',
      '/api/admin/merchants?status=hapus',
      '/api/admin/merchants?page=0',
      // Routes that take no query at all refuse one too.
      `/api/admin/merchants/${id}?include=nik`,
      `/api/admin/merchants/${id}/audit?limit=100000`,
      '/api/admin/system?debug=1',
    ]) {
      const response = await call('GET', url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('creates a merchant with defaults and writes the create row by this admin', async () => {
    const response = await call('POST', '/api/admin/merchants', ADMIN_CREATE_BODY);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ status: 'processing', tempat_usaha: 'Sewa', omset_per_bulan: 0, no_hp: '+6281234567890' });
    expect(created.kode_pendaftaran).toMatch(/^AIP-[A-Z0-9_-]{5}$/);
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, created.id));
    expect(rows.map((r) => [r.action, r.actorId, r.diff])).toEqual([['create', admin.userId, { created: 'Toko Sinar Jaya' }]]);
    expect(events).toContainEqual({ kind: 'created', merchant_id: created.id });
  });

  it('answers each field rule of the create form with its Indonesian message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ alamat_jalan: 'Jl. X' }, 'alamat_jalan', 'Alamat lengkap minimal 10 karakter'],
      [{ kecamatan: 'Ab' }, 'kecamatan', 'Kecamatan, Kota/Kabupaten, dan Provinsi minimal 3 karakter'],
      [{ kode_pos: '12a' }, 'kode_pos', 'Kode pos harus 3-6 digit angka'],
      [{ nik: '12345' }, 'nik', 'NIK harus 16 digit'],
      [{ email: 'bukan-email' }, 'email', 'Format email tidak valid'],
      [{ nama_toko: '' }, 'nama_toko', 'Harap lengkapi semua field yang wajib diisi'],
      [{ nama_bank: 'Bank Antah' }, 'nama_bank', 'Harap lengkapi semua informasi rekening bank'],
    ];
    for (const [change, field, message] of cases) {
      const response = await call('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message, field } });
    }
  });

  it('refuses mass assignment of id, code, deletion flag and submission time', async () => {
    const { id } = (await call('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, nama_toko: 'Toko Target' })).json();
    const detail = (await call('GET', `/api/admin/merchants/${id}`)).json();
    const base = adminSaveBody(detail);
    for (const extra of [
      { id: '00000000-0000-4000-8000-000000000000' },
      { kode_pendaftaran: 'AIP-HACK1' },
      { is_deleted: true },
      { submitted_at: '2020-01-01T00:00:00Z' },
    ]) {
      expect((await call('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, ...extra })).statusCode).toBe(400);
      expect((await call('PUT', `/api/admin/merchants/${id}`, { ...base, ...extra })).statusCode).toBe(400);
    }
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, id));
    expect(row).toMatchObject({ kodePendaftaran: detail.kode_pendaftaran, isDeleted: false });
  });

  it('reads, edits with the version it started from, and answers 409 on a stale save', async () => {
    const { id } = (await call('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, nama_toko: 'Toko Versi' })).json();
    const detail = (await call('GET', `/api/admin/merchants/${id}`)).json();
    expect(detail).toMatchObject({
      nik: '•••• •••• •••• 0001',
      no_rekening: '•••• 7890',
      documents: { foto_ktp: false, npwp_file: false },
    });
    expect(JSON.stringify(detail)).not.toContain('3171011708900001');
    const first = await call('PUT', `/api/admin/merchants/${id}`, adminSaveBody(detail, { nama_toko: 'Toko Versi Baru' }));
    expect(first.statusCode).toBe(200);
    expect(first.json().nama_toko).toBe('Toko Versi Baru');
    const stale = await call('PUT', `/api/admin/merchants/${id}`, adminSaveBody(detail, { kota_kab: 'Bogor' }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: { code: 'STALE_UPDATE', message: 'Data merchant telah diubah oleh admin lain. Muat ulang data terbaru sebelum menyimpan.' },
    });
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id)).orderBy(auditLogs.id);
    // The edit claimed the unclaimed case by the act (claim-routes.test.ts).
    expect(rows.map((r) => r.action)).toEqual(['create', 'claim_taken', 'update']);
  });

  it('reveals NIK or account number one at a time, audited as pii_reveal; an edit after the reveal may change them', async () => {
    const { id } = (await call('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, nama_toko: 'Toko Rahasia' })).json();
    const nik = await call('POST', `/api/admin/merchants/${id}/reveal`, { field: 'nik' });
    expect(nik.statusCode).toBe(200);
    expect(nik.json()).toEqual({ field: 'nik', value: '3171011708900001', nik_personal: { birth_date: '1990-08-17', sex: 'L' } });
    expect(nik.headers['cache-control']).toBe('no-store');
    expect((await call('POST', `/api/admin/merchants/${id}/reveal`, { field: 'no_rekening' })).json()).toEqual({
      field: 'no_rekening',
      value: '1234567890',
      nik_personal: null,
    });
    const wrong = await call('POST', `/api/admin/merchants/${id}/reveal`, { field: 'email' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Pilih data yang akan ditampilkan: nik atau no_rekening');
    expect((await call('POST', '/api/admin/merchants/00000000-0000-4000-8000-000000000000/reveal', { field: 'nik' })).statusCode).toBe(404);
    const log = (await call('GET', `/api/admin/merchants/${id}/audit`)).json();
    expect(
      log.items.filter((item: { action: string }) => item.action === 'pii_reveal').map((item: { diff: unknown }) => item.diff),
    ).toEqual([
      { field: 'no_rekening', merchant_name: 'Toko Rahasia' },
      { field: 'nik', merchant_name: 'Toko Rahasia' },
    ]);
    const detail = (await call('GET', `/api/admin/merchants/${id}`)).json();
    const saved = await call('PUT', `/api/admin/merchants/${id}`, adminSaveBody(detail, { nik: '3171015708900002' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().nik).toBe('•••• •••• •••• 0002');
    expect((await call('POST', `/api/admin/merchants/${id}/reveal`, { field: 'no_rekening' })).json().value).toBe('1234567890');
    // The masked text itself is never accepted as a NIK.
    const masked = await call(
      'PUT',
      `/api/admin/merchants/${id}`,
      adminSaveBody(detail, { nik: detail.nik, expected_updated_at: saved.json().updated_at }),
    );
    expect(masked.statusCode).toBe(400);
    expect(masked.json().error).toMatchObject({ field: 'nik', message: 'NIK harus 16 digit' });
  });

  it('changes status through its endpoint, with the audit row and an event', async () => {
    const { id } = (await call('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, nama_toko: 'Toko Status' })).json();
    const missing = await call('POST', `/api/admin/merchants/${id}/status`, { catatan_admin: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Pilih status terlebih dahulu');
    const response = await call('POST', `/api/admin/merchants/${id}/status`, { status: 'verified', catatan_admin: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'verified', catatan_admin: null });
    const log = (await call('GET', `/api/admin/merchants/${id}/audit`)).json();
    expect(log.items[0]).toMatchObject({
      action: 'status_change',
      actor_email: 'admin@aipos.test',
      diff: { from: 'processing', to: 'verified', catatan: null, merchant_name: 'Toko Status' },
    });
    expect(events).toContainEqual({ kind: 'status_changed', merchant_id: id });
  });

  it('soft-deletes: gone from the list, 404 afterwards, row kept', async () => {
    const { id } = (await call('POST', '/api/admin/merchants', { ...ADMIN_CREATE_BODY, nama_toko: 'Toko Hapus Saya' })).json();
    expect((await call('DELETE', `/api/admin/merchants/${id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/merchants?q=Hapus Saya')).json().total).toBe(0);
    for (const [method, url] of [
      ['GET', `/api/admin/merchants/${id}`],
      ['DELETE', `/api/admin/merchants/${id}`],
      ['GET', `/api/admin/merchants/${id}/audit`],
      ['GET', '/api/admin/merchants/bukan-id'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'MERCHANT_NOT_FOUND', message: 'Merchant tidak ditemukan' } });
    }
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, id));
    expect(row!.isDeleted).toBe(true);
  });

  it('lists the audit trail newest first with the actor e-mail, filtered and searched', async () => {
    const all = (await call('GET', '/api/admin/audit')).json();
    expect(all.page_size).toBe(100);
    expect(all.items.length).toBeGreaterThan(3);
    const stamps = all.items.map((e: { created_at: string }) => e.created_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const deletes = (await call('GET', '/api/admin/audit?action=soft_delete')).json();
    expect(deletes.items.every((e: { action: string }) => e.action === 'soft_delete')).toBe(true);
    expect(deletes.items[0]).toMatchObject({
      actor_email: 'admin@aipos.test',
      target_table: 'merchants',
      diff: { merchant_name: 'Toko Hapus Saya' },
    });
    const byEmail = (await call('GET', '/api/admin/audit?q=admin@aipos')).json();
    const byThisAdmin = all.items.filter((e: { actor_email: string | null }) => e.actor_email === 'admin@aipos.test');
    expect(byEmail.total).toBe(byThisAdmin.length);
    // A public registration has no actor: the screen shows it as 'System'.
    expect(all.items.some((e: { actor_email: string | null; action: string }) => e.actor_email === null && e.action === 'create')).toBe(
      true,
    );
    expect((await call('GET', '/api/admin/audit?action=hack')).statusCode).toBe(400);
  });

  it('exports the filtered merchants as CSV and audits the export', async () => {
    const response = await call('GET', '/api/admin/merchants/export?q=Toko Status');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="merchants-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = response.rawPayload.subarray(3).toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Toko Status');
    // The row is written when the stream ends, just after the last byte left: wait for it, within reason.
    let entry: typeof auditLogs.$inferSelect | undefined;
    for (let tries = 0; !entry && tries < 100; tries += 1) {
      [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'export'));
      if (!entry) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(entry).toMatchObject({
      actorId: admin.userId,
      targetTable: 'merchants',
      diff: { filter: { q: 'Toko Status', status: 'all' }, rows: 1 },
    });
  });
});
