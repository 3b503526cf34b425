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

export function redisCounter(redis: Redis): RateCounter {
  return async (key, windowMs) => {
    const [current, ttl] = (await redis.eval(REDIS_INCR, 1, `rate:${key}`, windowMs)) as [number, number];
    return { current, ttl };
  };
}

// The database's clock, not each instance's: every instance agrees on when a window ends.
const DATABASE_INCR = `
insert into rate_limit_counters as c (key, hits, reset_at)
values ($1, 1, now() + $2 * interval '1 millisecond')
on conflict (key) do update set
  hits = case when c.reset_at <= now() then 1 else c.hits + 1 end,
  reset_at = case when c.reset_at <= now() then excluded.reset_at else c.reset_at end
returning hits, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`;
const RATE_HIT = { name: 'rate_limit_hit', text: DATABASE_INCR, types: ['text', 'float8'] };
const PRUNE_EVERY = 1000;

export function databaseCounter(db: Db): RateCounter {
  let calls = 0;
  return async (key, windowMs) => {
    // Windows that ended long ago are dead rows: one delete now and then keeps the table at the live keys.
    if (++calls % PRUNE_EVERY === 0) await queryRows(db, `delete from rate_limit_counters where reset_at < now() - interval '1 hour'`, []);
    // Prepared: every limited request runs it (the status lookup's planning lesson, issue 19).
    const [row] = await preparedRows<{ hits: number; ttl: number }>(db, RATE_HIT, [key, String(windowMs)]);
    return { current: Number(row!.hits), ttl: Math.max(0, Number(row!.ttl)) };
  };
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
