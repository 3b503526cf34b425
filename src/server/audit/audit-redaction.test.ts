import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { maskNik } from '../../domain/masking.js';
import { queryRows } from '../db/query-rows.js';
import { auditLogs } from '../db/schema.js';
import { maskEmailForAudit, maskPhoneForAudit, maskSensitiveFields } from './audit-diff.js';

const MIGRATION = new URL('../../../drizzle/0013_audit_redaction_pending_deletions.sql', import.meta.url);
const NIK_MIGRATION = new URL('../../../drizzle/0018_audit_nik_mask.sql', import.meta.url);

const PERSONAL = {
  email: 'budi.santoso@contoh.co.id',
  no_hp: '+6281234567158',
  alamat_jalan: 'Jl. Melati No. 12',
  alamat_pemilik: 'Jl. Kenanga No. 4',
  kode_pos: '12810',
  nama_pemilik: 'Budi Santoso Wijaya',
  nama_rekening: 'budi santoso',
  // In clear, as a change of the NIK reaches maskSensitiveFields.
  nik: '3174015503900001',
  nama_toko: 'Toko Budi',
};
const MASKED = {
  email: 'b***@contoh.co.id',
  no_hp: '+62812****158',
  alamat_jalan: '[diubah]',
  alamat_pemilik: '[diubah]',
  kode_pos: '[diubah]',
  nama_pemilik: 'Budi S. W.',
  nama_rekening: 'budi S.',
  nik: '************0001',
  nama_toko: 'Toko Budi',
};

describe('audit diffs mask personal fields', () => {
  it('e-mail, phone, address fields and names as decision 0032 shows them; the NIK to its last four digits; store name unchanged', () => {
    expect(maskSensitiveFields(PERSONAL)).toEqual(MASKED);
    expect(maskEmailForAudit('x@y.id')).toBe('x***@y.id');
    expect(maskEmailForAudit('tanpa-at')).toBe('***');
    expect(maskPhoneForAudit('0812')).toBe('****');
  });
});

/** Drizzle wraps the database's error: the trigger's message is in its cause. */
async function refused(attempt: Promise<unknown>): Promise<void> {
  const error = (await attempt.then(
    () => null,
    (caught: unknown) => caught,
  )) as (Error & { cause?: Error }) | null;
  expect(error, 'the change went through').not.toBeNull();
  expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(/append-only/);
}

describe('audit_logs: append-only, with one narrow redaction path (migration 0013)', () => {
  const t = testAppPerSuite();
  const insert = async () => {
    const [row] = await t.database.db
      .insert(auditLogs)
      .values({
        actorId: null,
        action: 'update',
        targetTable: 'merchants',
        targetId: 'x',
        diff: { old: PERSONAL, new: { ...PERSONAL, email: 'lain@contoh.co.id' } },
        ip: '203.0.113.9',
        userAgent: 'Peramban/1.0',
      })
      .returning();
    return row!;
  };

  it('refuses every update and delete outside the purge, and inside it anything but clearing IP and User-Agent', async () => {
    const row = await insert();
    await refused(queryRows(t.database.db, 'update audit_logs set ip = null, user_agent = null where id = $1', [row.id]));
    await refused(queryRows(t.database.db, 'delete from audit_logs where id = $1', [row.id]));
    const attempt = (statement: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('aipos.audit_redaction', 'on', true)`);
        await tx.execute(sql.raw(statement.replace('$id', String(row.id))));
      });
    await refused(attempt(`update audit_logs set diff = '{}'::jsonb, ip = null, user_agent = null where id = $id`));
    await refused(attempt(`update audit_logs set ip = '10.0.0.1', user_agent = null where id = $id`));
    await refused(attempt(`update audit_logs set action = 'login', ip = null, user_agent = null where id = $id`));
    await refused(attempt(`delete from audit_logs where id = $id`));
    await attempt(`update audit_logs set ip = null, user_agent = null where id = $id`);
    const [after] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.id, row.id));
    expect(after).toMatchObject({ ip: null, userAgent: null, action: 'update', diff: row.diff });
  });

  it('masks the rows written before: the migration applies the same rules in SQL as the code does', async () => {
    const row = await insert();
    const statements = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((part) => part.trim());
    const from = statements.findIndex((statement) => statement.includes('CREATE FUNCTION audit_mask_personal_fields'));
    expect(from).toBeGreaterThan(0);
    for (const statement of statements.slice(from)) await queryRows(t.database.db, statement, []);
    // The NIK's SQL mask is migration 0018's (0013 left it to the code of its day).
    for (const statement of readFileSync(NIK_MIGRATION, 'utf8').split('--> statement-breakpoint'))
      await queryRows(t.database.db, statement.trim(), []);
    const [after] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.id, row.id));
    expect(after!.diff).toEqual({ old: MASKED, new: { ...MASKED, email: 'l***@contoh.co.id' } });
    expect(after!.diff).toEqual({
      old: maskSensitiveFields(PERSONAL),
      new: maskSensitiveFields({ ...PERSONAL, email: 'lain@contoh.co.id' }),
    });
    // The trigger is back on after the migration.
    await refused(queryRows(t.database.db, 'delete from audit_logs where id = $1', [row.id]));
  });

  it("gives the NIK of the rows written before today's mask the last four digits only (migration 0018)", async () => {
    const [row] = await t.database.db
      .insert(auditLogs)
      .values({
        actorId: null,
        action: 'resubmission',
        targetTable: 'merchants',
        targetId: 'y',
        diff: { old: { nik: '3174********0001' }, new: { nik: '3175********0002', no_hp: '+62812****158' } },
      })
      .returning();
    const statements = readFileSync(NIK_MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((part) => part.trim());
    for (const statement of statements) await queryRows(t.database.db, statement, []);
    const [after] = await t.database.db.select().from(auditLogs).where(eq(auditLogs.id, row!.id));
    expect(after!.diff).toEqual({ old: { nik: '************0001' }, new: { nik: '************0002', no_hp: '+62812****158' } });
    expect((after!.diff as { old: { nik: string } }).old.nik).toBe(maskNik('3174010101900001'));
    await refused(queryRows(t.database.db, 'delete from audit_logs where id = $1', [row!.id]));
  });
});
