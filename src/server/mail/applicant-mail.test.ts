import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { testClock } from '../../../tests/support/auth-test-kit.js';
import { buildTestApp, testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { FAST_MAIL, SmtpTestServer } from '../../../tests/support/smtp-test-server.js';
import { formatDateTimeWib } from '../../domain/format.js';
import { outboxMessages } from '../db/schema.js';

const BASE = 'https://merchant.aipos.test';
const NIK = '3174015503900001';
const ACCOUNT = '1234567890';

describe('e-mails to applicants (outbox, worker, real SMTP)', () => {
  const smtp = SmtpTestServer.perSuite();
  let cookie: string;
  const t = testAppPerSuite(
    () => ({
      env: { ...GENEROUS_LIMITS, ...FAST_MAIL, SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, MAIL_FROM: 'AIPOS <no-reply@aipos.test>' },
    }),
    async ({ app }) => {
      ({ cookie } = await signIn(app));
    },
  );
  afterEach(async () => {
    // Every test leaves the server up and notifications on for the next.
    if (smtp.port && !(smtp as unknown as { server: unknown }).server) await smtp.start();
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { session_timeout_minutes: 30, maintenance_mode: false, email_notifications: true, max_upload_mb: 3, auto_approve: false },
    });
  });

  const setStatus = (id: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/merchants/${id}/status`, headers: { cookie }, payload });
  const messagesOf = async (merchantId: string) =>
    t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchantId));
  const noIdentityNumbers = (text: string) => {
    expect(text).not.toContain(NIK);
    expect(text).not.toContain(ACCOUNT);
    expect(text.replace(/\D/g, ' ')).not.toMatch(/3174\s*0155\s*0390\s*0001/);
  };

  it('sends the receipt after a registration: code, WIB time, 1-3 working days, status link; no NIK or account', async () => {
    const before = smtp.received.length;
    const merchant = await registerMerchant(t.app, { nama_toko: 'Warung Kabar Baik' });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toBe('siti.rahayu@example.com');
    expect(mail!.from).toBe('"AIPOS" <no-reply@aipos.test>');
    expect(mail!.subject).toBe(`Pendaftaran diterima: ${merchant.kode_pendaftaran}`);
    expect(mail!.text).toContain(`Kode Pendaftaran: ${merchant.kode_pendaftaran}`);
    expect(mail!.text).toContain(`Waktu Pengajuan: ${formatDateTimeWib(merchant.submitted_at)}`);
    expect(mail!.text).toMatch(/\d{1,2} \w+ \d{4}, \d{2}\.\d{2} WIB/);
    expect(mail!.text).toContain('Tim kami akan memverifikasi data Anda dalam 1-3 hari kerja.');
    expect(mail!.text).toContain(`${BASE}/status?code=${merchant.kode_pendaftaran}`);
    expect(mail!.html).toContain(`<a href="${BASE}/status?code=${merchant.kode_pendaftaran}">`);
    noIdentityNumbers(mail!.text + mail!.html);
    // The SMTP server has the mail before the worker has read its 250 and marked the row.
    await expect.poll(async () => (await messagesOf(merchant.id)).map((m) => m.state)).toEqual(['sent']);
    const [row] = await messagesOf(merchant.id);
    expect(row).toMatchObject({ kind: 'receipt', state: 'sent', attempts: 1, lastError: null });
    expect(row!.smtpResponse).toMatch(/^250/);
  });

  it('sends the status mail after each decision, with the status page text, the note and the fix list and link', async () => {
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Tiga Keputusan' });
    await smtp.waitFor(smtp.received.length + 0);
    const subjects = async (n: number) => (await smtp.waitFor(n)).filter((m) => m.subject.includes(merchant.kode_pendaftaran));
    await expect.poll(async () => (await subjects(0)).length).toBe(1);

    expect(
      (
        await setStatus(merchant.id, {
          status: 'data_tidak_lengkap',
          catatan_admin: 'Mohon perbaiki dua data',
          perbaikan: [
            { field: 'foto_ktp', alasan: 'Foto buram' },
            { field: 'no_hp', alasan: 'Nomor tidak aktif' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    await expect.poll(async () => (await subjects(0)).length).toBe(2);
    const fix = (await subjects(0))[1]!;
    expect(fix.subject).toBe(`Status pendaftaran ${merchant.kode_pendaftaran}: Data Tidak Lengkap`);
    expect(fix.text).toContain('Data Belum Lengkap');
    expect(fix.text).toContain('Data pendaftaran Anda belum lengkap.');
    expect(fix.text).toContain('Catatan Admin:\nMohon perbaiki dua data');
    expect(fix.text).toContain('- Dokumen KTP: Foto buram');
    expect(fix.text).toContain('- Nomor HP: Nomor tidak aktif');
    expect(fix.text).toMatch(new RegExp(`${BASE}/perbaikan/[A-Za-z0-9_-]{43}`));
    noIdentityNumbers(fix.text + fix.html);

    await setStatus(merchant.id, { status: 'rejected', catatan_admin: 'Usaha tidak sesuai', kode_alasan: ['usaha_tidak_memenuhi_syarat'] });
    await expect.poll(async () => (await subjects(0)).length).toBe(3);
    const rejected = (await subjects(0))[2]!;
    expect(rejected.subject).toContain(': Ditolak');
    expect(rejected.text).toContain('Mohon maaf, pendaftaran Anda ditolak.');
    expect(rejected.text).toContain('Usaha tidak sesuai');
    expect(rejected.text).not.toContain('/perbaikan/');

    await setStatus(merchant.id, { status: 'verified' });
    await expect.poll(async () => (await subjects(0)).length).toBe(4);
    const verified = (await subjects(0))[3]!;
    expect(verified.subject).toContain(': Sudah Terverifikasi');
    expect(verified.text).toContain('Selamat! Pendaftaran Anda telah disetujui.');
    expect(verified.text).not.toContain('Catatan Admin');
    for (const mail of await subjects(0)) noIdentityNumbers(mail.text + mail.html);
  });

  it('records status mails as skipped while e-mail notifications are off; receipts still go out', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { session_timeout_minutes: 30, maintenance_mode: false, email_notifications: false, max_upload_mb: 3, auto_approve: false },
    });
    expect(off.statusCode).toBe(200);
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Senyap' });
    await setStatus(merchant.id, { status: 'verified' });
    await expect
      .poll(async () => (await messagesOf(merchant.id)).map((m) => `${m.kind}:${m.state}`).sort())
      .toEqual(['receipt:sent', 'status:skipped']);
    expect(smtp.received.filter((m) => m.subject.includes(merchant.kode_pendaftaran)).map((m) => m.subject)).toEqual([
      `Pendaftaran diterima: ${merchant.kode_pendaftaran}`,
    ]);
  });

  it('with the SMTP server down, registrations and decisions succeed and their mails stay pending; back up, each arrives once', async () => {
    await smtp.stop();
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Tanpa Server' });
    expect((await setStatus(merchant.id, { status: 'verified' })).statusCode).toBe(200);
    await expect.poll(async () => (await messagesOf(merchant.id)).every((m) => m.attempts >= 2)).toBe(true);
    const waiting = await messagesOf(merchant.id);
    expect(waiting.map((m) => m.state)).toEqual(['pending', 'pending']);
    expect(waiting[0]!.lastError).toMatch(/ECONNREFUSED/);

    const before = smtp.received.length;
    await smtp.start();
    // Both rows sent is the end of the work: a row is marked sent only after the SMTP server took the mail,
    // and a sent row is never claimed again, so any duplicate would already be among the mails received.
    await expect.poll(async () => (await messagesOf(merchant.id)).map((m) => m.state), { timeout: 10_000 }).toEqual(['sent', 'sent']);
    const arrived = smtp.received.slice(before).filter((m) => m.subject.includes(merchant.kode_pendaftaran));
    expect(arrived.map((m) => m.subject).sort()).toEqual([
      `Pendaftaran diterima: ${merchant.kode_pendaftaran}`,
      `Status pendaftaran ${merchant.kode_pendaftaran}: Sudah Terverifikasi`,
    ]);
  });

  it('lists the messages of a merchant for the admin, and sends a failed one again (audited)', async () => {
    const merchant = await registerMerchant(t.app, { nama_toko: 'Toko Pesan Gagal' });
    await expect.poll(async () => (await messagesOf(merchant.id)).map((m) => m.state)).toEqual(['sent']);
    const [row] = await messagesOf(merchant.id);
    await t.database.db
      .update(outboxMessages)
      .set({ state: 'failed', lastError: '550 Mailbox unavailable' })
      .where(eq(outboxMessages.id, row!.id));

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${merchant.id}/messages`, headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        id: row!.id,
        kind: 'receipt',
        to: 'siti.rahayu@example.com',
        state: 'failed',
        attempts: 1,
        last_error: '550 Mailbox unavailable',
        subject: `Pendaftaran diterima: ${merchant.kode_pendaftaran}`,
      }),
    ]);
    expect(list.json().items[0].text).toContain(`Kode Pendaftaran: ${merchant.kode_pendaftaran}`);

    const before = smtp.received.length;
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${merchant.id}/messages/${row!.id}/resend`,
      headers: { cookie },
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ state: 'pending' });
    await expect.poll(async () => (await messagesOf(merchant.id))[0]!.state).toBe('sent');
    expect(smtp.received.slice(before).filter((m) => m.subject.includes(merchant.kode_pendaftaran))).toHaveLength(1);

    // A sent message is not sent again by the button.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${merchant.id}/messages/${row!.id}/resend`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'NOT_RESENDABLE', message: 'Pesan ini tidak dapat dikirim ulang: hanya pesan yang gagal atau tidak dikirim' },
    });
    const audit = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${merchant.id}/audit`, headers: { cookie } });
    expect(audit.json().items.map((e: { action: string }) => e.action)).toContain('mail_resend');
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${merchant.id}/messages` })).statusCode).toBe(401);
  });
});

