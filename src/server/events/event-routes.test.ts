import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../test/admin-session.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { GENEROUS_LIMITS, makePng, multipartBody, registerMerchant } from '../test/registration-fixtures.js';

/** Reads an SSE stream until `count` events named `merchant` arrived (or the time runs out). */
async function readEvents(body: ReadableStream<Uint8Array>, count: number, timeoutMs = 5000): Promise<unknown[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^event: merchant\ndata: (.*)$/m.exec(block);
      if (data) events.push(JSON.parse(data[1]!));
    }
  }
  await reader.cancel();
  return events;
}

const PROFILE_FIELDS = ['nama_toko', 'kategori_usaha', 'alamat_jalan', 'kecamatan', 'kota_kab', 'provinsi', 'kode_pos', 'tempat_usaha', 'omset_per_bulan', 'nama_pemilik', 'no_hp', 'email', 'alamat_pemilik', 'nama_bank', 'nama_rekening', 'status', 'catatan_admin'];

describe('GET /api/admin/events', () => {
  let t: TestApp;
  let admin: SignedIn;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: GENEROUS_LIMITS });
    admin = await signIn(t.app);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a visitor without a session', async () => {
    const response = await fetch(`${base}/api/admin/events`);
    expect(response.status).toBe(401);
  });

  it('streams the id and kind of each merchant change, and nothing personal', async () => {
    const response = await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const reading = readEvents(response.body!, 5);
    const registered = await registerMerchant(t.app);
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${registered.id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'verified', catatan_admin: null },
    });
    expect(status.statusCode).toBe(200);
    const detail = status.json() as Record<string, unknown>;
    const profile = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, detail[field]]));
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/merchants/${registered.id}`,
      headers: { cookie: admin.cookie },
      payload: { ...profile, nama_toko: 'Toko Diperbarui', expected_updated_at: detail.updated_at },
    });
    expect(saved.statusCode).toBe(200);
    const upload = await multipartBody([{ name: 'foto_kk', data: await makePng(), filename: 'kk.png', contentType: 'image/png' }]);
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${registered.id}/documents/foto_kk`,
      headers: { ...upload.headers, cookie: admin.cookie },
      payload: upload.payload,
    });
    expect(replaced.statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/admin/merchants/${registered.id}`, headers: { cookie: admin.cookie } });
    expect(deleted.statusCode).toBeLessThan(300);
    const events = await reading;
    expect(events).toEqual([
      { kind: 'created', merchant_id: registered.id },
      { kind: 'status_changed', merchant_id: registered.id },
      { kind: 'updated', merchant_id: registered.id },
      { kind: 'document_changed', merchant_id: registered.id },
      { kind: 'deleted', merchant_id: registered.id },
    ]);
  });
});
