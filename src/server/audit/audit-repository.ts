import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTOR_LABELS,
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type AuditList,
  type AuditListQuery,
} from '../../domain/audit.js';
import type { Db } from '../db/database.js';
import { auditLogs, users } from '../db/schema.js';

export type AuditInput = {
  actorId: string | null;
  action: AuditAction;
  targetTable: string;
  targetId: string | null;
  diff: unknown;
  ip?: string | null;
  userAgent?: string | null;
};

/** The who of an audit row: the acting user, and the address and browser of the request (null when unknown). */
export function auditActor(actor: {
  id: string | null;
  ip?: string | null;
  userAgent?: string | null;
}): Pick<AuditInput, 'actorId' | 'ip' | 'userAgent'> {
  return { actorId: actor.id, ip: actor.ip, userAgent: actor.userAgent };
}

/** Call inside the transaction of the change it records: both are written, or neither. */
export async function writeAudit(db: Db, entry: AuditInput): Promise<void> {
  await writeAudits(db, [entry]);
}

/** Several entries in one statement, ids in the order given (a batch change, such as a retention pass). */
export async function writeAudits(db: Db, entries: AuditInput[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLogs).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      targetTable: entry.targetTable,
      targetId: entry.targetId,
      diff: entry.diff ?? null,
      ip: entry.ip ?? null,
      userAgent: entry.userAgent ?? null,
    })),
  );
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const entryColumns = {
  id: auditLogs.id,
  actorId: auditLogs.actorId,
  actorEmail: users.email,
  action: auditLogs.action,
  targetTable: auditLogs.targetTable,
  targetId: auditLogs.targetId,
  diff: auditLogs.diff,
  createdAt: auditLogs.createdAt,
};

export type EntryRow = { [K in keyof typeof entryColumns]: unknown } & { id: number; createdAt: Date };

/** A resubmission is the applicant's own act through the fix link; other rows with no admin are the system's. */
function actorLabel(actorEmail: string | null, action: string): string {
  if (actorEmail) return actorEmail;
  return action === 'resubmission' ? AUDIT_ACTOR_LABELS.fixLink : AUDIT_ACTOR_LABELS.system;
}

export function toEntry(row: EntryRow): AuditEntry {
  return {
    id: row.id,
    actor_id: (row.actorId as string | null) ?? null,
    actor_email: (row.actorEmail as string | null) ?? null,
    actor_label: actorLabel((row.actorEmail as string | null) ?? null, row.action as string),
    action: row.action as string,
    target_table: row.targetTable as string,
    target_id: (row.targetId as string | null) ?? null,
    diff: row.diff ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** 00:00 WIB of a calendar day `YYYY-MM-DD`, plus `days`. */
const wibDayStart = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - JAKARTA_OFFSET_MS + days * DAY_MS);

/** The WHERE of the list and of its CSV export: the same filters give the same rows. */
export function auditFilter(query: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.action !== 'all') conditions.push(eq(auditLogs.action, query.action));
  if (query.admin) conditions.push(eq(auditLogs.actorId, query.admin));
  if (query.dari) conditions.push(gte(auditLogs.createdAt, wibDayStart(query.dari)));
  if (query.sampai) conditions.push(lt(auditLogs.createdAt, wibDayStart(query.sampai, 1)));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(auditLogs.action, pattern),
        ilike(auditLogs.targetTable, pattern),
        ilike(auditLogs.targetId, pattern),
        ilike(users.email, pattern),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** Newest first, 100 a page; search over action, table, target and the actor's e-mail. */
export async function listAudit(db: Db, query: AuditListQuery): Promise<AuditList> {
  const where = auditFilter(query);
  const [rows, totals] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((query.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLogs).leftJoin(users, eq(users.id, auditLogs.actorId)).where(where),
  ]);
  return { items: rows.map(toEntry), total: Number(totals[0]?.total ?? 0), page: query.page, page_size: AUDIT_PAGE_SIZE };
}

/** Every entry about one merchant, newest first (the detail screen's Aktivitas tab). */
export async function listMerchantAudit(db: Db, merchantId: string): Promise<AuditEntry[]> {
  return listTargetAudit(db, 'merchants', merchantId, 'newest');
}

/** The trail of one record (a merchant, an order), at most 500 rows, with the actor's e-mail. */
export async function listTargetAudit(db: Db, targetTable: string, targetId: string, order: 'newest' | 'oldest'): Promise<AuditEntry[]> {
  const direction = order === 'newest' ? desc : asc;
  const rows = await db
    .select(entryColumns)
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(and(eq(auditLogs.targetTable, targetTable), eq(auditLogs.targetId, targetId)))
    .orderBy(direction(auditLogs.createdAt), direction(auditLogs.id))
    .limit(500);
  return rows.map(toEntry);
}
