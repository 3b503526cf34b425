import type { Redis } from 'ioredis';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { databaseCounter, redisCounter } from './rate-limit-store.js';
import type { SharedCounts, WindowCount } from './solo-counter.js';

// Absolute counts: while one instance counts alone nobody else writes the table (decision 0052).
const MIRROR = `
insert into rate_limit_counters as c (key, hits, reset_at)
select t.k, t.n, now() + t.ttl * interval '1 millisecond' from json_to_recordset($1::json) as t(k text, n int, ttl float8) order by t.k
on conflict (key) do update set hits = excluded.hits, reset_at = excluded.reset_at`;

const LIVE = `
select key, hits, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl
from rate_limit_counters where reset_at > now()`;

/** The `rate_limit_counters` table: hits in batches (0029), the windows on the database's clock. */
export function databaseCounts(db: Db): SharedCounts {
  return {
    counter: databaseCounter(db),
    async mirror(counts) {
      await queryRows(db, MIRROR, [JSON.stringify(counts.map(({ key, hits, ttlMs }) => ({ k: key, n: hits, ttl: ttlMs })))]);
    },
    async live() {
      const rows = await queryRows<{ key: string; hits: number; ttl: number }>(db, LIVE, []);
      return rows.map((row) => ({ key: row.key, hits: Number(row.hits), ttlMs: Number(row.ttl) }));
    },
    async prune() {
      // Windows that ended long ago are dead rows; databaseCounter prunes them too, by its hits.
      await queryRows(db, `delete from rate_limit_counters where reset_at < now() - interval '1 hour'`, []);
    },
  };
}

const KEY = 'rate:';
const CHUNK = 500;

/** Redis: a key per window under the deployment's prefix, expiring with its window. */
export function redisCounts(redis: Redis): SharedCounts {
  const prefix = redis.options.keyPrefix ?? '';
  return {
    counter: redisCounter(redis),
    async mirror(counts) {
      // A pipeline holds every command's arguments and reply until it ends: a busy second's thousands of
      // keys go in chunks rather than all at once.
      for (let i = 0; i < counts.length; i += CHUNK) {
        const batch = redis.pipeline();
        for (const { key, hits, ttlMs } of counts.slice(i, i + CHUNK)) batch.set(`${KEY}${key}`, hits, 'PX', Math.max(1, Math.ceil(ttlMs)));
        failOnAny(await batch.exec());
      }
    },
    async live() {
      // SCAN sees the keys with the prefix, which the client adds again to every other command.
      const names: string[] = [];
      for await (const found of redis.scanStream({ match: `${prefix}${KEY}*`, count: 1000 })) {
        for (const name of found as string[]) names.push(name.slice(prefix.length));
      }
      const counts: WindowCount[] = [];
      for (let i = 0; i < names.length; i += CHUNK) {
        const batch = redis.pipeline();
        const chunk = names.slice(i, i + CHUNK);
        for (const name of chunk) batch.get(name).pttl(name);
        const results = failOnAny(await batch.exec());
        chunk.forEach((name, j) => {
          const hits = Number(results[2 * j]);
          const ttlMs = Number(results[2 * j + 1]);
          if (hits > 0 && ttlMs > 0) counts.push({ key: name.slice(KEY.length), hits, ttlMs });
        });
      }
      return counts;
    },
    // Every key expires with its window.
    prune: async () => {},
  };
}

function failOnAny(results: [Error | null, unknown][] | null): unknown[] {
  if (!results) throw new Error('rate limits: Redis pipeline not run');
  for (const [error] of results) if (error) throw error;
  return results.map(([, value]) => value);
}
