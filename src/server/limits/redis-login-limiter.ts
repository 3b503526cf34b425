import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { API_MESSAGES } from '../../domain/messages.js';
import type { Config } from '../config.js';
import { AppError } from '../http/app-error.js';
import { tooManyAttempts } from '../http/auth-errors.js';
import { FAILURE_WINDOW_MS, IP_FACTOR, waitSeconds, type AttemptTicket, type LoginLimiter } from './login-limiter.js';
import { outageLogger } from './redis-client.js';

/**
 * The same rules as the database limiter, in one sorted set per account and per address (score: the
 * attempt's time). One script adds the attempt and reads both counts and the latest other failures, so
 * the requests of a parallel burst, on any instance, see each other.
 */
const ADMIT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local out = {}
for _, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  redis.call('ZADD', key, now, ARGV[3])
  redis.call('PEXPIRE', key, window)
  local latest = -1
  local top = redis.call('ZREVRANGE', key, 0, 1, 'WITHSCORES')
  for i = 1, #top, 2 do
    if top[i] ~= ARGV[3] then latest = tonumber(top[i + 1]); break end
  end
  table.insert(out, redis.call('ZCARD', key))
  table.insert(out, latest)
end
return out`;

const accountKey = (account: string) => `login:account:${account}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export function redisLoginLimiter(redis: Redis, config: Config, log: FastifyBaseLogger): LoginLimiter {
  const reportOutage = outageLogger(log, 'login limiter');
  // Sign-in fails closed: without its counts, no password is checked at all.
  const unavailable = (error: unknown) => {
    reportOutage(error);
    return new AppError(503, 'LIMITS_UNAVAILABLE', API_MESSAGES.unavailable);
  };
  // After a passed check the attempt only lingers as a failure: logged, never an error for the user.
  const quietly = (work: Promise<unknown>) => work.then(() => undefined, reportOutage);

  return {
    async admit(attempt, now) {
      const ticket: AttemptTicket = { id: randomUUID(), ...attempt };
      let result: number[];
      try {
        result = (await redis.eval(
          ADMIT,
          2,
          accountKey(attempt.account),
          ipKey(attempt.ip),
          now.getTime(),
          FAILURE_WINDOW_MS,
          ticket.id,
        )) as number[];
      } catch (error) {
        throw unavailable(error);
      }
      const [perAccount = 0, latestAccount = -1, perIp = 0, latestIp = -1] = result;
      const at = (ms: number) => (ms < 0 ? null : new Date(ms));
      const wait = Math.max(
        waitSeconds(perAccount, config.RATE_LIMIT_LOGIN_FAILURES, at(latestAccount), now),
        waitSeconds(perIp, config.RATE_LIMIT_LOGIN_FAILURES * IP_FACTOR, at(latestIp), now),
      );
      if (wait > 0) {
        await this.release(ticket);
        throw tooManyAttempts(wait);
      }
      return ticket;
    },
    async release(ticket) {
      await quietly(redis.multi().zrem(accountKey(ticket.account), ticket.id).zrem(ipKey(ticket.ip), ticket.id).exec());
    },
    // The sets expire by themselves with the window.
    async keep() {},
    async clearAccount(account) {
      await quietly(redis.del(accountKey(account)));
    },
  };
}
