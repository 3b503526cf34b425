import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { IDENTITY_SEARCH_MESSAGES } from '../../domain/identity-search.js';
import { API_MESSAGES } from '../../domain/messages.js';
import { auditActor, writeAudit } from '../audit/public.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { merchants } from '../db/schema.js';
import { identitySearch } from '../db/search-terms.js';
import { AppError } from '../http/app-error.js';
import { databaseCounter, redisCounter, type RateCounter } from '../limits/rate-limit-store.js';
import type { Actor } from './merchant-service.js';

const HOUR_MS = 60 * 60 * 1000;

type GuardDeps = { db: Db; redis: Redis | null; config: Pick<Config, 'IDENTITY_SEARCH_LIMIT_PER_HOUR'> };

async function liveMatches(db: Db, column: typeof merchants.nikHash | typeof merchants.noRekeningHash, hashes: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(merchants)
    .where(and(eq(merchants.isDeleted, false), inArray(column, hashes)));
  return row?.n ?? 0;
}

/**
 * A list search (or export) for a whole NIK or account number: found through the keyed hash, so an exact
 * guess is answered with a yes or a no. With the last digits on screen, a run of such guesses rebuilds
 * the number; every one is therefore audited (actor, fields, matches, never the number) and counted per
 * admin in the shared counter (Redis or the database, the same for every instance). Over the limit: 429.
 * Every attempt counts, a miss as much as a hit: the misses are what a rebuild is made of.
 */
export function identitySearchGuard(deps: GuardDeps) {
  const counter: RateCounter = deps.redis ? redisCounter(deps.redis) : databaseCounter(deps.db);

  return async function guardIdentitySearch(term: string | null | undefined, actor: Actor, reply: FastifyReply): Promise<void> {
    if (!term) return;
    const identity = identitySearch(term);
    if (identity.nik.length === 0 && identity.noRekening.length === 0) return;

    let hit: { current: number; ttl: number };
    try {
      hit = await counter(`identity-search:${actor.id}`, HOUR_MS);
    } catch (error) {
      // Refused rather than unlimited: the limit is what keeps a guessing run short.
      reply.log.error({ err: error }, 'identity search limit: counter failed');
      throw new AppError(503, 'LIMITS_UNAVAILABLE', API_MESSAGES.unavailable);
    }
    if (hit.current > deps.config.IDENTITY_SEARCH_LIMIT_PER_HOUR) {
      void reply.header('Retry-After', String(Math.max(1, Math.ceil(hit.ttl / 1000))));
      throw new AppError(429, 'IDENTITY_SEARCH_LIMITED', IDENTITY_SEARCH_MESSAGES.limited);
    }

    const matched: Record<string, number> = {};
    if (identity.nik.length > 0) matched.nik = await liveMatches(deps.db, merchants.nikHash, identity.nik);
    if (identity.noRekening.length > 0) matched.no_rekening = await liveMatches(deps.db, merchants.noRekeningHash, identity.noRekening);
    await writeAudit(deps.db, {
      ...auditActor(actor),
      action: 'identity_search',
      targetTable: 'merchants',
      targetId: null,
      diff: { fields: Object.keys(matched), matched },
    });
  };
}
