// Helpers for the sign-in API tests (no test runner imports: plain functions over app.inject).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { UserRole } from '../../src/domain/vocabularies.js';
import { upsertUser } from '../../src/server/auth/user-store.js';
import type { UserRow } from '../../src/server/db/schema.js';
import { testAppPerSuite, type TestApp } from './build-test-app.js';

export const ADMIN = { email: 'admin@aipos.test', password: 'kopi-tubruk-pagi-hari' };
export const STAFF = { email: 'staff@aipos.test', password: 'nasi-uduk-betawi-enak' };

export async function createUser(app: FastifyInstance, email: string, password: string, role: UserRole): Promise<UserRow> {
  const { user } = await upsertUser(app.deps.db, { email, password, role }, app.deps.now());
  return user;
}

export type InjectExtras = { ip?: string; headers?: Record<string, string>; cookie?: string };

export function login(app: FastifyInstance, email: string, password: string, extras: InjectExtras = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: extras.ip ?? '10.0.0.1',
    headers: { ...extras.headers, ...(extras.cookie ? { cookie: extras.cookie } : {}) },
  });
}

/** "name=value" of the session cookie the response set, ready for a Cookie header. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('aipos_session'));
  if (!cookie || !cookie.value) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password: string, ip?: string): Promise<string> {
  const response = await login(app, email, password, ip ? { ip } : {});
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return sessionCookie(response);
}

export function getSession(app: FastifyInstance, cookie: string) {
  return app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
}

/** A movable clock for buildTestApp({ now }). */
export function testClock(start = '2025-03-01T01:00:00.000Z') {
  let current = new Date(start);
  return {
    now: () => current,
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
    set(date: Date) {
      current = date;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A suite's app on a clock the test moves, with the ADMIN account created. */
export function clockedAdminApp(): { t: TestApp; clock: ReturnType<typeof testClock> } {
  const clock = testClock();
  const t = testAppPerSuite({ now: clock.now }, (app) => createUser(app.app, ADMIN.email, ADMIN.password, 'admin'));
  return { t, clock };
}
