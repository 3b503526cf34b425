import type { FastifyInstance } from 'fastify';
import type { UserRole } from '../../src/domain/vocabularies.js';
import { upsertUser } from '../../src/server/auth/user-store.js';
import { testAppPerSuite, type TestApp, type TestAppOptions } from './build-test-app.js';

export type SignedIn = { userId: string; email: string; cookie: string };

/** Creates (or resets) a user and signs in through the real login route; returns the cookie header. */
export async function signIn(
  app: FastifyInstance,
  {
    email = 'admin@aipos.test',
    password = 'kata-sandi-admin-yang-panjang',
    role = 'admin',
  }: { email?: string; password?: string; role?: UserRole } = {},
): Promise<SignedIn> {
  const { user } = await upsertUser(app.deps.db, { email, password, role }, app.deps.now());
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return { userId: user.id, email, cookie };
}

/**
 * One app for the enclosing suite with an admin signed in (testAppPerSuite, then signIn). Both objects
 * are filled by the hook, so read them inside tests only.
 */
export function signedInAppPerSuite(options: TestAppOptions = {}): { t: TestApp; admin: SignedIn } {
  const admin = {} as SignedIn;
  const t = testAppPerSuite(options, async ({ app }) => {
    Object.assign(admin, await signIn(app));
  });
  return { t, admin };
}

/**
 * One app for the enclosing suite with two admins of one team signed in, Ani and Budi, then `prepare`.
 * The objects are filled by the hook, so read them inside tests only.
 */
export function twoAdminsPerSuite(
  options: TestAppOptions = {},
  prepare?: (t: TestApp) => Promise<unknown>,
): { t: TestApp; ani: SignedIn; budi: SignedIn } {
  const ani = {} as SignedIn;
  const budi = {} as SignedIn;
  const t = testAppPerSuite(options, async (app) => {
    Object.assign(ani, await signIn(app.app, { email: 'ani@aipos.test' }));
    Object.assign(budi, await signIn(app.app, { email: 'budi@aipos.test' }));
    await prepare?.(app);
  });
  return { t, ani, budi };
}
