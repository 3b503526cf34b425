import { describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';

describe('GET /api/admin/system', () => {
  const t = testAppPerSuite();

  it('tells the version, database, storage and environment of the running server', async () => {
    const { cookie } = await signIn(t.app);
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(info.version).toBe('1.0.0');
    expect(info.database).toMatch(process.env.DATABASE_URL ? /^PostgreSQL \d+/ : /^PGlite \(embedded PostgreSQL \d+/);
    expect(info).toMatchObject({ storage: 'Disk lokal (DATA_DIR/files)', environment: 'test' });
  });

  it('is for signed-in admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/system' })).statusCode).toBe(401);
  });
});
