import type { Db } from './database.js';
import { queryRows } from './query-rows.js';

/**
 * Claims up to `batch` due rows of a queue table (jobs, outbox_messages: `state`, `next_attempt_at`,
 * `attempts`) with one UPDATE over rows picked `FOR UPDATE SKIP LOCKED`: each claimed row moves `leaseMs`
 * ahead and counts the attempt, so with several instances on one PostgreSQL each row goes to one worker,
 * and one that dies mid-work leaves it to come due again when the lease ends.
 */
export function claimDue<T>(
  db: Db,
  table: 'jobs' | 'outbox_messages',
  returning: string,
  { batch, leaseMs, now }: { batch: number; leaseMs: number; now: Date },
): Promise<T[]> {
  return queryRows<T>(
    db,
    `update ${table} set next_attempt_at = $1, attempts = attempts + 1
     where id in (
       select id from ${table}
       where state = 'pending' and next_attempt_at <= $2
       order by next_attempt_at
       limit ${batch}
       for update skip locked
     )
     returning ${returning}`,
    [new Date(now.getTime() + leaseMs), now],
  );
}
