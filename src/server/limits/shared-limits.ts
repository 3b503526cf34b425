import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { databaseLoginLimiter, type LoginLimiter } from './login-limiter.js';
import { sharedRateLimitStore } from './rate-limit-store.js';
import { closeRedis, connectRedis, outageLogger } from './redis-client.js';
import { redisLoginLimiter } from './redis-login-limiter.js';
import { databaseCounts, redisCounts } from './shared-counts.js';
import { PresenceLostError, soloCounter } from './solo-counter.js';
import { throttled } from './throttled.js';

export type Limits = {
  /** Null without REDIS_URL. */
  redis: Redis | null;
  loginLimiter: LoginLimiter;
  /** A store for @fastify/rate-limit, or undefined for its own in-process one (embedded database). */
  rateLimitStore: FastifyRateLimitStoreCtor | undefined;
  close(): Promise<void>;
};

/**
 * Where the limits count (docs/decisions/0019): Redis when configured; else PostgreSQL, which every
 * instance shares. An instance alone on its PostgreSQL database counts the request caps in memory and
 * mirrors them into that store (0052). On the embedded database (one process) the request caps stay in
 * memory and the sign-in failures in its tables.
 */
export async function createLimits(config: Config, database: Database, log: FastifyBaseLogger): Promise<Limits> {
  const presenceLost = throttled((error) => log.error({ err: error }, 'rate limits: presence connection down, not counting'));
  if (config.REDIS_URL) {
    const redis = await connectRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, log);
    const counts = redisCounts(redis);
    const redisDown = outageLogger(log, 'rate limits');
    // Alone on its database, an instance counts in its own memory and mirrors Redis (0052).
    const solo = database.url ? await soloCounter({ url: database.url, store: counts, log }) : null;
    return {
      redis,
      loginLimiter: redisLoginLimiter(redis, config, log),
      rateLimitStore: sharedRateLimitStore(solo?.counter ?? counts.counter, (error) =>
        error instanceof PresenceLostError ? presenceLost(error) : redisDown(error),
      ),
      async close() {
        await solo?.close();
        await closeRedis(redis);
      },
    };
  }
  const loginLimiter = databaseLoginLimiter(database.db, config);
  if (!database.url) return { redis: null, loginLimiter, rateLimitStore: undefined, close: async () => {} };
  const solo = await soloCounter({ url: database.url, store: databaseCounts(database.db), log });
  return {
    redis: null,
    loginLimiter,
    rateLimitStore: sharedRateLimitStore(solo.counter, (error) =>
      error instanceof PresenceLostError ? presenceLost(error) : log.error({ err: error }, 'rate limits: database counter failed'),
    ),
    close: () => solo.close(),
  };
}
