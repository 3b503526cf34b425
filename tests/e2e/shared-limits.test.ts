import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoInstances, type RunningServer, type TwoInstances } from './support/server-process.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

const lookup = (server: RunningServer) =>
  fetch(`${server.baseUrl}/api/status/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kode_pendaftaran: 'AIP-ZZZZZ' }),
  });

/** Two server processes on ONE PostgreSQL database and ONE Redis count one limit between them. */
describe('two instances, one PostgreSQL, one Redis: one lookup limit', () => {
  const prefix = `aipos-e2e-limits-${randomUUID()}:`;
  let instances: TwoInstances;

  beforeAll(async () => {
    instances = await startTwoInstances({ REDIS_URL, REDIS_KEY_PREFIX: prefix }, 't_limits');
  });

  afterAll(async () => {
    await instances?.stop();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('the 31st lookup in a minute is refused whichever instance it reaches', async () => {
    const [a, b] = instances.servers;
    for (let i = 0; i < 30; i += 1) {
      const response = await lookup(i % 2 === 0 ? a : b);
      expect(response.status, `lookup ${i + 1}`).toBe(404);
    }
    for (const server of [a, b]) {
      const refused = await lookup(server);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.' },
      });
    }
    // Both processes say Redis is part of their readiness.
    for (const server of [a, b]) {
      expect(await (await fetch(`${server.baseUrl}/api/ready`)).json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', storage: 'ok', redis: 'ok' },
      });
    }
  });
});
