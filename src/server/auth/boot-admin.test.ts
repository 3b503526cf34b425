import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { buildTestApp } from '../test/build-test-app.js';
import { createUser, getSession, signIn } from './auth-test-kit.js';

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
    await expect(buildTestApp({ env: { ADMIN_EMAIL: 'owner@aipos.test', ADMIN_PASSWORD: 'password1234' } })).rejects.toThrow(/ADMIN_PASSWORD/);
  });

  it('promotes and resets an existing account (its sessions end), and leaves an unchanged admin alone', async () => {
    const t = await buildTestApp();
    try {
      await createUser(t.app, 'owner@aipos.test', 'old-password-lama-1', 'user');
      const { ensureBootAdmin } = await import('./boot-admin.js');
      const config = { ...t.app.deps.config, ADMIN_EMAIL: 'owner@aipos.test', ADMIN_PASSWORD: 'martabak-manis-coklat' };
      const app = Object.assign(Object.create(t.app) as typeof t.app, { deps: { ...t.app.deps, config } });
      await ensureBootAdmin(app);
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'owner@aipos.test'));
      expect(row!.role).toBe('admin');
      const cookie = await signIn(t.app, 'owner@aipos.test', 'martabak-manis-coklat');
      // A restart with the same values keeps the admin signed in.
      await ensureBootAdmin(app);
      expect((await getSession(t.app, cookie)).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("ends the admin's sessions when ADMIN_PASSWORD changes", async () => {
    const t = await buildTestApp();
    try {
      await createUser(t.app, 'owner@aipos.test', 'kata-sandi-lama-sekali', 'admin');
      const before = await signIn(t.app, 'owner@aipos.test', 'kata-sandi-lama-sekali');
      const { ensureBootAdmin } = await import('./boot-admin.js');
      const config = { ...t.app.deps.config, ADMIN_EMAIL: 'owner@aipos.test', ADMIN_PASSWORD: 'martabak-manis-coklat' };
      await ensureBootAdmin(Object.assign(Object.create(t.app) as typeof t.app, { deps: { ...t.app.deps, config } }));
      expect((await getSession(t.app, before)).statusCode).toBe(401);
      expect((await signIn(t.app, 'owner@aipos.test', 'martabak-manis-coklat')).length).toBeGreaterThan(0);
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
