import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, getSession, login, signIn } from '../../../tests/support/auth-test-kit.js';
import { buildTestApp } from '../../../tests/support/build-test-app.js';
import { users } from '../db/schema.js';

describe('admin from ADMIN_EMAIL and ADMIN_PASSWORD at start', () => {
  it('creates that admin, who can sign in; no other account exists', async () => {
    const t = await buildTestApp({ env: { ADMIN_EMAIL: 'Owner@AIPOS.test', ADMIN_PASSWORD: 'martabak-manis-coklat' } });
    try {
      const rows = await t.database.db.select().from(users);
      expect(rows.map((r) => [r.email, r.role])).toEqual([['owner@aipos.test', 'admin']]);
      const cookie = await signIn(t.app, 'owner@aipos.test', 'martabak-manis-coklat');
      expect((await getSession(t.app, cookie)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('has no default account without them', async () => {
    const t = await buildTestApp();
    try {
      expect(await t.database.db.select().from(users)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a weak ADMIN_PASSWORD', async () => {
    await expect(buildTestApp({ env: { ADMIN_EMAIL: 'owner@aipos.test', ADMIN_PASSWORD: 'password1234' } })).rejects.toThrow(
      /ADMIN_PASSWORD/,
    );
  });

  it('leaves an existing account alone: its role, its changed password and its sessions survive a restart', async () => {
    const t = await buildTestApp();
    try {
      await createUser(t.app, 'owner@aipos.test', 'kata-sandi-baru-sekali', 'admin');
      const before = await signIn(t.app, 'owner@aipos.test', 'kata-sandi-baru-sekali');
      await createUser(t.app, 'staff@aipos.test', 'kata-sandi-staf-sekali', 'user');
      const { BOOT_ADMIN_EXISTS, ensureBootAdmin } = await import('./boot-admin.js');
      for (const email of ['owner@aipos.test', 'staff@aipos.test']) {
        const infos: unknown[] = [];
        const log = { warn: () => {}, info: (_context: unknown, message: unknown) => infos.push(message) };
        const config = { ...t.app.deps.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'martabak-manis-coklat' };
        await ensureBootAdmin(Object.assign(Object.create(t.app) as typeof t.app, { log, deps: { ...t.app.deps, config } }));
        expect(infos).toEqual([BOOT_ADMIN_EXISTS]);
      }
      expect((await getSession(t.app, before)).statusCode).toBe(200);
      expect((await signIn(t.app, 'owner@aipos.test', 'kata-sandi-baru-sekali')).length).toBeGreaterThan(0);
      const rows = await t.database.db.select().from(users).where(eq(users.email, 'staff@aipos.test'));
      expect(rows.map((row) => row.role)).toEqual(['user']);
      expect((await login(t.app, 'owner@aipos.test', 'martabak-manis-coklat')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('logs one line saying how to create an admin when there is none, and none once there is one', async () => {
    const t = await buildTestApp();
    try {
      const { CREATE_ADMIN_HINT, ensureBootAdmin } = await import('./boot-admin.js');
      const warnings: unknown[] = [];
      const log = { warn: (message: unknown) => warnings.push(message), info: () => {} };
      const app = Object.assign(Object.create(t.app) as typeof t.app, { log });
      await ensureBootAdmin(app);
      expect(warnings).toEqual([CREATE_ADMIN_HINT]);
      expect(CREATE_ADMIN_HINT).toContain('npm run user:create');
      await createUser(t.app, 'owner@aipos.test', 'kata-sandi-lama-sekali', 'admin');
      await ensureBootAdmin(app);
      expect(warnings).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
