import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testAppPerSuite } from '../../../tests/support/build-test-app.js';

describe('GET /api/health', () => {
  const t = testAppPerSuite();

  it('answers ok after a real database round trip', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('has applied every migration: the tables and the trigram extension exist', async () => {
    const result = await t.database.db.execute<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    );
    const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
    expect(tables).toEqual([
      'app_settings',
      'audit_logs',
      'device_events',
      'devices',
      'fix_requests',
      'invoice_counters',
      'jobs',
      'login_failures',
      'merchant_checks',
      'merchant_counts',
      'merchant_notes',
      'merchants',
      'order_items',
      'orders',
      'outbox_messages',
      'pending_deletions',
      'photo_hashes',
      'products',
      'rate_limit_counters',
      'recovery_codes',
      'saved_views',
      'sessions',
      'uploads',
      'users',
      'webhook_deliveries',
      'webhook_endpoints',
    ]);
    const ext = await t.database.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`);
    expect((ext as unknown as { rows: unknown[] }).rows).toHaveLength(1);
  });

  it('answers 503 with the error shape when the database is gone', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: { code: 'DB_UNAVAILABLE', message: 'Layanan sedang tidak tersedia. Silakan coba lagi.' },
    });
    await broken.close();
  });
});
