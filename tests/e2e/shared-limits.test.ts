import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './support/server-process.js';
import { POSTGRES_SERVER_URL } from '../support/fresh-database.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const lookup = (server: RunningServer) =>
  fetch(`${server.baseUrl}/api/status/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kode_pendaftaran: 'AIP-ZZZZZ' }),
  });

/** Two server processes on ONE PostgreSQL database and ONE Redis count one limit between them. */
describe('two instances, one PostgreSQL, one Redis: one lookup limit', () => {
  const database = `t_limits_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const prefix = `aipos-e2e-${database}:`;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    await adminQuery(`create database "${database}"`);
    const url = new URL(POSTGRES_SERVER_URL);
    url.pathname = `/${database}`;
    const env = { DATABASE_URL: url.toString(), REDIS_URL, REDIS_KEY_PREFIX: prefix };
    // One after the other: the first runs the migrations.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  });

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await adminQuery(`drop database if exists "${database}" with (force)`);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('the 31st lookup in a minute is refused whichever instance it reaches', async () => {
    const [a, b] = servers as [RunningServer, RunningServer];
    for (let i = 0; i < 30; i += 1) {
      const response = await lookup(i % 2 === 0 ? a : b);
      expect(response.status, `lookup ${i + 1}`).toBe(404);
    }
    for (const server of [a, b]) {
      const refused = await lookup(server);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.' } });
    }
    // Both processes say Redis is part of their readiness.
    for (const server of [a, b]) {
      expect(await (await fetch(`${server.baseUrl}/api/ready`)).json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', redis: 'ok' } });
    }
  });
});
