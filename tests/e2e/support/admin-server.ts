import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from './server-process.js';

export const E2E_ADMIN = { email: 'admin@aipos.test', password: 'kopi-tubruk-pagi-hari' };
export const E2E_STAFF = { email: 'staff@aipos.test', password: 'nasi-uduk-betawi-enak' };
export const E2E_TOTP_ADMIN = { email: 'totp@aipos.test', password: 'bakso-malang-pedas-1' };

/**
 * The real `user:create` on a database: a fresh DATA_DIR (before its server takes the lock), or with
 * `{ DATABASE_URL, DATA_ENCRYPTION_KEY }` a PostgreSQL database beside a running server.
 */
export function userCreate(
  target: { DATA_DIR: string } | { DATABASE_URL: string; DATA_ENCRYPTION_KEY: string },
  email: string,
  password: string,
  role: 'admin' | 'user',
): void {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync('node_modules/.bin/tsx', ['scripts/user-create.ts', '--email', email, '--password', password, '--role', role], {
    env: { ...env, ...target, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`user:create failed: ${result.stderr}`);
}

/**
 * A server of our own (the shared one holds its DATA_DIR lock and has no accounts): the extra users
 * are made with the real `user:create` on a fresh DATA_DIR before the server takes the lock, so no
 * test-only way in exists. The first admin comes from ADMIN_EMAIL/ADMIN_PASSWORD as in production.
 */
export async function startAdminServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'aipos-e2e-admin-'));
  userCreate({ DATA_DIR: dataDir }, E2E_STAFF.email, E2E_STAFF.password, 'user');
  userCreate({ DATA_DIR: dataDir }, E2E_TOTP_ADMIN.email, E2E_TOTP_ADMIN.password, 'admin');
  return startServer({ DATA_DIR: dataDir, ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, COOKIE_SECURE: 'false' });
}
