import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { FAST_MAIL, SmtpTestServer } from '../../../tests/support/smtp-test-server.js';
import { twoInstancesPerSuite } from '../../../tests/support/two-instances.js';
import { seal } from '../crypto/sealed.js';
import { outboxMessages } from '../db/schema.js';

/**
 * Two server instances (two buildApp, two connection pools, two mail workers) on one PostgreSQL database,
 * as a deployment with several instances runs: every message reaches the SMTP server exactly once.
 * Always on PostgreSQL (the local server, or DATABASE_URL): PGlite is single-process.
 */
describe('two instances on one PostgreSQL database', () => {
  let smtp: SmtpTestServer;
  // Registered first: it starts before the instances and stops after them.
  beforeAll(async () => {
    smtp = await SmtpTestServer.start();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  const instances = twoInstancesPerSuite(() => ({ SMTP_URL: smtp.url, LOG_LEVEL: 'silent', ...GENEROUS_LIMITS, ...FAST_MAIL }));

  it('sends each message once while both workers poll the same outbox', async () => {
    const [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
    // Many messages due at once, so both workers compete for the same rows.
    await smtp.stop();
    const now = new Date();
    const ids = Array.from({ length: 60 }, () => randomUUID());
    const queued = Array.from({ length: 60 }, (_, i) => ({
      id: ids[i]!,
      kind: 'status',
      toAddress: `pemilik${i}@contoh.co.id`,
      subject: `Pesan uji ${String(i).padStart(2, '0')}`,
      textBody: seal(`Isi pesan ${i}`, 'outbox_messages', 'text_body', ids[i]!),
      htmlBody: seal(`<p>Isi pesan ${i}</p>`, 'outbox_messages', 'html_body', ids[i]!),
      nextAttemptAt: now,
      createdAt: now,
    }));
    await instances.databases[0]!.db.insert(outboxMessages).values(queued);
    // Registrations and a decision through either instance add their own messages.
    const first = await registerMerchant(a, { nama_toko: 'Toko Instans A' });
    const second = await registerMerchant(b, { nama_toko: 'Toko Instans B' });
    const { cookie } = await signIn(b);
    expect(
      (
        await a.inject({
          method: 'POST',
          url: `/api/admin/merchants/${second.id}/status`,
          headers: { cookie },
          payload: { status: 'verified' },
        })
      ).statusCode,
    ).toBe(200);

    await smtp.start();
    const total = 60 + 3;
    await smtp.waitFor(total, 60_000);
    // Every row sent is the end of the work: a worker marks a row sent only after the SMTP server took it,
    // and no worker claims a sent row, so any duplicate would already be among the mails received.
    await expect
      .poll(
        async () =>
          (await instances.databases[1]!.db.select({ state: outboxMessages.state }).from(outboxMessages)).every((r) => r.state === 'sent'),
        { timeout: 20_000 },
      )
      .toBe(true);
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(total);
    expect(new Set(subjects).size).toBe(total);
    expect(subjects).toContain(`Pendaftaran diterima: ${first.kode_pendaftaran}`);
    expect(subjects).toContain(`Status pendaftaran ${second.kode_pendaftaran}: Sudah Terverifikasi`);
    const attempts = await instances.databases[0]!.db.select({ attempts: outboxMessages.attempts }).from(outboxMessages);
    expect(attempts).toHaveLength(total);
  }, 120_000);
});
