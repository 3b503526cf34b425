import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { fixLinkFromOutbox } from '../../../tests/support/fix-link.js';
import { adminSaveBody } from '../../../tests/support/merchant-fixtures.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { NEUTRAL_APPLICANT_TEXT, REASON_CODE_LIST, REASON_CODES, REASON_MESSAGES, reasonInfo } from '../../domain/reason-codes.js';
import { FIX_REASON_FOR_CODE_ONLY } from '../../domain/status-texts.js';
import { auditLogs, fixRequests, merchants, outboxMessages } from '../db/schema.js';
import { messageHtml, messageText } from '../mail/outbox.js';
import { exportSubject } from '../privacy/subject-request.js';

/** Every text only the team may read: no public answer or mail may hold one. */
const TEAM_ONLY = REASON_CODE_LIST.map((info) => info.teks_tim).filter((text) => text !== 'Lainnya');

describe('reason codes with two audiences', () => {
  let admin: SignedIn;
  const t = testAppPerSuite({ env: GENEROUS_LIMITS }, async (app) => {
    admin = await signIn(app.app);
  });
  const status = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/merchants/${id}/status`, headers: { cookie: admin.cookie }, payload });
  const lookup = (payload: object) => t.app.inject({ method: 'POST', url: '/api/status/lookup', payload });
  const statusMails = (id: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.merchantId, id), eq(outboxMessages.kind, 'status')));

  it('lists the committed codes for admins, each with both texts, its fields and its kind', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reason-codes' })).statusCode).toBe(401);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/reason-codes', headers: { cookie: admin.cookie } })).json() as {
      kode: string;
      jenis: string;
      bidang: string[];
    }[];
    expect(list.map((r) => r.kode)).toEqual([...REASON_CODES]);
    expect(list.find((r) => r.kode === 'ktp_buram')).toEqual({
      kode: 'ktp_buram',
      teks_pendaftar: reasonInfo('ktp_buram').teks_pendaftar,
      teks_tim: 'KTP buram',
      bidang: ['foto_ktp'],
      jenis: 'bisa_diperbaiki',
    });
    expect(list.filter((r) => r.jenis === 'final').map((r) => r.kode)).toEqual([
      'data_ganda',
      'usaha_tidak_memenuhi_syarat',
      'indikasi_penipuan',
    ]);
  });

  it('a rejection needs a final code: 400 in Indonesian without one, nothing changed', async () => {
    const merchant = await registerMerchant(t.app, { email: 'tanpa-kode@example.com' });
    for (const payload of [
      { status: 'rejected' },
      { status: 'rejected', kode_alasan: ['ktp_buram'] },
      { status: 'rejected', catatan_admin: 'Ditolak saja' },
    ]) {
      const refused = await status(merchant.id, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(REASON_MESSAGES.finalRequired);
    }
    expect((await status(merchant.id, { status: 'rejected', kode_alasan: ['bukan_kode'] })).json().error.message).toBe(
      REASON_MESSAGES.unknownCode('bukan_kode'),
    );
    expect((await status(merchant.id, { status: 'verified', kode_alasan: ['data_ganda'] })).json().error.message).toBe(
      REASON_MESSAGES.onlyForDecisions,
    );
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.status).toBe('processing');
  });

  it("the profile form's status select keeps the same rule: a rejection there needs a final code, stored and audited", async () => {
    const merchant = await registerMerchant(t.app, { email: 'tolak-profil@example.com' });
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${merchant.id}`, headers: { cookie: admin.cookie } })
    ).json();
    // Every save below names its status.
    const body = adminSaveBody(detail);
    const save = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/merchants/${merchant.id}`,
        headers: { cookie: admin.cookie },
        payload: { ...body, ...payload },
      });

    for (const payload of [{ status: 'rejected' }, { status: 'rejected', kode_alasan: ['ktp_buram'] }]) {
      const refused = await save(payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ field: 'kode_alasan', message: REASON_MESSAGES.finalRequired });
    }
    const codesWithoutDecision = await save({ status: 'processing', kota_kab: 'Bogor', kode_alasan: ['data_ganda'] });
    expect(codesWithoutDecision.statusCode).toBe(400);
    expect(codesWithoutDecision.json().error.message).toBe(REASON_MESSAGES.onlyForDecisions);
    const [unchanged] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(unchanged).toMatchObject({ status: 'processing', kotaKab: detail.kota_kab, kodeAlasan: [] });

    const rejected = await save({ status: 'rejected', kode_alasan: ['data_ganda'] });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row).toMatchObject({ status: 'rejected', kodeAlasan: ['data_ganda'] });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, merchant.id), eq(auditLogs.action, 'status_change')));
    expect(entry!.diff).toMatchObject({ from: 'processing', to: 'rejected', kode_alasan: ['data_ganda'] });
    expect((await lookup({ kode_pendaftaran: merchant.kode_pendaftaran })).json().alasan).toEqual([
      reasonInfo('data_ganda').teks_pendaftar,
    ]);
  });

  it('the status page and the mail show only applicant texts; a fraud suspicion reads as the neutral text', async () => {
    const merchant = await registerMerchant(t.app, { email: 'tolak@example.com' });
    const answer = await status(merchant.id, { status: 'rejected', kode_alasan: ['indikasi_penipuan', 'data_ganda'] });
    expect(answer.statusCode, answer.body).toBe(200);
    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(row!.kodeAlasan).toEqual(['indikasi_penipuan', 'data_ganda']);
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetId, merchant.id), eq(auditLogs.action, 'status_change')));
    expect(entry!.diff).toMatchObject({ to: 'rejected', kode_alasan: ['indikasi_penipuan', 'data_ganda'] });

    const expected = [NEUTRAL_APPLICANT_TEXT, reasonInfo('data_ganda').teks_pendaftar];
    const byCode = await lookup({ kode_pendaftaran: merchant.kode_pendaftaran });
    const byOwner = await lookup({ kode_pendaftaran: merchant.kode_pendaftaran, receipt_token: merchant.receipt_token });
    expect(byCode.json().alasan).toEqual(expected);
    expect(byOwner.json().alasan).toEqual(expected);
    const [mail] = await statusMails(merchant.id);
    expect(messageText(mail!)).toContain(`Alasan:\n- ${NEUTRAL_APPLICANT_TEXT}\n- ${reasonInfo('data_ganda').teks_pendaftar}`);
    const exported = JSON.stringify(await exportSubject(t.app.deps, merchant.kode_pendaftaran));
    expect(exported).toContain(NEUTRAL_APPLICANT_TEXT);
    for (const text of [byCode.body, byOwner.body, messageText(mail!), messageHtml(mail!), mail!.subject, exported]) {
      expect(text).not.toContain('indikasi_penipuan');
      expect(text).not.toMatch(/penipuan/i);
      for (const team of TEAM_ONLY) expect(text).not.toContain(team);
    }
  });

  it('a fix item takes a fixable code for its field, or free text kept as lainnya; the fix page and a code alone read the code text', async () => {
    const merchant = await registerMerchant(t.app, { email: 'perbaiki@example.com' });
    const bad = [
      [{ field: 'foto_ktp', kode: 'data_ganda' }, REASON_MESSAGES.notFixable('Data ganda (sudah terdaftar)')],
      [{ field: 'nama_toko', kode: 'ktp_buram' }, REASON_MESSAGES.notForTarget('KTP buram', 'Nama Toko')],
    ] as const;
    for (const [item, message] of bad) {
      const refused = await status(merchant.id, { status: 'data_tidak_lengkap', perbaikan: [item] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(message);
    }
    const answer = await status(merchant.id, {
      status: 'data_tidak_lengkap',
      perbaikan: [
        { field: 'foto_ktp', kode: 'ktp_buram' },
        { field: 'nama_toko', alasan: 'Tidak sama dengan papan nama' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const [request] = await t.database.db.select().from(fixRequests).where(eq(fixRequests.merchantId, merchant.id));
    const ktpText = reasonInfo('ktp_buram').teks_pendaftar;
    expect(request!.items).toEqual([
      { field: 'foto_ktp', kode: 'ktp_buram', alasan: ktpText },
      { field: 'nama_toko', kode: 'lainnya', alasan: 'Tidak sama dengan papan nama' },
    ]);
    const { token } = await fixLinkFromOutbox(t.database.db, merchant.id);
    const fixPage = (await t.app.inject({ method: 'GET', url: `/api/perbaikan/${token}` })).json();
    expect(fixPage.perbaikan.map((i: { alasan: string }) => i.alasan)).toEqual([ktpText, 'Tidak sama dengan papan nama']);
    const byCode = (await lookup({ kode_pendaftaran: merchant.kode_pendaftaran })).json();
    expect(byCode.perbaikan.map((i: { alasan: string }) => i.alasan)).toEqual([ktpText, FIX_REASON_FOR_CODE_ONLY]);
    const [mail] = await statusMails(merchant.id);
    expect(messageText(mail!)).toContain(`- Dokumen KTP: ${ktpText}`);
    expect(messageText(mail!)).not.toContain('KTP buram\n');
  });
});
