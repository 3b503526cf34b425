import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { API_MESSAGES } from '../../domain/messages.js';
import type { Db } from '../db/database.js';
import { preparedRows, queryRows } from '../db/query-rows.js';
import { AppError } from '../http/app-error.js';

/** One hit on a fixed window: the count in it so far (this one included) and the milliseconds it has left. */
export type RateCounter = (key: string, windowMs: number) => Promise<{ current: number; ttl: number }>;

const REDIS_INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

type RateHitCommand = { rateHit(key: string, windowMs: number): Promise<[number, number]> };

export function redisCounter(redis: Redis): RateCounter {
  // EVALSHA of the script Redis already holds, EVAL only the first time: not its text on every request.
  if (!('rateHit' in redis)) redis.defineCommand('rateHit', { numberOfKeys: 1, lua: REDIS_INCR });
  const commands = redis as unknown as RateHitCommand;
  return async (key, windowMs) => {
    const [current, ttl] = await commands.rateHit(`rate:${key}`, windowMs);
    return { current, ttl };
  };
}

// The database's clock, not each instance's: every instance agrees on when a window ends. One row per key
// of the batch (see databaseCounter), taken in key order so that two instances' batches never deadlock.
const DATABASE_INCR = `
insert into rate_limit_counters as c (key, hits, reset_at)
select t.k, t.n, now() + t.w * interval '1 millisecond' from json_to_recordset($1::json) as t(k text, n int, w float8) order by t.k
on conflict (key) do update set
  hits = case when c.reset_at <= now() then excluded.hits else c.hits + excluded.hits end,
  reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
returning key, hits, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`;
const RATE_HITS = { name: 'rate_limit_hits', text: DATABASE_INCR };
const PRUNE_EVERY = 1000;

type Hit = { resolve(result: { current: number; ttl: number }): void; reject(error: unknown): void };
type Batch = Map<string, { windowMs: number; hits: Hit[] }>;

/**
 * Counts in PostgreSQL, shared by every instance, with one statement in flight per instance: hits that
 * arrive meanwhile wait for it and then go together, each key's count raised by its number of hits.
 * Each hit still gets its own exact position in the window (the 31st is the 31st), but a busy instance
 * no longer pays a round trip per request: under the bench's lookup load that round trip was the
 * difference between 0.7 and the bare route's rate (decision 0029).
 */
export function databaseCounter(db: Db): RateCounter {
  let calls = 0;
  let waiting: Batch = new Map();
  let inFlight = false;

  const send = async (batch: Batch) => {
    // Windows that ended long ago are dead rows: one delete now and then keeps the table at the live keys.
    if (calls >= PRUNE_EVERY) {
      calls = 0;
      await queryRows(db, `delete from rate_limit_counters where reset_at < now() - interval '1 hour'`, []);
    }
    const json = JSON.stringify([...batch].map(([k, { hits, windowMs }]) => ({ k, n: hits.length, w: windowMs })));
    // Prepared: every limited request runs it (the status lookup's planning lesson, decision 0028).
    const rows = await preparedRows<{ key: string; hits: number; ttl: number }>(db, RATE_HITS, [json]);
    for (const row of rows) {
      const { hits, windowMs } = batch.get(row.key)!;
      batch.delete(row.key);
      const before = Number(row.hits) - hits.length;
      // now() is when a statement's transaction began: one that began just before another instance opened
      // the window reads a millisecond more than the window itself.
      const ttl = Math.min(windowMs, Math.max(0, Number(row.ttl)));
      hits.forEach((hit, i) => hit.resolve({ current: before + i + 1, ttl }));
    }
    if (batch.size > 0) throw new Error(`rate limits: no count returned for ${batch.size} key(s)`);
  };

  let scheduled = false;
  const flush = () => {
    if (inFlight || waiting.size === 0) return;
    inFlight = true;
    const batch = waiting;
    waiting = new Map();
    send(batch)
      .catch((error: unknown) => {
        for (const { hits } of batch.values()) for (const hit of hits) hit.reject(error);
      })
      .finally(() => {
        inFlight = false;
        flush();
      });
  };

  return (key, windowMs) =>
    new Promise((resolve, reject) => {
      calls += 1;
      let entry = waiting.get(key);
      if (!entry) waiting.set(key, (entry = { windowMs, hits: [] }));
      entry.hits.push({ resolve, reject });
      // At the end of this turn of the event loop: the requests that arrived in the same turn go together.
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          flush();
        });
      }
    });
}

// At run time the plugin hands child() the route's merged limit options, routeInfo among them.
type RouteParams = { routeInfo?: { method?: string; url?: string } };

/**
 * A store for @fastify/rate-limit over a shared counter. A counter that fails is reported (logged) and
 * answered as a 503 error: routes with `skipOnError` (lookups, uploads, registrations) then go on
 * unlimited, the sign-in routes are refused.
 */
export function sharedRateLimitStore(counter: RateCounter, onError: (error: unknown) => void): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    // The plugin itself constructs the root store with its options object; children get their route.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'global:';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counter(`${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => {
          onError(error);
          callback(new AppError(503, 'LIMITS_UNAVAILABLE', API_MESSAGES.unavailable));
        },
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as RouteParams).routeInfo ?? {};
      return new SharedRateLimitStore(`${route.method ?? ''}${route.url ?? ''}:`);
    }
  }
  return SharedRateLimitStore;
}
