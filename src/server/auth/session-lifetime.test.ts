import { describe, expect, it } from 'vitest';
import { ADMIN, clockedAdminApp, createUser, getSession, HOUR, MINUTE, signIn, testClock } from '../../../tests/support/auth-test-kit.js';
import { buildTestApp } from '../../../tests/support/build-test-app.js';

describe('session lifetime (controllable clock)', () => {
  const { t, clock } = clockedAdminApp();

  it('ends after 30 idle minutes', async () => {
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    clock.advance(29 * MINUTE);
    expect((await getSession(t.app, cookie)).statusCode).toBe(200);
    // That request slid the window: 29 more minutes are fine, 31 without activity are not.
    clock.advance(29 * MINUTE);
    expect((await getSession(t.app, cookie)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    const expired = await getSession(t.app, cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('UNAUTHENTICATED');
    // Gone for good, even if time went back.
    clock.advance(-31 * MINUTE);
    expect((await getSession(t.app, cookie)).statusCode).toBe(401);
  });

  it('reports the slid idle deadline', async () => {
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const start = clock.now().getTime();
    clock.advance(10 * MINUTE);
    const body = (await getSession(t.app, cookie)).json();
    expect(new Date(body.expiresAt).getTime()).toBe(start + 40 * MINUTE);
  });

  it('ends after 12 hours however active', async () => {
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    for (let elapsed = 0; elapsed < 12 * HOUR - 25 * MINUTE; elapsed += 25 * MINUTE) {
      clock.advance(25 * MINUTE);
      expect((await getSession(t.app, cookie)).statusCode).toBe(200);
    }
    clock.advance(25 * MINUTE);
    expect((await getSession(t.app, cookie)).statusCode).toBe(401);
  });
});

describe('session lifetime from configuration', () => {
  it('honours SESSION_IDLE_MINUTES and SESSION_ABSOLUTE_HOURS', async () => {
    const clock = testClock();
    const t = await buildTestApp({ now: clock.now, env: { SESSION_IDLE_MINUTES: '5', SESSION_ABSOLUTE_HOURS: '1' } });
    try {
      await createUser(t.app, ADMIN.email, ADMIN.password, 'admin');
      const idle = await signIn(t.app, ADMIN.email, ADMIN.password);
      clock.advance(6 * MINUTE);
      expect((await getSession(t.app, idle)).statusCode).toBe(401);
      const active = await signIn(t.app, ADMIN.email, ADMIN.password);
      for (let i = 0; i < 14; i += 1) {
        clock.advance(4 * MINUTE);
        expect((await getSession(t.app, active)).statusCode).toBe(200);
      }
      // Minute 60 of the session, 4 minutes after its last use: the idle window would still allow it,
      // only the absolute limit ends it.
      clock.advance(4 * MINUTE);
      expect((await getSession(t.app, active)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
