import { describe, expect, it } from 'vitest';
import { signIn as signInAdmin } from '../../../tests/support/admin-session.js';
import { ADMIN, clockedAdminApp, getSession, MINUTE, signIn } from '../../../tests/support/auth-test-kit.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { createMerchantAsAdmin } from '../../../tests/support/merchant-fixtures.js';
import { expectRefusal, type Refusal } from '../../../tests/support/refusals.js';
import {
  GENEROUS_LIMITS,
  makeJpeg,
  padJpeg,
  postRegistration,
  registrationBody,
  stageDocument,
  uploadFile,
} from '../../../tests/support/registration-fixtures.js';
import { SETTINGS_DEFAULTS } from '../../domain/settings.js';

const MAINTENANCE: Refusal = { code: 'MAINTENANCE', message: 'Pendaftaran sedang dalam pemeliharaan' };

describe('maintenance mode and the upload limit (GET /api/settings/public)', () => {
  let cookie: string;
  const t = testAppPerSuite({ env: GENEROUS_LIMITS }, async (app) => {
    ({ cookie } = await signInAdmin(app.app));
  });
  const save = (change: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: { ...SETTINGS_DEFAULTS, ...change } });
  const publicSettings = async () => (await t.app.inject({ method: 'GET', url: '/api/settings/public' })).json();

  it('tells the public pages the defaults without sign-in', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ maintenance_mode: false, max_upload_mb: 3 });
  });

  it('answers 503 to the public writes only, and the settings_update is audited', async () => {
    const documents = { foto_ktp: await stageDocument(t.app, 'foto_ktp') };
    const created = await createMerchantAsAdmin(t.app, cookie);
    const kode = created.json().kode_pendaftaran as string;
    expect((await save({ maintenance_mode: true })).statusCode).toBe(200);
    expect(await publicSettings()).toEqual({ maintenance_mode: true, max_upload_mb: 3 });

    const registration = await postRegistration(t.app, registrationBody(documents));
    expectRefusal(registration, 503, MAINTENANCE);
    expectRefusal(await uploadFile(t.app, 'foto_ktp', await makeJpeg()), 503, MAINTENANCE);
    const fix = await t.app.inject({ method: 'POST', url: '/api/perbaikan/token-apa-saja', payload: { fields: {}, documents: {} } });
    expectRefusal(fix, 503, MAINTENANCE);

    // Reads and the admin area keep working.
    const lookup = await t.app.inject({ method: 'POST', url: '/api/status/lookup', payload: { kode_pendaftaran: kode } });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().status).toBe('processing');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/merchants', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/perbaikan/token-apa-saja' })).statusCode).toBe(404);

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/audit?action=settings_update', headers: { cookie } });
    expect(audit.json().items[0].diff).toMatchObject({ before: { maintenance_mode: false }, after: { maintenance_mode: true } });

    expect((await save({ maintenance_mode: false })).statusCode).toBe(200);
    expect((await uploadFile(t.app, 'foto_ktp', await makeJpeg())).statusCode).toBe(201);
  });

  it('refuses a file above the max_upload_mb the admin set, naming the MB', async () => {
    expect((await save({ max_upload_mb: 1 })).statusCode).toBe(200);
    expect(await publicSettings()).toEqual({ maintenance_mode: false, max_upload_mb: 1 });
    const large = padJpeg(await makeJpeg(), 1024 * 1024 + 1000);
    const refused = await uploadFile(t.app, 'foto_ktp', large);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Ukuran file maksimal 1MB' });
    expect((await uploadFile(t.app, 'foto_ktp', padJpeg(await makeJpeg(), 1024 * 1024 - 1000))).statusCode).toBe(201);
    expect((await save({ max_upload_mb: 3 })).statusCode).toBe(200);
    expect((await uploadFile(t.app, 'foto_ktp', large)).statusCode).toBe(201);
  });
});

describe('session timeout from the settings', () => {
  const { t, clock } = clockedAdminApp();

  it('ends an idle admin session after session_timeout_minutes, at once for a session already open', async () => {
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { ...SETTINGS_DEFAULTS, session_timeout_minutes: 5 },
    });
    expect(saved.statusCode).toBe(200);
    // Opened under the server's 30 minutes: 6 idle minutes end it all the same.
    clock.advance(6 * MINUTE);
    expect((await getSession(t.app, cookie)).statusCode).toBe(401);

    // Each request slides the window by 5 minutes, not 30: 4 and 4 idle minutes pass, 6 do not.
    const next = await signIn(t.app, ADMIN.email, ADMIN.password);
    const answers = [];
    for (const idle of [4, 4, 6]) {
      clock.advance(idle * MINUTE);
      answers.push((await getSession(t.app, next)).statusCode);
    }
    expect(answers).toEqual([200, 200, 401]);

    const third = await signIn(t.app, ADMIN.email, ADMIN.password);
    const body = (await getSession(t.app, third)).json();
    expect(new Date(body.expiresAt).getTime()).toBe(clock.now().getTime() + 5 * MINUTE);
  });
});
