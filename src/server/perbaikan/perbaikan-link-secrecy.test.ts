import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { clearIdentity } from '../../../tests/support/clear-identity.js';
import { requestFix } from '../../../tests/support/fix-link.js';
import { orderBody, placeOrder } from '../../../tests/support/order-requests.js';
import { GENEROUS_LIMITS, registerMerchant, type RegisteredMerchant } from '../../../tests/support/registration-fixtures.js';
import { FAST_MAIL, SmtpTestServer } from '../../../tests/support/smtp-test-server.js';
import { queryRows } from '../db/query-rows.js';
import { fixRequests, merchants, outboxMessages } from '../db/schema.js';
import { messageHtml, messageText } from '../mail/outbox.js';
import { hashToken } from '../shared/tokens.js';

const BASE = 'https://merchant.aipos.test';
const HIDDEN = `${BASE}/perbaikan/… (Tautan hanya ada di e-mail pendaftar)`;
const GONE = {
  error: {
    code: 'FIX_LINK_HIDDEN',
    message:
      'Tautan perbaikan di pesan ini sudah disembunyikan dan tidak dapat dikirim ulang. Kirim permintaan perbaikan baru melalui Ubah Status.',
  },
};
/** A fix link with its token, as the applicant's mail holds it. */
const TOKEN_PATH = /\S+\/perbaikan\/([A-Za-z0-9_-]{16,})/;
const SETTINGS = { session_timeout_minutes: 30, maintenance_mode: false, max_upload_mb: 3, auto_approve: false };

