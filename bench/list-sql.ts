import { count, eq, inArray, sql, sum } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { EXACT_TOTAL_CAP, MerchantListQuerySchema } from '../src/domain/merchants.js';
import { merchantCounts, merchants } from '../src/server/db/schema.js';
import { merchantFilter, merchantOrder } from '../src/server/merchants/merchant-repository.js';

export type Statement = { sql: string; params: unknown[] };

/**
 * The SQL listMerchants runs for a list query by page number (offset), for the bare baseline and for
 * EXPLAIN: the page (ids by the order's index, then those rows), and its total: the matches counted up to
 * EXACT_TOTAL_CAP + 1 with a search, the per-status counters without.
 */
export function listStatements(input: Record<string, string>): { page: Statement; count: Statement } {
  const qb = new QueryBuilder();
  const query = MerchantListQuerySchema.parse(input);
  const where = merchantFilter(query);
  const order = merchantOrder(query.sort);
  const ids = qb
    .select({ id: merchants.id })
    .from(merchants)
    .where(where)
    .orderBy(...order)
    .limit(query.page_size + 1)
    .offset((query.page - 1) * query.page_size);
  const page = qb
    .select()
    .from(merchants)
    .where(inArray(merchants.id, ids))
    .orderBy(...order)
    .toSQL();
  const total = query.q
    ? qb
        .select({ total: count() })
        .from(
          qb
            .select({ one: sql`1` })
            .from(merchants)
            .where(where)
            .limit(EXACT_TOTAL_CAP + 1)
            .as('matches'),
        )
        .toSQL()
    : qb
        .select({ total: sum(merchantCounts.n) })
        .from(merchantCounts)
        .where(query.status === 'all' ? undefined : eq(merchantCounts.status, query.status))
        .toSQL();
  return { page, count: total };
}
