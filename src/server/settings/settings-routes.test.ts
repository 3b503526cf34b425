import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { appSettings } from '../db/schema.js';

describe('GET /api/admin/system', () => {
  const t = testAppPerSuite();

  it('tells the version, database, storage and environment of the running server', async () => {
    const { cookie } = await signIn(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(info.version).toBe('1.0.0');
    expect(info.database).toMatch(process.env.DATABASE_URL ? /^PostgreSQL \d+/ : /^PGlite \(embedded PostgreSQL \d+/);
    expect(info).toMatchObject({ storage: 'Disk lokal (DATA_DIR/files)', environment: 'test' });
  });

  it('is for signed-in admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
  });
});

describe('GET/PUT /api/admin/settings', () => {
  let cookie: string;
  const VALID = {
    session_timeout_minutes: 25,
    maintenance_mode: true,
    email_notifications: false,
    max_upload_mb: 2,
    auto_approve: false,
    four_eyes: { selalu: false, saat_peringatan: true, omset_di_atas: 50_000_000 },
  };
  const t = testAppPerSuite({}, async (app) => {
    ({ cookie } = await signIn(app.app));
  });
  const put = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: payload as object });

  it('answers the defaults before anything is saved', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      session_timeout_minutes: 30,
      maintenance_mode: false,
      email_notifications: true,
      max_upload_mb: 3,
      auto_approve: false,
      four_eyes: { selalu: false, saat_peringatan: false, omset_di_atas: null },
    });
  });

  it('saves the whole shape, reads it back, and audits settings_update with before and after', async () => {
    const saved = await put(VALID);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(VALID);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json()).toEqual(VALID);
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=settings_update', headers: { cookie } });
    expect(log.json().items[0]).toMatchObject({
      action: 'settings_update',
      target_table: 'app_settings',
      actor_email: 'admin@aipos.test',
      diff: { before: { session_timeout_minutes: 30, email_notifications: true, max_upload_mb: 3 }, after: VALID },
    });
  });

  it.each([
    [{ session_timeout_minutes: 4 }, 'Batas waktu sesi harus 5-30 menit'],
    [{ session_timeout_minutes: 31 }, 'Batas waktu sesi harus 5-30 menit'],
    [{ max_upload_mb: 0 }, 'Ukuran unggah maksimal harus 1-3 MB'],
    [{ max_upload_mb: 10 }, 'Ukuran unggah maksimal harus 1-3 MB'],
    [{ auto_approve: true }, 'Persetujuan otomatis tidak tersedia: setiap pendaftaran ditinjau admin'],
    [
      { four_eyes: { selalu: true, saat_peringatan: false, omset_di_atas: -1 } },
      'Batas omset harus angka rupiah 0 atau lebih, atau kosong',
    ],
    [{ email_notifications: 'ya' }, 'Nilai pengaturan harus ya atau tidak'],
  ])('refuses %j with 400 and its Indonesian message, changing nothing', async (change, message) => {
    const response = await put({ ...VALID, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } })).json()).toEqual(VALID);
  });

  it('reads a timeout saved under the old 120-minute rule as the default: never more than 30 idle minutes (ASVS 3.3.2)', async () => {
    await t.database.db
      .update(appSettings)
      .set({ value: { ...VALID, session_timeout_minutes: 90 } })
      .where(eq(appSettings.id, 1));
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: { cookie } });
    expect(response.json()).toEqual({ ...VALID, session_timeout_minutes: 30 });
    expect((await put(VALID)).statusCode).toBe(200);
  });

  it('refuses a field it does not know, and anyone not signed in', async () => {
    expect((await put({ ...VALID, auto_backup: true })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: VALID })).statusCode).toBe(401);
  });
});
