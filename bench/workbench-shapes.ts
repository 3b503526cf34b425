// The reviewer's workbench shapes (decision 0022), timed against the seeded database of bench/admin-list.ts:
// the queue's first page, the duplicates of a merchant that has some, and the dashboard's numbers.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/database.js';
import { identityColumns, merchantAccountNumber, merchantNik } from '../src/server/db/merchant-columns.js';
import { merchants } from '../src/server/db/schema.js';
import { percentile, timeSequentialGets } from './bench-kit.js';

export type WorkbenchBenchInput = { db: Db; address: string; cookie: string; requests: number };

/**
 * Gives the data what a live database has: possible duplicates of one merchant (its NIK, its account at its
 * bank, its phone, its e-mail in capitals, each on another row) and a status_change audit row per first
 * decision of the last 30 days (the dashboard's decisions per day).
 */
async function prepare(db: Db): Promise<string> {
  const [target] = await db.select().from(merchants).where(eq(merchants.status, 'processing')).limit(1);
  if (!target) throw new Error('no processing merchant to find duplicates of');
  const others = await db
    .select()
    .from(merchants)
    .where(sql`${merchants.id} <> ${target.id}`)
    .limit(4);
  // The NIK and account number sealed again for the row they are copied into (a copied ciphertext does not open).
  const shared = (id: string): Partial<typeof merchants.$inferInsert>[] => [
    identityColumns(id, { nik: merchantNik(target) }),
    { ...identityColumns(id, { noRekening: merchantAccountNumber(target) }), namaBank: target.namaBank },
    { noHp: target.noHp },
    { email: target.email.toUpperCase() },
  ];
  for (const [i, other] of others.entries()) await db.update(merchants).set(shared(other.id)[i]!).where(eq(merchants.id, other.id));
  // Once per database: a reused one (--reuse) already has them.
  await db.execute(sql`insert into audit_logs (action, target_table, target_id, diff, created_at)
    select 'status_change', 'merchants', id::text, jsonb_build_object('from', 'processing', 'to', status), first_decided_at
    from merchants where first_decided_at >= now() - interval '30 days'
      and not exists (select 1 from audit_logs where action = 'status_change')`);
  await db.execute(sql`analyze audit_logs`);
  return target.id;
}

export async function benchWorkbenchShapes({ db, address, cookie, requests }: WorkbenchBenchInput): Promise<void> {
  const target = await prepare(db);
  const scenarios = [
    { name: 'queue first page', url: '/api/admin/merchants?sort=queue', size: (b: { total: number }) => b.total },
    { name: 'duplicates of one', url: `/api/admin/merchants/${target}/duplicates`, size: (b: unknown[]) => b.length },
    { name: 'stats', url: '/api/admin/stats', size: (b: { overdue: number }) => b.overdue },
  ] as const;
  for (const scenario of scenarios) {
    const { times, body } = await timeSequentialGets<never>(`${address}${scenario.url}`, cookie, requests);
    const f = (n: number) => n.toFixed(1).padStart(8);
    console.log(
      `${scenario.name.padEnd(26)} ${f(percentile(times, 50))} ${f(percentile(times, 95))} ${f(percentile(times, 99))}   ${scenario.size(body)}`,
    );
  }
}