describe('mail worker: TLS', () => {
  it('sends nothing over plain smtp:// to a server without STARTTLS unless SMTP_INSECURE=true', async () => {
    const smtp = await SmtpTestServer.start();
    const { SMTP_INSECURE: _insecure, ...timings } = FAST_MAIL;
    const t = await buildTestApp({ env: { ...GENEROUS_LIMITS, ...timings, SMTP_URL: smtp.url } });
    try {
      const merchant = await registerMerchant(t.app);
      const row = async () => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchant.id)))[0];
      await expect
        .poll(async () => (await row())?.lastError ?? '', { timeout: 10_000 })
        .toBe('ETLS: Error upgrading connection with STARTTLS: 500 Error: command not recognized');
      // Our configuration, not the message: it waits for the next attempt instead of failing for good.
      expect((await row())!.state).toBe('pending');
      expect(smtp.received).toEqual([]);
    } finally {
      await t.close();
      await smtp.stop();
    }
  });
});

describe('mail worker: permanent refusals and giving up', () => {
  it('marks a message failed on a 5xx answer, and after MAIL_GIVE_UP_HOURS of failed attempts', async () => {
    // A server that refuses every recipient with 550.
    const refuser = await SmtpTestServer.start({ refuse: () => true });
    const t = await buildTestApp({ env: { ...GENEROUS_LIMITS, ...FAST_MAIL, SMTP_URL: refuser.url } });
    try {
      const merchant = await registerMerchant(t.app);
      await expect
        .poll(async () => (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchant.id)))[0]?.state)
        .toBe('failed');
      const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchant.id));
      expect(row).toMatchObject({ attempts: 1 });
      expect(row!.lastError).toMatch(/^550/);
    } finally {
      await t.close();
      await refuser.stop();
    }

    // Connection refused for longer than the give-up window (here 0.36 s): failed, not retried forever. The
    // worker runs on a test clock, so each attempt comes when the test moves time, whatever the machine's load.
    const down = await SmtpTestServer.start();
    const downUrl = down.url;
    await down.stop();
    const clock = testClock(new Date().toISOString());
    const t2 = await buildTestApp({
      now: clock.now,
      env: { ...GENEROUS_LIMITS, ...FAST_MAIL, SMTP_URL: downUrl, MAIL_GIVE_UP_HOURS: '0.0001' },
    });
    try {
      const merchant = await registerMerchant(t2.app);
      const row = async () => (await t2.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchant.id)))[0]!;
      // An attempt is counted when claimed and its failure recorded after: wait for the failure (its next try).
      const failedAttempts = async () => {
        const current = await row();
        return current.nextAttemptAt.getTime() < clock.now().getTime() + 60_000 ? current.attempts : 0;
      };
      await expect.poll(failedAttempts, { timeout: 10_000 }).toBe(1);
      expect((await row()).state).toBe('pending');
      // Past the first retry delay (50 ms), inside the window: tried again, still pending.
      clock.advance(100);
      await expect.poll(failedAttempts, { timeout: 10_000 }).toBe(2);
      expect((await row()).state).toBe('pending');
      // Past the window: the next attempt is the last.
      clock.advance(400);
      await expect.poll(async () => (await row()).state, { timeout: 10_000 }).toBe('failed');
      expect((await row()).attempts).toBe(3);
      expect((await row()).lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await t2.close();
    }
  }, 120_000);
});
