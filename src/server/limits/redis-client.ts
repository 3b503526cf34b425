import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { throttled } from './throttled.js';

// A request never waits long for a Redis that hangs: the limits then fail open or closed at once.
const COMMAND_TIMEOUT_MS = 500;
const READY_WAIT_MS = 2000;

/** Logs an outage at most once per 10 s: a Redis that is down must not flood the log per request. */
export function outageLogger(log: FastifyBaseLogger, what: string): (error: unknown) => void {
  return throttled((error) => log.error({ err: error }, `${what}: Redis unreachable`));
}

/**
 * One client per app. No offline queue: while Redis is down every command fails at once instead of
 * piling up, and the caller decides (lookups go on unlimited, sign-in is refused). ioredis reconnects by
 * itself. Waits a moment for the first connection, then starts in any case. The client library is loaded
 * here, only by a server that has REDIS_URL: 1.5 MB of heap that every major collection would mark.
 */
export async function connectRedis(url: string, keyPrefix: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // The commands of one turn of the event loop go in one write: under load, a socket write per
    // limited request was most of what the limits cost (decision 0029).
    enableAutoPipelining: true,
  });
  redis.on('error', outageLogger(log, 'redis connection'));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      log.warn('Redis not reachable at start; limits fail open for lookups and closed for sign-in until it is');
      resolve();
    }, READY_WAIT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
