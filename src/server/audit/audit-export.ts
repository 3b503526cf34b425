import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditFilter } from '../../domain/audit.js';
import { formatDateTimeWib } from '../../domain/format.js';
import type { Db } from '../db/database.js';
import { auditLogs, users } from '../db/schema.js';
import { escapeFormula } from '../shared/csv-cells.js';
import { auditFilter, entryColumns, toEntry } from './audit-repository.js';

const BATCH = 1000;

type ExportRow = Parameters<typeof toEntry>[0] & { at: string };

export const AUDIT_EXPORT_HEADERS = ['Waktu (WIB)', 'Aksi', 'Admin', 'Tabel', 'ID Target', 'Perubahan'] as const;

/**
 * Every matching row, newest first, in keyset batches (the trail grows without end). The cursor keeps
 * created_at as PostgreSQL text: a JS Date would cut microseconds and skip rows.
 */
async function* auditRows(db: Db, query: AuditFilter, onRow: () => void): AsyncGenerator<string[]> {
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const filter = auditFilter(query);
    const where: SQL | undefined = cursor
      ? and(filter, sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${cursor.at}::timestamptz, ${cursor.id})`)
      : filter;
    const rows: ExportRow[] = await db
      .select({ ...entryColumns, at: sql<string>`${auditLogs.createdAt}::text` })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(BATCH);
    for (const row of rows) {
      onRow();
      const entry = toEntry(row);
      const cells = [
        formatDateTimeWib(row.createdAt),
        entry.action,
        entry.actor_label,
        entry.target_table,
        entry.target_id ?? '',
        entry.diff === null ? '' : JSON.stringify(entry.diff),
      ];
      yield cells.map(escapeFormula);
    }
    if (rows.length < BATCH) return;
    const last: ExportRow = rows[rows.length - 1]!;
    cursor = { at: last.at, id: last.id };
  }
}

/** UTF-8 CSV with a BOM (Excel), a header row, then the rows as they are read. */
export function exportAuditCsv(db: Db, query: AuditFilter, onRow: () => void): Readable {
  const csv = stringify({ bom: true, header: true, columns: [...AUDIT_EXPORT_HEADERS] });
  const source = Readable.from(auditRows(db, query, onRow));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}
