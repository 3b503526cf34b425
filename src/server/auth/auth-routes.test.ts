import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  clockedAdminApp,
  createUser,
  getSession,
  login,
  MINUTE,
  sessionCookie,
  signIn,
  STAFF,
} from '../../../tests/support/auth-test-kit.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { auditLogs, sessions, users } from '../db/schema.js';
import { hashToken } from '../shared/tokens.js';
import { countUserSessions } from './session-store.js';

describe('sign-in, session cookie and sign-out', () => {
  let t: TestApp;
  let adminId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminId = (await createUser(t.app, ADMIN.email, ADMIN.password, 'admin')).id;
    await createUser(t.app, STAFF.email, STAFF.password, 'user');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sets a fresh HttpOnly, SameSite=Lax, Path=/ cookie and stores only its SHA-256', async () => {
    const first = await login(t.app, ADMIN.email, ADMIN.password, { headers: { 'user-agent': 'vitest-agent' } });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user: { email: ADMIN.email, role: 'admin' }, secondFactorPending: false, mfaEnabled: false });
    const cookie = first.cookies.find((c) => c.name === 'aipos_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie.value)));
    expect(rows).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(eq(sessions.id, cookie.value));
    expect(raw).toHaveLength(0);

    const second = await login(t.app, ADMIN.email, ADMIN.password);
    expect(sessionCookie(second)).not.toBe(`aipos_session=${cookie.value}`);

    const me = await getSession(t.app, `aipos_session=${cookie.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(ADMIN.email);
  });

  it('accepts the e-mail in any case and writes a login audit row with IP and user agent', async () => {
    const response = await login(t.app, ' Admin@AIPOS.test ', ADMIN.password, { ip: '10.9.8.7', headers: { 'user-agent': 'audit-agent' } });
    expect(response.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.userAgent, 'audit-agent'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: adminId,
      action: 'login',
      targetTable: 'users',
      targetId: adminId,
      ip: '10.9.8.7',
      diff: { method: 'password' },
    });
  });

  it('stores argon2id hashes with at least 19 MiB, t=2, p=1', async () => {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=2,p=1\$/);
    expect(Number(/m=(\d+)/.exec(row!.passwordHash)![1])).toBeGreaterThanOrEqual(19_456);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const wrong = await login(t.app, ADMIN.email, 'not-the-password-at-all', { ip: '10.1.1.1' });
    const unknown = await login(t.app, 'nobody@aipos.test', 'not-the-password-at-all', { ip: '10.1.1.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Email atau password salah' } });
    expect(wrong.cookies).toHaveLength(0);
    expect(unknown.cookies).toHaveLength(0);
  });

  it('makes a cookie planted before sign-in useless after it', async () => {
    // The attacker's own valid session, planted in the victim's browser, is deleted, not promoted.
    const planted = await signIn(t.app, ADMIN.email, ADMIN.password, '10.2.0.1');
    const response = await login(t.app, ADMIN.email, ADMIN.password, { cookie: planted, ip: '10.2.0.2' });
    expect(response.statusCode).toBe(200);
    const fresh = sessionCookie(response);
    expect(fresh).not.toBe(planted);
    expect((await getSession(t.app, planted)).statusCode).toBe(401);
    expect((await getSession(t.app, fresh)).statusCode).toBe(200);

    // A made-up token is simply never a session.
    const madeUp = 'aipos_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const again = await login(t.app, ADMIN.email, ADMIN.password, { cookie: madeUp, ip: '10.2.0.3' });
    expect(sessionCookie(again)).not.toBe(madeUp);
    expect((await getSession(t.app, madeUp)).statusCode).toBe(401);
  });

  it('signs out by deleting the session on the server', async () => {
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password, '10.3.0.1');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'aipos_session');
    expect(cleared?.value).toBe('');
    const token = cookie.split('=')[1]!;
    expect(
      await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.id, hashToken(token))),
    ).toHaveLength(0);
    // Replaying the old cookie after sign-out gets nothing.
    expect((await getSession(t.app, cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers: { cookie } })).statusCode).toBe(401);
  });

  it('refuses a non-admin with the SPEC text and leaves no session', async () => {
    const response = await login(t.app, STAFF.email, STAFF.password, { ip: '10.4.0.1' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'NOT_ADMIN', message: 'Akses ditolak. Anda bukan admin.' } });
    expect(response.cookies.every((c) => c.value === '')).toBe(true);
    const [staff] = await t.database.db.select().from(users).where(eq(users.email, STAFF.email));
    expect(await countUserSessions(t.database.db, staff!.id)).toBe(0);
    // A non-admin with a wrong password gets the ordinary answer: no hint about the role.
    const wrong = await login(t.app, STAFF.email, 'not-the-password-at-all', { ip: '10.4.0.2' });
    expect(wrong.json().error.message).toBe('Email atau password salah');
  });

  it('refuses a cross-origin sign-in and sign-out', async () => {
    const foreign = await login(t.app, ADMIN.email, ADMIN.password, { headers: { origin: 'https://evil.example' }, ip: '10.5.0.1' });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await login(t.app, ADMIN.email, ADMIN.password, { headers: { 'sec-fetch-site': 'cross-site' }, ip: '10.5.0.2' });
    expect(crossSite.statusCode).toBe(403);
    const same = await login(t.app, ADMIN.email, ADMIN.password, {
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
      ip: '10.5.0.3',
    });
    expect(same.statusCode).toBe(200);
  });

  it('validates the body in Indonesian', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Email wajib diisi');
  });
});

describe('the __Host- cookie over HTTPS', () => {
  it('is Secure and prefixed when COOKIE_SECURE is on', async () => {
    const t = await buildTestApp({ env: { COOKIE_SECURE: 'true' } });
    try {
      await createUser(t.app, ADMIN.email, ADMIN.password, 'admin');
      const response = await login(t.app, ADMIN.email, ADMIN.password);
      const cookie = response.cookies.find((c) => c.name === '__Host-aipos_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie).not.toHaveProperty('domain');
      expect((await getSession(t.app, sessionCookie(response))).statusCode).toBe(200);
      // The unprefixed name is not read: a subdomain could have planted it.
      expect((await getSession(t.app, `aipos_session=${cookie!.value}`)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('defaults that protect a deployment (UU PDP review)', () => {
  it('sets a Secure __Host- cookie when the server listens beyond loopback, unless COOKIE_SECURE=false says otherwise', async () => {
    for (const [env, secure] of [
      [{ HOST: '0.0.0.0' }, true],
      [{ HOST: '0.0.0.0', COOKIE_SECURE: 'false' }, false],
      [{ HOST: '127.0.0.1' }, false],
    ] as const) {
      const t = await buildTestApp({ env });
      try {
        await createUser(t.app, ADMIN.email, ADMIN.password, 'admin');
        const response = await login(t.app, ADMIN.email, ADMIN.password);
        expect(response.statusCode).toBe(200);
        const cookie = response.cookies.find((c) => c.name.endsWith('aipos_session'))!;
        expect([cookie.name, Boolean(cookie.secure)], JSON.stringify(env)).toEqual([
          secure ? '__Host-aipos_session' : 'aipos_session',
          secure,
        ]);
      } finally {
        await t.close();
      }
    }
  });

  it('requires the second factor in production by default, documents included', async () => {
    const t = await buildTestApp({ env: { NODE_ENV: 'production', COOKIE_SECURE: 'false' } });
    try {
      await createUser(t.app, ADMIN.email, ADMIN.password, 'admin');
      const response = await login(t.app, ADMIN.email, ADMIN.password);
      expect(response.statusCode).toBe(200);
      expect(response.json().mfaEnrolmentRequired).toBe(true);
      const cookie = sessionCookie(response);
      for (const url of ['/api/admin/merchants', '/api/admin/merchants/00000000-0000-4000-8000-000000000000/documents/foto_ktp']) {
        const refused = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().error.code).toBe('MFA_ENROLMENT_REQUIRED');
      }
      // Enrolment itself stays open.
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('failure limits', () => {
  const { t, clock } = clockedAdminApp();

  it('slows the account after 5 failures (1, 2, 4 ... seconds, at most 30), never locks it; a forged X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 5; i += 1) {
      const r = await login(t.app, ADMIN.email, `wrong-password-${i}`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        ip: '10.6.0.1',
      });
      expect(r.statusCode).toBe(401);
    }
    // The sixth attempt is admitted one second after the fifth failure, not before; even the right password
    // from "another" address waits.
    const early = await login(t.app, ADMIN.email, ADMIN.password, { headers: { 'x-forwarded-for': '198.51.100.77' }, ip: '10.6.0.1' });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({
      error: { code: 'TOO_MANY_ATTEMPTS', message: 'Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam 1 detik.' },
    });
    expect(early.cookies).toHaveLength(0);
    expect((await login(t.app, ADMIN.email, ADMIN.password, { ip: '10.6.0.2' })).statusCode).toBe(429);
    // Refusals neither count nor move the clock: the waits grow only with real failures.
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      clock.advance(60_000);
      expect((await login(t.app, ADMIN.email, `wrong-again-${i}`, { ip: '10.6.0.1' })).statusCode).toBe(401);
      const refused = await login(t.app, ADMIN.email, ADMIN.password, { ip: '10.6.0.1' });
      expect(refused.statusCode).toBe(429);
      waits.push(Number(/dalam (\d+) detik/.exec(refused.json().error.message)![1]));
    }
    expect(waits).toEqual([2, 4, 8, 16, 30, 30, 30]);
    // An unknown account is counted the same way, so the 429 does not reveal which e-mails exist.
    for (let i = 0; i < 5; i += 1) await login(t.app, 'ghost@aipos.test', `wrong-password-${i}`, { ip: `10.6.1.${i}` });
    expect((await login(t.app, 'ghost@aipos.test', 'whatever-password', { ip: '10.6.1.9' })).json()).toEqual(early.json());
    // However many failures, the owner is in at most 30 seconds after the latest one.
    clock.advance(30_000);
    expect((await login(t.app, ADMIN.email, ADMIN.password, { ip: '10.6.0.3' })).statusCode).toBe(200);
  });

  it('gives a parallel burst no extra tries: the attempts see each other before any password is checked', async () => {
    clock.advance(20 * MINUTE);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(t.app, ADMIN.email, `burst-wrong-${i}`, { ip: `10.8.0.${i}` })),
    );
    const codes = burst.map((r) => r.statusCode);
    // At most the limit's 5 passwords were checked. PGlite runs the requests one by one (exactly 5); on
    // PostgreSQL every request may count the whole burst first, and all of them wait.
    const checked = codes.filter((code) => code === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(12 - checked);
    if (!process.env.DATABASE_URL) expect(checked).toBe(5);
    // The refused part of the burst left nothing behind: one second later the owner signs in.
    clock.advance(1000);
    expect((await login(t.app, ADMIN.email, ADMIN.password, { ip: '10.8.1.1' })).statusCode).toBe(200);
  });

  it('limits one address across accounts, whatever X-Forwarded-For says', async () => {
    clock.advance(20 * MINUTE);
    const ip = '10.7.0.1';
    for (let i = 0; i < 20; i += 1) {
      const r = await login(t.app, `user${i}@aipos.test`, 'wrong-password-x', { ip, headers: { 'x-forwarded-for': `192.0.2.${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await login(t.app, ADMIN.email, ADMIN.password, { ip, headers: { 'x-forwarded-for': '192.0.2.250' } });
    expect(blocked.statusCode).toBe(429);
    clock.advance(1000);
    expect((await login(t.app, ADMIN.email, ADMIN.password, { ip })).statusCode).toBe(200);
    expect((await login(t.app, ADMIN.email, ADMIN.password, { ip: '10.7.0.2' })).statusCode).toBe(200);
  });
});
