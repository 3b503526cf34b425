import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import {
  GENEROUS_LIMITS,
  makeJpeg,
  makePdf,
  makePng,
  multipartBody,
  padJpeg,
  postRegistration,
  registerMerchant,
  registrationBody,
  stageDocument,
  stageRequiredDocuments,
  type RegisteredMerchant,
} from '../../../tests/support/registration-fixtures.js';
import { auditLogs, merchants } from '../db/schema.js';

describe('admin documents', () => {
  let admin: SignedIn;
  let merchant: RegisteredMerchant;
  const t = testAppPerSuite({ env: GENEROUS_LIMITS }, async ({ app }) => {
    admin = await signIn(app);
    merchant = await registerMerchant(app, { npwp_file: undefined });
  });

  const url = (slot: string, query = '') => `/api/admin/merchants/${merchant.id}/documents/${slot}${query}`;
  const row = async () => (await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id)))[0]!;
  const reupload = async (slot: string, data: Buffer, field = slot, contentType = 'image/png') => {
    const body = await multipartBody([{ name: field, data, filename: 'ganti.png', contentType }]);
    return t.app.inject({ method: 'POST', url: url(slot), headers: { ...body.headers, cookie: admin.cookie }, payload: body.payload });
  };

  it('refuses every document request without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: url('foto_ktp') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: url('foto_ktp', '?download=1') })).statusCode).toBe(401);
    const body = await multipartBody([{ name: 'foto_ktp', data: await makePng(), filename: 'x.png' }]);
    expect((await t.app.inject({ method: 'POST', url: url('foto_ktp'), headers: body.headers, payload: body.payload })).statusCode).toBe(
      401,
    );
  });

  it('serves the stored bytes inline with no-store and nosniff, and audits the look as document_view', async () => {
    const response = await t.app.inject({ method: 'GET', url: url('foto_ktp'), headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="${merchant.kode_pendaftaran}-ktp.jpg"; filename*=UTF-8''${encodeURIComponent(`${merchant.kode_pendaftaran}-ktp.jpg`)}`,
    );
    const stored = await t.storage.get((await row()).fotoKtp!);
    expect(response.rawPayload.equals(stored!)).toBe(true);
    const views = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'document_view'));
    expect(views.map((e) => [e.actorId, e.targetId, e.diff])).toEqual([
      [admin.userId, merchant.id, { kind: 'foto_ktp', filename: `${merchant.kode_pendaftaran}-ktp.jpg` }],
    ]);
  });

  it('serves a PDF as an attachment even for a preview, so no browser viewer renders it at our origin', async () => {
    const documents = { ...(await stageRequiredDocuments(t.app)), npwp_file: await stageDocument(t.app, 'npwp_file', makePdf()) };
    const created = await postRegistration(t.app, registrationBody(documents, { email: 'pdf@example.com' }));
    expect(created.statusCode).toBe(201);
    const [withPdf] = await t.database.db.select().from(merchants).where(eq(merchants.kodePendaftaran, created.json().kode_pendaftaran));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/merchants/${withPdf!.id}/documents/npwp_file`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="AIP-[A-Z0-9_-]{5}-npwp\.pdf"/);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('downloads as an attachment named {kode}-{slug}.{ext} and audits document_download', async () => {
    const response = await t.app.inject({ method: 'GET', url: url('foto_selfie_ktp', '?download=1'), headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    const filename = `${merchant.kode_pendaftaran}-selfie-ktp.jpg`;
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${filename}"`));
    const entries = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'document_download'));
    expect(entries.map((e) => [e.actorId, e.targetId, e.diff])).toEqual([
      [admin.userId, merchant.id, { kind: 'foto_selfie_ktp', filename }],
    ]);
  });

  it('answers 404 for an empty slot, an unknown slot and an unknown merchant', async () => {
    const empty = await t.app.inject({ method: 'GET', url: url('npwp_file'), headers: { cookie: admin.cookie } });
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ error: { code: 'DOCUMENT_NOT_FOUND', message: 'Belum diunggah' } });
    expect((await t.app.inject({ method: 'GET', url: url('foto_rahasia'), headers: { cookie: admin.cookie } })).statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/admin/merchants/00000000-0000-4000-8000-000000000000/documents/foto_ktp',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('replaces a document: new bytes served, old file removed, audit row with keys', async () => {
    const before = await row();
    const png = await makePng({ width: 80, height: 60, color: '#16a085' });
    const response = await reupload('foto_ktp', png);
    expect(response.statusCode).toBe(200);
    expect(response.json().documents.foto_ktp).toBe(true);
    const after = await row();
    expect(after.fotoKtp).not.toBe(before.fotoKtp);
    expect(after.fotoKtp).toMatch(/^documents\/[0-9a-f-]{36}\.png$/);
    expect(await t.storage.exists(before.fotoKtp!)).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: url('foto_ktp'), headers: { cookie: admin.cookie } });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(80);
    const [entry] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'document_reupload'));
    expect(entry).toMatchObject({
      actorId: admin.userId,
      targetId: merchant.id,
      diff: { kind: 'foto_ktp', old_url: before.fotoKtp, new_url: after.fotoKtp, filename: 'ganti.png', size: served.rawPayload.length },
    });
  });

  it('keeps the row, the old file and no new file when the database step fails', async () => {
    const before = await row();
    const keys = async () => {
      const found: string[] = [];
      for await (const key of t.storage.list('documents/')) found.push(key);
      return found.sort();
    };
    const storedBefore = await keys();
    const auditBefore = (await t.database.db.select().from(auditLogs)).length;
    // A real database failure inside the transaction, after the merchant row was updated: the audit insert.
    await t.database.db.execute(
      sql`create function refuse_reupload() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`,
    );
    await t.database.db.execute(
      sql`create trigger refuse_reupload before insert on audit_logs for each row when (new.action = 'document_reupload') execute function refuse_reupload()`,
    );
    try {
      const response = await reupload('foto_kk', await makePng({ width: 40, height: 30, color: '#8e44ad' }));
      expect(response.statusCode).toBe(500);
      expect(response.json().error.message).not.toContain('injected');
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_reupload on audit_logs`);
      await t.database.db.execute(sql`drop function refuse_reupload()`);
    }
    const after = await row();
    expect(after.fotoKk).toBe(before.fotoKk);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await t.storage.exists(before.fotoKk!)).toBe(true);
    expect(await keys()).toEqual(storedBefore);
    expect((await t.database.db.select().from(auditLogs)).length).toBe(auditBefore);
  });

  it('fills an empty slot through the same route', async () => {
    expect((await reupload('npwp_file', await makeJpeg())).statusCode).toBe(200);
    expect((await row()).npwpFile).toMatch(/\.jpg$/);
  });

  it('accepts only JPEG or PNG by their bytes, at most 3 MB, and changes nothing otherwise', async () => {
    const before = await row();
    const cases: [Buffer, number, string][] = [
      [makePdf(), 415, 'File harus berformat JPG atau PNG'],
      [Buffer.from('bukan gambar sama sekali'), 415, 'File harus berformat JPG atau PNG'],
      [padJpeg(await makeJpeg(), 3 * 1024 * 1024 + 1), 413, 'Ukuran file maksimal 3MB'],
    ];
    for (const [data, status, message] of cases) {
      const response = await reupload('siup_nib_file', data, 'siup_nib_file', 'image/png');
      expect(response.statusCode).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
    const exact = await reupload('foto_kk', padJpeg(await makeJpeg(), 3 * 1024 * 1024));
    expect(exact.statusCode).toBe(200);
    const after = await row();
    expect(after.siupNibFile).toBe(before.siupNibFile);
  });

  it('refuses a part named after another slot', async () => {
    const response = await reupload('foto_usaha', await makePng(), 'foto_produk');
    expect(response.statusCode).toBe(400);
  });

  it('keeps a staged public upload unreachable: documents have no public URL', async () => {
    const uploadId = await stageDocument(t.app, 'foto_ktp');
    for (const path of [`/documents/${uploadId}.jpg`, `/${(await row()).fotoKtp}`]) {
      const response = await t.app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(404);
    }
    // A draft may ask whether its upload still stands (decision 0021): JSON metadata, never the bytes.
    const own = await t.app.inject({ method: 'GET', url: `/api/uploads/${uploadId}` });
    expect(own.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(own.json()).sort()).toEqual(['content_type', 'kualitas', 'size', 'slot', 'upload_id']);
  });
});
