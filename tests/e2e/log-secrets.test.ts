import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../support/registration-fixtures.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startServer, type RunningServer } from './support/server-process.js';

/**
 * The built server's request log holds the route, never a value that opens something or names someone:
 * fix-link tokens, staged upload ids, an admin's search for a NIK, a registration code looked up.
 */

const ADMIN = { email: 'log-admin@aipos.test', password: 'gado-gado-bumbu-kacang' };
const NIK = '3174014506910007';
const ACCOUNT = '5566778899';

describe('the request log of the built server', () => {
  let server: RunningServer;
  let smtp: SmtpTestServer;
  let cookie = '';

  const api = async (method: string, path: string, body?: unknown, init: RequestInit = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: server.baseUrl },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...init,
    });
    return response;
  };

  beforeAll(async () => {
    // The fix link reaches the applicant's mail only: the suite reads it there.
    smtp = await SmtpTestServer.start();
    server = await startServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COOKIE_SECURE: 'false',
      SMTP_URL: smtp.url,
      SMTP_INSECURE: 'true',
      MAIL_POLL_INTERVAL_MS: '200',
    });
    const login = await api('POST', '/api/auth/login', ADMIN);
    expect(login.status).toBe(200);
    cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it('names no fix-link token, upload id, searched NIK or account number, nor a looked-up code', async () => {
    const created = await api('POST', '/api/admin/merchants', {
      nama_toko: 'Toko Log Rahasia',
      kategori_usaha: 'Retail',
      alamat_jalan: 'Jl. Cempaka Putih No. 3',
      kecamatan: 'Cempaka Putih',
      kota_kab: 'Jakarta Pusat',
      provinsi: 'DKI Jakarta',
      kode_pos: '10510',
      nama_pemilik: 'Rina Lestari',
      nik: NIK,
      no_hp: '0812-6666-4321',
      email: 'rina.log@contoh.id',
      alamat_pemilik: 'Jl. Cempaka Putih No. 3, Jakarta Pusat',
      nama_bank: 'BCA',
      no_rekening: ACCOUNT,
      nama_rekening: 'Rina Lestari',
    });
    expect(created.status).toBe(201);
    const merchant = (await created.json()) as { id: string; kode_pendaftaran: string };

    // A fix link: the page and its API, read with the token.
    const flagged = await api('POST', `/api/admin/merchants/${merchant.id}/status`, {
      status: 'data_tidak_lengkap',
      perbaikan: [{ field: 'no_hp', alasan: 'Nomor tidak aktif' }],
    });
    expect(flagged.status).toBe(200);
    await expect
      .poll(() => smtp.received.some((mail) => mail.subject.includes(merchant.kode_pendaftaran) && /\/perbaikan\//.test(mail.text)), {
        timeout: 20_000,
      })
      .toBe(true);
    const mail = smtp.received.find((m) => m.subject.includes(merchant.kode_pendaftaran) && /\/perbaikan\//.test(m.text))!;
    const token = /\/perbaikan\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(token.length).toBeGreaterThan(20);
    expect((await fetch(`${server.baseUrl}/perbaikan/${token}`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/perbaikan/${token}`)).status).toBe(200);

    // A staged upload, then the check a restored draft makes with its id.
    const form = new FormData();
    form.append('foto_ktp', new Blob([new Uint8Array(await makeJpeg())], { type: 'image/jpeg' }), 'ktp.jpg');
    const uploaded = await fetch(`${server.baseUrl}/api/uploads`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const uploadId = ((await uploaded.json()) as { upload_id: string }).upload_id;
    expect((await fetch(`${server.baseUrl}/api/uploads/${uploadId}`)).status).toBe(200);

    // NIK and account searches: in a URL as an API client may still send them (refused), and in the body as the screen does.
    for (const q of [NIK, ACCOUNT]) {
      expect((await api('GET', `/api/admin/merchants?q=${q}`)).status).toBe(400);
      expect((await api('POST', '/api/admin/merchants/search', { q })).status).toBe(200);
    }
    expect((await api('GET', `/admin/merchants?q=${NIK}`)).status).toBe(200);
    // The status page opened from the receipt mail, with the code in its query.
    expect((await fetch(`${server.baseUrl}/status?code=${merchant.kode_pendaftaran}`)).status).toBe(200);

    // The log is written by a pipe: wait until the last request's line is in.
    await expect
      .poll(
        () =>
          readFileSync(server.logFile, 'utf8')
            .split('\n')
            .filter((line) => line.includes('"/status"')).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const log = readFileSync(server.logFile, 'utf8');
    expect(log).toContain('/api/perbaikan/:token');
    expect(log).toContain('/perbaikan/:token');
    expect(log).toContain('/api/uploads/:id');
    expect(log).toContain('/api/admin/merchants/search');
    for (const secret of [token, uploadId, NIK, ACCOUNT, merchant.kode_pendaftaran]) expect(log, secret).not.toContain(secret);
    expect(log).not.toMatch(/\?q=|\?code=/);
  });
});
