import { count, eq, sum } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { MerchantListQuerySchema } from '../src/domain/merchants.js';
import { merchantCounts, merchants } from '../src/server/db/schema.js';
import { merchantFilter, merchantOrder } from '../src/server/merchants/merchant-repository.js';

export type Statement = { sql: string; params: unknown[] };

/**
 * The SQL listMerchants runs for a list query (first page), for the bare baseline and for EXPLAIN: the page,
 * and its total: the trigram matches counted with a search, the per-status counters without.
 */
export function listStatements(input: Record<string, string>): { page: Statement; count: Statement } {
  const qb = new QueryBuilder();
  const query = MerchantListQuerySchema.parse(input);
  const where = merchantFilter(query);
  const page = qb.select().from(merchants).where(where).orderBy(...merchantOrder(query.sort)).limit(query.page_size).offset(0).toSQL();
  const total = query.q
    ? qb.select({ total: count() }).from(merchants).where(where).toSQL()
    : qb
        .select({ total: sum(merchantCounts.n) })
        .from(merchantCounts)
        .where(query.status === 'all' ? undefined : eq(merchantCounts.status, query.status))
        .toSQL();
  return { page, count: total };
}
