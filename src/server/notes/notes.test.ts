import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { fixLinkFromOutbox } from '../../../tests/support/fix-link.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { NOTE_MESSAGES } from '../../domain/notes.js';
import { auditLogs, merchantNotes, outboxMessages, webhookDeliveries } from '../db/schema.js';
import { messageHtml, messageText } from '../mail/outbox.js';
import { eraseSubject, exportSubject } from '../privacy/subject-request.js';

const NOW = new Date('2026-11-23T03:00:00Z');
let clock = NOW;

describe('internal notes per merchant', () => {
  let admin: SignedIn;
  let other: SignedIn;
  const t = testAppPerSuite({ env: GENEROUS_LIMITS, now: () => clock }, async (app) => {
    admin = await signIn(app.app);
    other = await signIn(app.app, { email: 'rekan@aipos.test' });
  });
  const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });

  it('adds notes (201) with author and time, lists the thread oldest first, audits note_added without the text', async () => {
    const merchant = await registerMerchant(t.app, { email: 'catatan@example.com' });
    const url = `/api/admin/merchants/${merchant.id}/notes`;
    const first = await call(admin, 'POST', url, { teks: '  Pemilik menelepon, KTP baru menyusul.  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      teks: 'Pemilik menelepon, KTP baru menyusul.',
      penulis: admin.email,
      created_at: NOW.toISOString(),
    });
    clock = new Date(NOW.getTime() + 60_000);
    expect((await call(other, 'POST', url, { teks: 'Sudah dicek ke bank.' })).statusCode).toBe(201);
    const thread = (await call(other, 'GET', url)).json() as { teks: string; penulis: string }[];
    expect(thread.map((n) => [n.penulis, n.teks])).toEqual([
      [admin.email, 'Pemilik menelepon, KTP baru menyusul.'],
      ['rekan@aipos.test', 'Sudah dicek ke bank.'],
    ]);
    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'note_added'));
    expect(audit.map((row) => [row.actorId, row.targetId, row.diff])).toEqual([
      [admin.userId, merchant.id, { note_id: first.json().id, panjang: 37 }],
      [other.userId, merchant.id, { note_id: expect.any(String), panjang: 20 }],
    ]);
  });

  it('refuses empty and over-long notes in Indonesian; no route edits or deletes a note; admins only', async () => {
    const merchant = await registerMerchant(t.app, { email: 'batas@example.com' });
    const url = `/api/admin/merchants/${merchant.id}/notes`;
    expect((await call(admin, 'POST', url, { teks: 'a'.repeat(2000) })).statusCode).toBe(201);
    const long = await call(admin, 'POST', url, { teks: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(NOTE_MESSAGES.tooLong);
    expect((await call(admin, 'POST', url, { teks: '   ' })).json().error.message).toBe(NOTE_MESSAGES.required);
    const [note] = await t.database.db.select().from(merchantNotes).where(eq(merchantNotes.merchantId, merchant.id));
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect((await call(admin, method, `${url}/${note!.id}`, { teks: 'diubah' })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/admin/merchants/00000000-0000-4000-8000-000000000000/notes')).statusCode).toBe(404);
  });

  it('a note never reaches a public answer, a mail, the fix page, the applicant export or a webhook', async () => {
    const marker = `PENANDA-RAHASIA-${Date.now()}`;
    expect(
      (await call(admin, 'POST', '/api/admin/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['merchant.status_changed'] }))
        .statusCode,
    ).toBe(201);
    const merchant = await registerMerchant(t.app, { email: 'rahasia@example.com' });
    const notes = `/api/admin/merchants/${merchant.id}/notes`;
    expect((await call(admin, 'POST', notes, { teks: `Curiga: ${marker}` })).statusCode).toBe(201);
    // A fix request, then a decision: the mails and webhooks they cause are written after the note.
    const fix = await call(admin, 'POST', `/api/admin/merchants/${merchant.id}/status`, {
      status: 'data_tidak_lengkap',
      perbaikan: [{ field: 'foto_ktp', kode: 'ktp_buram' }],
    });
    expect(fix.statusCode, fix.body).toBe(200);
    const { token } = await fixLinkFromOutbox(t.database.db, merchant.id);
    expect((await call(admin, 'POST', notes, { teks: `Lagi: ${marker}` })).statusCode).toBe(201);

    const answers: string[] = [];
    const lookups = [
      { kode_pendaftaran: merchant.kode_pendaftaran },
      { kode_pendaftaran: merchant.kode_pendaftaran, receipt_token: merchant.receipt_token },
      { email: 'rahasia@example.com', no_hp: String(merchant.body.no_hp) },
    ];
    for (const payload of lookups) {
      const response = await t.app.inject({ method: 'POST', url: '/api/status/lookup', payload });
      expect(response.statusCode).toBe(200);
      answers.push(response.body);
    }
    const fixPage = await t.app.inject({ method: 'GET', url: `/api/perbaikan/${token}` });
    expect(fixPage.statusCode).toBe(200);
    answers.push(fixPage.body);
    expect(
      (await call(admin, 'POST', `/api/admin/merchants/${merchant.id}/status`, { status: 'rejected', kode_alasan: ['indikasi_penipuan'] }))
        .statusCode,
    ).toBe(200);

    const mails = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchant.id));
    expect(mails.map((m) => m.kind).sort()).toEqual(['receipt', 'status', 'status']);
    // The bodies opened: the sealed columns would hide the marker from a search of the raw rows.
    answers.push(...mails.map((m) => `${m.subject}\n${messageText(m)}\n${messageHtml(m)}`));
    const hooks = await t.database.db.select().from(webhookDeliveries);
    expect(hooks.length).toBeGreaterThanOrEqual(2);
    answers.push(...hooks.map((h) => h.body));
    answers.push(JSON.stringify(await exportSubject(t.app.deps, merchant.kode_pendaftaran)));
    for (const answer of answers) expect(answer).not.toContain(marker);
    // The admin's own thread does hold it, so the search above looked for something that exists.
    expect((await call(admin, 'GET', notes)).body).toContain(marker);
  });

  it('erasure deletes the notes with the personal data', async () => {
    const merchant = await registerMerchant(t.app, { email: 'hapus@example.com' });
    expect((await call(admin, 'POST', `/api/admin/merchants/${merchant.id}/notes`, { teks: 'Akan dihapus' })).statusCode).toBe(201);
    await eraseSubject(t.app.deps, merchant.kode_pendaftaran);
    expect(await t.database.db.select().from(merchantNotes).where(eq(merchantNotes.merchantId, merchant.id))).toEqual([]);
  });
});
