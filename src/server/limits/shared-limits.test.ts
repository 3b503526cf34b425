import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { login } from '../../../tests/support/auth-test-kit.js';
import { twoInstances } from '../../../tests/support/two-instances.js';
import { queryRows } from '../db/query-rows.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const PREFIX = `aipos-test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}:`;

const lookup = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/status/lookup', payload: { kode_pendaftaran: 'AIP-ZZZZZ' }, remoteAddress: ip });

/** 30 lookups from one address spread over both instances, then one more to each. */
async function thirtyFirstLookup(apps: FastifyInstance[], ip: string): Promise<number[]> {
  for (let i = 0; i < 30; i += 1) {
    const response = await lookup(apps[i % 2]!, ip);
    expect(response.statusCode, `lookup ${i + 1}`).toBe(404);
  }
  return [(await lookup(apps[0]!, ip)).statusCode, (await lookup(apps[1]!, ip)).statusCode];
}

describe('limits shared by two instances', () => {
  const redis = new Redis(REDIS_URL, { keyPrefix: PREFIX });
  afterAll(async () => {
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys.map((key) => key.slice(PREFIX.length)));
    await redis.quit();
  });

  it('with REDIS_URL: the 31st lookup in a minute is refused whichever instance it reaches', async () => {
    const t = await twoInstances({ REDIS_URL, REDIS_KEY_PREFIX: PREFIX });
    try {
      expect(await thirtyFirstLookup(t.apps, '203.0.113.10')).toEqual([429, 429]);
      const last = await lookup(t.apps[1]!, '203.0.113.10');
      expect(last.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.' } });
      // Counted in Redis under the deployment's prefix, not in the database.
      expect(await redis.get('rate:POST/api/status/lookup:203.0.113.10')).toBe('33');
      expect(await queryRows(t.databases[0]!.db, 'select key from rate_limit_counters', [])).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('with REDIS_URL: failed sign-ins on one instance count on the other', async () => {
    const t = await twoInstances({ REDIS_URL, REDIS_KEY_PREFIX: PREFIX });
    try {
      for (let i = 0; i < 5; i += 1) {
        expect((await login(t.apps[i % 2]!, 'ghost@aipos.test', `salah-${i}`, { ip: '10.9.0.1' })).statusCode).toBe(401);
      }
      const sixth = await login(t.apps[1]!, 'ghost@aipos.test', 'salah-lagi', { ip: '10.9.0.2' });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.code).toBe('TOO_MANY_ATTEMPTS');
      expect(await redis.zcard('login:account:ghost@aipos.test')).toBe(5);
    } finally {
      await t.close();
    }
  });

  it('without Redis on PostgreSQL: the 31st lookup is refused by either instance, counted in the database', async () => {
    const t = await twoInstances({});
    try {
      expect(await thirtyFirstLookup(t.apps, '203.0.113.11')).toEqual([429, 429]);
      const rows = await queryRows<{ key: string; hits: number }>(t.databases[1]!.db, 'select key, hits from rate_limit_counters', []);
      expect(rows).toEqual([{ key: 'POST/api/status/lookup:203.0.113.11', hits: 32 }]);
    } finally {
      await t.close();
    }
  });

  it('without Redis on PostgreSQL: of 60 lookups sent at once to both instances, exactly 30 are answered', async () => {
    const t = await twoInstances({});
    try {
      const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => lookup(t.apps[i % 2]!, '203.0.113.12')));
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 404)).toHaveLength(30);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    } finally {
      await t.close();
    }
  });

  it('with Redis down: lookups go on unlimited, sign-in is refused with 503, and both are logged', async () => {
    // A port nothing listens on.
    const t = await twoInstances({ REDIS_URL: 'redis://127.0.0.1:9', REDIS_KEY_PREFIX: PREFIX });
    try {
      for (let i = 0; i < 35; i += 1) expect((await lookup(t.apps[i % 2]!, '203.0.113.12')).statusCode).toBe(404);
      const signIn = await login(t.apps[0]!, 'ghost@aipos.test', 'apa-saja-boleh', { ip: '10.9.0.3' });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toEqual({
        error: { code: 'LIMITS_UNAVAILABLE', message: 'Layanan sedang tidak tersedia. Silakan coba lagi.' },
      });
      const lines = t.logs.join('');
      expect(lines).toContain('rate limits: Redis unreachable');
      expect(lines).toContain('Redis not reachable at start');
    } finally {
      await t.close();
    }
  }, 30_000);
});