describe('fix links stay with the applicant; a fix that moves contact or payouts is told and flagged', () => {
  const smtp = SmtpTestServer.perSuite();
  let cookie: string;
  let adminEmail: string;
  const t = testAppPerSuite(
    () => ({ env: { ...GENEROUS_LIMITS, ...FAST_MAIL, SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE } }),
    async ({ app }) => {
      ({ cookie, email: adminEmail } = await signIn(app));
    },
  );
  afterEach(async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { ...SETTINGS, email_notifications: true },
    });
  });

  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const statusMails = (merchantId: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.merchantId, merchantId), eq(outboxMessages.kind, 'status')));
  /** Flags the merchant; the admin's answer holds no link at all. */
  const flagOnly = async (merchant: RegisteredMerchant, perbaikan: object[]) => {
    const response = await admin('POST', `/api/admin/merchants/${merchant.id}/status`, { status: 'data_tidak_lengkap', perbaikan });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('fix_link');
    expect(response.body).not.toMatch(TOKEN_PATH);
  };
  /** Flags the merchant and returns the link as the applicant gets it: from the mail the SMTP server received. */
  const flag = async (merchant: RegisteredMerchant, perbaikan: object[]) => {
    await flagOnly(merchant, perbaikan);
    const [open] = await t.database.db
      .select({ tokenHash: fixRequests.tokenHash })
      .from(fixRequests)
      .where(and(eq(fixRequests.merchantId, merchant.id), isNull(fixRequests.usedAt), isNull(fixRequests.supersededAt)));
    const mailed = () =>
      smtp.received
        .flatMap((mail) => [...mail.text.matchAll(new RegExp(TOKEN_PATH.source, 'g'))])
        .find((match) => hashToken(match[1]!) === open!.tokenHash);
    await expect.poll(() => mailed() !== undefined).toBe(true);
    const match = mailed()!;
    return { link: match[0], token: match[1]! };
  };
  const resubmit = (token: string, payload: object) => t.app.inject({ method: 'POST', url: `/api/perbaikan/${token}`, payload });
  const messages = async (merchantId: string) =>
    (await admin('GET', `/api/admin/merchants/${merchantId}/messages`)).json().items as {
      id: string;
      kind: string;
      to: string;
      subject: string;
      text: string;
      state: string;
    }[];

  it('the Pesan tab never shows the token; after sending, the stored bodies no longer hold it; its resend is refused', async () => {
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Tautan Rahasia' });
    const { link, token } = await flag(merchant, [{ field: 'no_hp', alasan: 'Nomor tidak aktif' }]);

    // While the mail may still be waiting, the admin's copy is hidden already.
    const early = (await messages(merchant.id)).find((m) => m.kind === 'status')!;
    expect(JSON.stringify(early)).not.toContain(token);
    expect(early.text).toContain(HIDDEN);

    // The applicant's mail holds the link itself.
    await expect.poll(() => smtp.received.filter((m) => m.text.includes(link)).length).toBe(1);
    const mail = smtp.received.find((m) => m.text.includes(link))!;
    expect(mail.html).toContain(`<a href="${link}">`);

    // Sent: the stored copies are rewritten, so the token is not readable from the table (or a backup).
    await expect.poll(async () => (await statusMails(merchant.id))[0]?.state).toBe('sent');
    await expect.poll(async () => messageText((await statusMails(merchant.id))[0]!).includes(token)).toBe(false);
    const [stored] = await statusMails(merchant.id);
    expect(messageText(stored!)).toContain(HIDDEN);
    expect(messageHtml(stored!)).not.toContain(token);
    expect(messageHtml(stored!)).toContain(HIDDEN);
    expect(messageHtml(stored!)).not.toContain(`<a href="${BASE}/perbaikan/`);
    const raw = await queryRows<Record<string, unknown>>(t.database.db, 'select * from outbox_messages where merchant_id = $1', [
      merchant.id,
    ]);
    expect(JSON.stringify(raw)).not.toContain(token);

    const listed = await messages(merchant.id);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed.find((m) => m.kind === 'status')!.text).toContain(`Perbaiki hanya data di atas melalui tautan berikut`);

    // Failed later (say, a bounce recorded by hand): sending that text again would send a dead link.
    await t.database.db.update(outboxMessages).set({ state: 'failed' }).where(eq(outboxMessages.id, stored!.id));
    const resend = await admin('POST', `/api/admin/merchants/${merchant.id}/messages/${stored!.id}/resend`);
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual(GONE);
    expect((await statusMails(merchant.id))[0]!.state).toBe('failed');
    // The link itself still works for the applicant who has the mail.
    expect((await t.app.inject({ method: 'GET', url: `/api/perbaikan/${token}` })).statusCode).toBe(200);
  });

  it('the order page link’s token is kept from the Pesan tab and, once the receipt left, from the stored copy', async () => {
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Tautan Pesanan' });
    const order = await placeOrder(t.app, orderBody(merchant.kode_pendaftaran));
    const page = `${BASE}/pesanan/${order.kode_pesanan}`;
    const receipts = () =>
      t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.merchantId, merchant.id), eq(outboxMessages.kind, 'order_receipt')));

    // The admin's copy shows the bare order page (it asks for the registered phone), never the token.
    const listed = () => messages(merchant.id).then((items) => items.find((m) => m.kind === 'order_receipt')!);
    const early = await listed();
    expect(JSON.stringify(early)).not.toContain(order.akses);
    expect(early.text).toContain(`Lihat pesanan Anda:\n${page}\n`);

    // The buyer's mail holds the link with its token.
    const link = `${page}?t=${order.akses}`;
    await expect.poll(() => smtp.received.filter((m) => m.text.includes(link)).length).toBe(1);
    expect(smtp.received.find((m) => m.text.includes(link))!.html).toContain(`<a href="${link}">`);

    // Sent: the stored bodies no longer hold the token; the link left in them opens the page without it.
    await expect.poll(async () => (await receipts())[0]?.state).toBe('sent');
    await expect.poll(async () => messageText((await receipts())[0]!).includes(order.akses)).toBe(false);
    const [stored] = await receipts();
    expect(messageText(stored!)).toContain(`${page}\n`);
    expect(messageHtml(stored!)).not.toContain(order.akses);
    expect(messageHtml(stored!)).toContain(`<a href="${page}">${page}</a>`);
    const raw = await queryRows<Record<string, unknown>>(t.database.db, 'select * from outbox_messages where merchant_id = $1', [
      merchant.id,
    ]);
    expect(JSON.stringify(raw)).not.toContain(order.akses);
    expect(JSON.stringify(await listed())).not.toContain(order.akses);
    // The buyer's token still opens the order.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders/${order.kode_pesanan}`, headers: { authorization: `Bearer ${order.akses}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('with notifications off a fix request is still mailed (its only way out), and other status mails are skipped', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { ...SETTINGS, email_notifications: false },
    });
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Senyap Tautan' });
    await flagOnly(merchant, [{ field: 'foto_ktp', alasan: 'Foto buram' }]);
    const [stored] = await statusMails(merchant.id);
    expect(['pending', 'sending', 'sent']).toContain(stored!.state);
    // The admin's copy never shows the token, sent or not.
    expect(JSON.stringify(await messages(merchant.id))).not.toMatch(TOKEN_PATH);
    await admin('POST', `/api/admin/merchants/${merchant.id}/status`, { status: 'verified' });
    const verified = (await statusMails(merchant.id)).find((m) => m.id !== stored!.id)!;
    expect(verified.state).toBe('skipped');
    expect((await admin('POST', `/api/admin/merchants/${merchant.id}/messages/${verified.id}/resend`)).statusCode).toBe(200);
  });

  it('the resubmission is audited as the applicant through the fix link; admin rows keep the admin', async () => {
    const merchant = await registerMerchant(t.app);
    const { token } = await flag(merchant, [{ field: 'nama_toko', alasan: 'Nama tidak sesuai' }]);
    expect((await resubmit(token, { fields: { nama_toko: 'Toko Nama Baru' } })).statusCode).toBe(200);
    const trail = (await admin('GET', `/api/admin/merchants/${merchant.id}/audit`)).json().items as {
      action: string;
      actor_email: string | null;
      actor_label: string;
    }[];
    expect(trail.find((e) => e.action === 'resubmission')).toMatchObject({
      actor_email: null,
      actor_label: 'Pendaftar (tautan perbaikan)',
    });
    expect(trail.find((e) => e.action === 'status_change')).toMatchObject({ actor_email: adminEmail, actor_label: adminEmail });
    const all = (await admin('GET', '/api/admin/audit?action=resubmission')).json().items as { target_id: string; actor_label: string }[];
    expect(all.find((e) => e.target_id === merchant.id)!.actor_label).toBe('Pendaftar (tautan perbaikan)');
    const created = (await admin('GET', '/api/admin/audit?action=create')).json().items as {
      actor_email: string | null;
      actor_label: string;
    }[];
    expect(created.filter((e) => e.actor_email === null).every((e) => e.actor_label === 'System')).toBe(true);
  });

  it('a fix that changes the e-mail and the account tells the old address which fields, never values, and flags the review', async () => {
    const merchant = await registerMerchant(t.app, { email: 'lama.pemilik@contoh.co.id', nama_toko: 'Toko Rekening Pindah' });
    const detailBefore = (await admin('GET', `/api/admin/merchants/${merchant.id}`)).json();
    expect(detailBefore.rekening_diubah_sejak_pengajuan).toBe(false);
    const { token } = await flag(merchant, [
      { field: 'email', alasan: 'Email tidak aktif' },
      { field: 'no_rekening', alasan: 'Rekening salah' },
      { field: 'nama_rekening', alasan: 'Nama tidak sesuai' },
    ]);
    const response = await resubmit(token, {
      fields: { email: 'Baru.Sekali@Contoh.co.id', no_rekening: '9876543210', nama_rekening: 'Siti Rahayu' },
    });
    expect(response.statusCode).toBe(200);

    const [row] = await t.database.db.select().from(merchants).where(eq(merchants.id, merchant.id));
    expect(clearIdentity(row!)).toMatchObject({ email: 'baru.sekali@contoh.co.id', noRekening: '9876543210' });
    const listed = await messages(merchant.id);
    const notice = listed.find((m) => m.kind === 'data_change_notice')!;
    expect(notice).toMatchObject({
      to: 'lama.pemilik@contoh.co.id',
      subject: `Data pendaftaran Anda diubah: ${merchant.kode_pendaftaran}`,
    });
    expect(listed.find((m) => m.kind === 'resubmission_receipt')!.to).toBe('baru.sekali@contoh.co.id');
    // The name on the account was typed again unchanged: only what really changed is named.
    expect(notice.text).toContain('Data yang diubah:\n- Email\n- Nomor Rekening\n');
    expect(notice.text).not.toContain('Nama Pemilik Rekening');
    expect(notice.text).toContain('Jika bukan Anda, segera hubungi tim AIPOS');
    for (const value of ['baru.sekali', '9876543210', '1234567890', '7890', '3210']) expect(notice.text).not.toContain(value);

    await expect
      .poll(
        () =>
          smtp.received.filter((m) => m.to.includes('lama.pemilik@contoh.co.id') && m.subject.startsWith('Data pendaftaran Anda diubah'))
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);

    const detail = (await admin('GET', `/api/admin/merchants/${merchant.id}`)).json();
    expect(detail.rekening_diubah_sejak_pengajuan).toBe(true);
    const trail = (await admin('GET', `/api/admin/merchants/${merchant.id}/audit`)).json().items as {
      action: string;
      diff: { changed?: string[] };
    }[];
    expect(trail.find((e) => e.action === 'resubmission')!.diff.changed).toEqual(['email', 'no_rekening']);
  });

  it('a phone change alone is told too, without the bank flag; a fix of other data sends no notice', async () => {
    const phone = await registerMerchant(t.app, { email: 'telepon.lama@contoh.co.id' });
    const first = await flag(phone, [{ field: 'no_hp', alasan: 'Nomor tidak aktif' }]);
    expect((await resubmit(first.token, { fields: { no_hp: '0813-2222-3333' } })).statusCode).toBe(200);
    const notice = (await messages(phone.id)).find((m) => m.kind === 'data_change_notice')!;
    expect(notice.to).toBe('telepon.lama@contoh.co.id');
    expect(notice.text).toContain('Data yang diubah:\n- Nomor HP\n');
    expect(notice.text).not.toContain('2222');
    expect((await admin('GET', `/api/admin/merchants/${phone.id}`)).json().rekening_diubah_sejak_pengajuan).toBe(false);

    const other = await registerMerchant(t.app);
    const second = await flag(other, [
      { field: 'alamat_jalan', alasan: 'Kurang lengkap' },
      { field: 'no_hp', alasan: 'Periksa lagi' },
    ]);
    // The same phone typed again: nothing moved, nothing to tell.
    expect(
      (await resubmit(second.token, { fields: { alamat_jalan: 'Jl. Melati No. 12A, RT 03/RW 05', no_hp: '+6281234567890' } })).statusCode,
    ).toBe(200);
    expect((await messages(other.id)).map((m) => m.kind).sort()).toEqual(['receipt', 'resubmission_receipt', 'status']);
  });
});

