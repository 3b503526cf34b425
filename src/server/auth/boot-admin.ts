import type { FastifyInstance } from 'fastify';
import { passwordPolicyViolation } from './password-policy.js';
import { verifyPassword } from './password.js';
import { findUserByEmail, hasAdmin, upsertUser } from './user-store.js';

export const CREATE_ADMIN_HINT =
  'No admin account exists. Create one with `npm run user:create -- --email you@example.com --password "<12+ characters>"`, or set ADMIN_EMAIL and ADMIN_PASSWORD and restart.';

/**
 * At start: ADMIN_EMAIL + ADMIN_PASSWORD create that admin, or make the existing account an admin with
 * that password. There are no default credentials; with neither set and no admin, one log line says how.
 */
export async function ensureBootAdmin(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  const email = config.ADMIN_EMAIL;
  const password = config.ADMIN_PASSWORD;
  if (email && password) {
    const violation = passwordPolicyViolation(password, email);
    // A weak configured password stops the start: a running server must never hold it.
    if (violation) throw new Error(`Invalid configuration: ADMIN_PASSWORD: ${violation}`);
    const existing = await findUserByEmail(db, email);
    // Unchanged: leave the hash and everyone's sessions alone, so a restart signs no one out.
    if (existing && existing.role === 'admin' && (await verifyPassword(existing.passwordHash, password))) return;
    const { created } = await upsertUser(db, { email, password, role: 'admin' }, now());
    app.log.info({ email }, created ? 'admin created from ADMIN_EMAIL' : 'admin updated from ADMIN_EMAIL');
    return;
  }
  if (!(await hasAdmin(db))) app.log.warn(CREATE_ADMIN_HINT);
}
