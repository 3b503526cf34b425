import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAppPerSuite } from '../../../tests/support/admin-session.js';
import { auditLogs } from '../db/schema.js';

describe('GET /api/admin/audit paging', () => {
  const { t, admin } = signedInAppPerSuite();
  const start = Date.parse('2026-11-01T00:00:00Z');

  beforeAll(async () => {
    // 130 updates, one a minute, each naming its place in the sequence.
    await t.database.db.insert(auditLogs).values(
      Array.from({ length: 130 }, (_, index) => ({
        actorId: admin.userId,
        action: 'update',
        targetTable: 'merchants',
        targetId: `merchant-${String(index).padStart(3, '0')}`,
        diff: { old: {}, new: { index } },
        createdAt: new Date(start + index * 60_000),
      })),
    );
  });

  const page = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      items: { target_id: string; actor_email: string | null }[];
      total: number;
      page: number;
      page_size: number;
    };
  };

  it('answers the newest 100 first, the rest on page 2, and nothing twice', async () => {
    const first = await page('action=update');
    const second = await page('action=update&page=2');
    expect(first).toMatchObject({ total: 130, page: 1, page_size: 100 });
    expect(first.items).toHaveLength(100);
    expect(second.items).toHaveLength(30);
    const ids = [...first.items, ...second.items].map((entry) => entry.target_id);
    expect(ids[0]).toBe('merchant-129');
    expect(ids.at(-1)).toBe('merchant-000');
    expect(new Set(ids).size).toBe(130);
    expect(first.items.every((entry) => entry.actor_email === admin.email)).toBe(true);
    expect((await page('action=update&page=3')).items).toEqual([]);
  });

  it('refuses a page below 1 and an unknown action', async () => {
    for (const query of ['page=0', 'action=hapus', 'limit=500']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: { cookie: admin.cookie } });
      expect(response.statusCode, query).toBe(400);
    }
  });
});