describe('a fix link mail that fails for good', () => {
  it('is stored with the link hidden, and its resend is refused', async () => {
    // Receipts go through; the status mail (to the second address) is refused with 550.
    const refuser = await SmtpTestServer.start({ refuse: (address) => address.startsWith('tolak') });
    const t = await buildTestApp({
      env: { ...GENEROUS_LIMITS, ...FAST_MAIL, SMTP_URL: refuser.url, PUBLIC_BASE_URL: BASE },
    });
    try {
      const { cookie } = await signIn(t.app);
      const merchant = await registerMerchant(t.app, { email: 'tolak@contoh.co.id' });
      const response = await requestFix(t.app, cookie, merchant.id, [{ field: 'no_hp', alasan: 'x' }]);
      expect(response.statusCode).toBe(200);
      const statusRow = async () =>
        (
          await t.database.db
            .select()
            .from(outboxMessages)
            .where(and(eq(outboxMessages.merchantId, merchant.id), eq(outboxMessages.kind, 'status')))
        )[0]!;
      await expect.poll(async () => (await statusRow()).state).toBe('failed');
      await expect.poll(async () => TOKEN_PATH.test(messageText(await statusRow()))).toBe(false);
      expect(messageHtml(await statusRow())).not.toMatch(TOKEN_PATH);
      const resend = await t.app.inject({
        method: 'POST',
        url: `/api/admin/merchants/${merchant.id}/messages/${(await statusRow()).id}/resend`,
        headers: { cookie },
      });
      expect(resend.json()).toEqual(GONE);
    } finally {
      await t.close();
      await refuser.stop();
    }
  }, 60_000);
});
