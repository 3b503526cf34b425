import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { databaseLoginLimiter, type LoginLimiter } from './login-limiter.js';
import { redisCounter, sharedRateLimitStore } from './rate-limit-store.js';
import { closeRedis, connectRedis, outageLogger } from './redis-client.js';
import { redisLoginLimiter } from './redis-login-limiter.js';
import { soloCounter } from './solo-counter.js';

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
 * instance shares (an instance alone there counts in memory and mirrors the table, 0052); on the embedded
 * database (one process) the request caps stay in memory and the sign-in failures in its tables.
 */
export async function createLimits(config: Config, database: Database, log: FastifyBaseLogger): Promise<Limits> {
  if (config.REDIS_URL) {
    const redis = await connectRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, log);
    return {
      redis,
      loginLimiter: redisLoginLimiter(redis, config, log),
      rateLimitStore: sharedRateLimitStore(redisCounter(redis), outageLogger(log, 'rate limits')),
      close: () => closeRedis(redis),
    };
  }
  const loginLimiter = databaseLoginLimiter(database.db, config);
  if (!database.url) return { redis: null, loginLimiter, rateLimitStore: undefined, close: async () => {} };
  // Alone on the database, an instance counts in its own memory; with others, all count in the table (0052).
  const solo = await soloCounter({ url: database.url, db: database.db, log });
  return {
    redis: null,
    loginLimiter,
    rateLimitStore: sharedRateLimitStore(solo.counter, (error) => log.error({ err: error }, 'rate limits: database counter failed')),
    close: () => solo.close(),
  };
}
