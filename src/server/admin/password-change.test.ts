import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, getSession, login, signIn } from '../../../tests/support/auth-test-kit.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';

describe('POST /api/admin/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t.app, ADMIN.email, ADMIN.password, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const change = (cookie: string, currentPassword: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/password', headers: { cookie }, payload: { currentPassword, newPassword } });

  it('enforces the policy, checks the current password and ends the other sessions', async () => {
    const here = await signIn(t.app, ADMIN.email, ADMIN.password, '10.30.0.1');
    const elsewhere = await signIn(t.app, ADMIN.email, ADMIN.password, '10.30.0.2');

    const short = await change(here, ADMIN.password, 'short-one');
    expect(short.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Password minimal 12 karakter' });
    const common = await change(here, ADMIN.password, 'password1234');
    expect(common.json().error).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Password terlalu umum dan mudah ditebak. Pilih password lain.',
    });
    const wrong = await change(here, 'not-my-password-x', 'a-brand-new-long-secret');
    expect(wrong.json().error).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });

    const ok = await change(here, ADMIN.password, 'a-brand-new-long-secret');
    expect(ok.statusCode).toBe(204);
    expect((await getSession(t.app, here)).statusCode).toBe(200);
    expect((await getSession(t.app, elsewhere)).statusCode).toBe(401);
    expect((await login(t.app, ADMIN.email, ADMIN.password, { ip: '10.30.0.3' })).statusCode).toBe(401);
    expect((await login(t.app, ADMIN.email, 'a-brand-new-long-secret', { ip: '10.30.0.4' })).statusCode).toBe(200);
  });
});
