import type { FastifyInstance } from 'fastify';
import { passwordPolicyViolation } from './password-policy.js';
import { findUserByEmail, hasAdmin, upsertUser } from './user-store.js';

export const CREATE_ADMIN_HINT =
  'No admin account exists. Create one with `npm run user:create -- --email you@example.com --password "<12+ characters>"`, or set ADMIN_EMAIL and ADMIN_PASSWORD and restart.';

export const BOOT_ADMIN_EXISTS =
  'ADMIN_EMAIL names an existing account: ADMIN_PASSWORD is ignored. Change a password under Admin → Settings or with `npm run user:create`.';

/**
 * At start: ADMIN_EMAIL + ADMIN_PASSWORD create that admin when no account has that e-mail. An existing
 * account is never touched: a password changed in the app must survive every restart of the server, and
 * an environment variable must not be a way to take over an account. There are no default credentials;
 * with neither set and no admin, one log line says how to create one.
 */
export async function ensureBootAdmin(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  const email = config.ADMIN_EMAIL;
  const password = config.ADMIN_PASSWORD;
  if (email && password) {
    const violation = passwordPolicyViolation(password, email);
    // A weak configured password stops the start: a running server must never hold it.
    if (violation) throw new Error(`Invalid configuration: ADMIN_PASSWORD: ${violation}`);
    if (await findUserByEmail(db, email)) {
      app.log.info({ email }, BOOT_ADMIN_EXISTS);
      return;
    }
    await upsertUser(db, { email, password, role: 'admin' }, now());
    app.log.info({ email }, 'admin created from ADMIN_EMAIL');
    return;
  }
  if (!(await hasAdmin(db))) app.log.warn(CREATE_ADMIN_HINT);
}
