import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twoAdminsPerSuite } from '../../../tests/support/admin-session.js';
import { AUDIT_FILTER_MESSAGES } from '../../domain/audit.js';
import { auditLogs } from '../db/schema.js';
import { AUDIT_EXPORT_HEADERS } from './audit-export.js';

/** Enough of RFC 4180 for these rows: quoted cells with doubled quotes, no line breaks inside a cell. */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .flatMap((line) => line.split('\n'))
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)]
        .map((m) => m[1]!)
        .slice(0, AUDIT_EXPORT_HEADERS.length)
        .map((cell) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell)),
    );
}

describe('GET /api/admin/audit/export', () => {
  const { t, ani, budi } = twoAdminsPerSuite({}, async (app) => {
    const row = (actorId: string, action: string, at: string, targetId: string) => ({
      actorId,
      action,
      targetTable: 'merchants',
      targetId,
      diff: { catatan: '=1+1' },
      createdAt: new Date(at),
    });
    await app.database.db.insert(auditLogs).values([
      // 2026-11-01 WIB runs from 2026-10-31T17:00Z.
      row(ani.userId, 'status_change', '2026-10-31T16:59:00Z', 'sebelum'),
      row(ani.userId, 'status_change', '2026-10-31T17:00:00Z', 'awal'),
      row(budi.userId, 'status_change', '2026-11-02T10:00:00Z', 'budi'),
      row(ani.userId, 'pii_reveal', '2026-11-02T11:00:00Z', 'lihat'),
      row(ani.userId, 'status_change', '2026-11-02T16:59:59Z', 'akhir'),
      row(ani.userId, 'status_change', '2026-11-02T17:00:00Z', 'sesudah'),
    ]);
  });
  const exportCsv = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/audit/export?${query}`, headers: { cookie: ani.cookie } });

  it('streams the rows the filters select (WIB days inclusive, action, admin) with a header row, and audits itself', async () => {
    const response = await exportCsv(`dari=2026-11-01&sampai=2026-11-02&action=status_change&admin=${ani.userId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([...AUDIT_EXPORT_HEADERS]);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual([
      ['status_change', 'ani@aipos.test', 'akhir'],
      ['status_change', 'ani@aipos.test', 'awal'],
    ]);
    expect(rows[1]![0]).toBe('2 November 2026, 23.59 WIB');
    expect(rows[1]![5]).toBe('{"catatan":"=1+1"}');
    await expect
      .poll(async () =>
        (
          await t.database.db
            .select()
            .from(auditLogs)
            .where(and(eq(auditLogs.action, 'audit_export'), eq(auditLogs.actorId, ani.userId)))
        ).map((r) => r.diff),
      )
      .toEqual([{ filter: { dari: '2026-11-01', sampai: '2026-11-02', action: 'status_change', admin: ani.userId, q: null }, rows: 2 }]);
  });

  it('the list takes the same filters; a reversed range is 400 in Indonesian', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?dari=2026-11-02&sampai=2026-11-02&admin=${budi.userId}`,
      headers: { cookie: ani.cookie },
    });
    expect(list.json().items.map((i: { target_id: string }) => i.target_id)).toEqual(['budi']);
    const reversed = await exportCsv('dari=2026-11-02&sampai=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe(AUDIT_FILTER_MESSAGES.dateRange);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit/export' })).statusCode).toBe(401);
  });
});
