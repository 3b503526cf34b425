import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../tests/support/build-test-app.js';
import { createFreshDatabase, LOCAL_POSTGRES_URL, type FreshDatabase } from '../../../tests/support/fresh-database.js';
import { parseConfig } from '../config.js';
import { installKeyringFromConfig } from '../crypto/key-source.js';
import { openDatabase, type Database } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { databaseCounts, redisCounts } from './shared-counts.js';
import { soloCounter, type SoloCounter } from './solo-counter.js';

const MINUTE = 60_000;

/** Watched, not replaced: how many statements an instance's pool is sent. */
const watchStatements = (database: Database) =>
  vi.spyOn((database.db as unknown as { $client: { query: () => unknown } }).$client, 'query');

type Instance = { database: Database; counter: SoloCounter; said: string[]; redis: Redis | null };

const REDIS_URL = 'redis://127.0.0.1:6379';

describe('the rate-limit counter of an instance alone on PostgreSQL (decision 0052)', () => {
  let fresh: FreshDatabase | null = null;
  const open: Instance[] = [];

  installKeyringFromConfig(parseConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY }), { info: () => {} });

  /**
   * One instance: a pool of its own on the test's database, and its own Redis client under `redisPrefix`
   * when given; it ticks only when the test says (or every `tickMs`).
   */
  async function instance(options: { tickMs?: number; redisPrefix?: string; maxLocalKeys?: number } = {}): Promise<Instance> {
    fresh ??= await createFreshDatabase({ serverUrl: LOCAL_POSTGRES_URL, prefix: 't' });
    const database = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 3 });
    const redis = options.redisPrefix === undefined ? null : new Redis(REDIS_URL, { keyPrefix: options.redisPrefix });
    const said: string[] = [];
    const log = { info: (message: string) => said.push(message), error: (_: unknown, message: string) => said.push(message) };
    const store = redis ? redisCounts(redis) : databaseCounts(database.db);
    const counter = await soloCounter({
      url: fresh.url,
      store,
      log,
      tickMs: options.tickMs ?? 60 * MINUTE,
      ...(options.maxLocalKeys ? { maxLocalKeys: options.maxLocalKeys } : {}),
    });
    const made = { database, counter, said, redis };
    open.push(made);
    return made;
  }

  const stored = async (database: Database, key: string) =>
    (await queryRows<{ hits: number }>(database.db, 'select hits from rate_limit_counters where key = $1', [key]))[0]?.hits ?? null;

  const hits = async (counter: SoloCounter, key: string, count: number) => {
    const places: number[] = [];
    for (let i = 0; i < count; i += 1) places.push((await counter.counter(key, MINUTE)).current);
    return places;
  };

  afterEach(async () => {
    for (const { counter, database, redis } of open.splice(0)) {
      await counter.close();
      await database.close();
      await redis?.quit();
    }
    await fresh?.drop();
    fresh = null;
  });

  it('counts in its own process, sends no statement per hit, and mirrors the counts into the table each tick', async () => {
    const one = await instance();
    expect(one.counter.mode()).toBe('solo');
    expect(one.said).toContain('rate limits: alone on the database, counting in this process');
    const sent = watchStatements(one.database);
    expect(await hits(one.counter, 'lookup:198.51.100.1', 31)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    const first = await one.counter.counter('lookup:198.51.100.2', MINUTE);
    expect(first.current).toBe(1);
    expect(first.ttl).toBe(MINUTE);
    expect(sent.mock.calls.length).toBe(0);
    sent.mockRestore();
    expect(await stored(one.database, 'lookup:198.51.100.1')).toBeNull();
    await one.counter.tick();
    expect(await stored(one.database, 'lookup:198.51.100.1')).toBe(31);
    expect(await stored(one.database, 'lookup:198.51.100.2')).toBe(1);
  });

  it('hands its counts over before a second instance counts anything: the 31st hit is the 31st on either', async () => {
    const one = await instance();
    // Twenty hits that no tick has mirrored yet: only the hand-over can tell the newcomer of them.
    await hits(one.counter, 'lookup:198.51.100.3', 20);
    const two = await instance();
    expect([one.counter.mode(), two.counter.mode()]).toEqual(['shared', 'shared']);
    expect(one.said).toContain('rate limits: another instance is here, counting in the shared store');
    expect(await stored(one.database, 'lookup:198.51.100.3')).toBe(20);
    const places = await Promise.all([
      ...Array.from({ length: 5 }, () => one.counter.counter('lookup:198.51.100.3', MINUTE)),
      ...Array.from({ length: 6 }, () => two.counter.counter('lookup:198.51.100.3', MINUTE)),
    ]);
    expect(places.map((place) => place.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => 21 + i));
    expect(await stored(two.database, 'lookup:198.51.100.3')).toBe(31);
    // Its ticks see the other instance: it stays in the table.
    await one.counter.tick();
    expect(one.counter.mode()).toBe('shared');
  });

  it('counts alone again, from the table, once the other instance has gone', async () => {
    const one = await instance();
    const two = await instance();
    expect(await hits(two.counter, 'lookup:198.51.100.4', 25)).toHaveLength(25);
    await two.counter.close();
    await one.counter.tick();
    expect(one.counter.mode()).toBe('solo');
    const sent = watchStatements(one.database);
    expect(await hits(one.counter, 'lookup:198.51.100.4', 6)).toEqual([26, 27, 28, 29, 30, 31]);
    expect(sent.mock.calls.length).toBe(0);
    sent.mockRestore();
  });

  it('stops counting while its presence connection is down (the routes then go on unlimited, logged) and counts again once it is back', async () => {
    const one = await instance({ tickMs: 100 });
    await hits(one.counter, 'lookup:198.51.100.5', 3);
    // Another session ends the instance's presence connection, as a restart of PostgreSQL or a proxy would.
    const [ended] = await queryRows<{ ended: boolean }>(
      one.database.db,
      `select pg_terminate_backend(pid) as ended from pg_locks
       where locktype = 'advisory' and classid = $1 and objid = 1 and objsubid = 2
         and database = (select oid from pg_database where datname = current_database())`,
      [0x41495053],
    );
    expect(ended).toEqual({ ended: true });
    await vi.waitFor(() => expect(one.counter.mode()).toBe('lost'));
    await expect(one.counter.counter('lookup:198.51.100.5', MINUTE)).rejects.toThrow('rate limits: the presence connection is down');
    expect(one.said).toContain('rate limits: presence connection lost');
    // The three hits were mirrored when the connection went; alone again, the count goes on from them.
    await vi.waitFor(() => expect(one.counter.mode()).toBe('solo'), { timeout: 5_000 });
    expect((await one.counter.counter('lookup:198.51.100.5', MINUTE)).current).toBe(4);
  });
  it('keeps its memory bounded: past the most windows it may hold, it counts in the store and stays there a while', async () => {
    const one = await instance({ maxLocalKeys: 10 });
    for (let i = 0; i < 11; i += 1) await one.counter.counter(`lookup:192.0.2.${i}`, MINUTE);
    expect(one.counter.mode()).toBe('solo');
    await one.counter.tick();
    expect(one.counter.mode()).toBe('shared');
    expect(one.said).toContain('rate limits: more than 10 windows open, counting in the shared store');
    // Every count reached the store at the hand-over, and counting goes on from it.
    expect((await one.counter.counter('lookup:192.0.2.10', MINUTE)).current).toBe(2);
    await one.counter.tick();
    expect(one.counter.mode()).toBe('shared');
  });

  it('with REDIS_URL, alone: counts in memory and mirrors the counts into Redis under the deployment prefix', async () => {
    const prefix = `aipos-test-${randomBytes(4).toString('hex')}:`;
    const one = await instance({ redisPrefix: prefix });
    expect(one.counter.mode()).toBe('solo');
    expect(await hits(one.counter, 'POST/api/status/lookup:198.51.100.6', 31)).toHaveLength(31);
    expect(await one.redis!.get('rate:POST/api/status/lookup:198.51.100.6')).toBeNull();
    await one.counter.tick();
    expect(await one.redis!.get('rate:POST/api/status/lookup:198.51.100.6')).toBe('31');
    const ttl = await one.redis!.pttl('rate:POST/api/status/lookup:198.51.100.6');
    expect(ttl).toBeGreaterThan(MINUTE - 5_000);
    expect(ttl).toBeLessThanOrEqual(MINUTE);
    await one.redis!.del('rate:POST/api/status/lookup:198.51.100.6');
  });

  it('with REDIS_URL: a second instance counts on from the counts handed over, and the one left alone reads them back', async () => {
    const prefix = `aipos-test-${randomBytes(4).toString('hex')}:`;
    const one = await instance({ redisPrefix: prefix });
    await hits(one.counter, 'lookup:198.51.100.7', 20);
    const two = await instance({ redisPrefix: prefix });
    expect([one.counter.mode(), two.counter.mode()]).toEqual(['shared', 'shared']);
    expect((await two.counter.counter('lookup:198.51.100.7', MINUTE)).current).toBe(21);
    expect(await two.redis!.get('rate:lookup:198.51.100.7')).toBe('21');
    await two.counter.close();
    await one.counter.tick();
    expect(one.counter.mode()).toBe('solo');
    expect(await hits(one.counter, 'lookup:198.51.100.7', 10)).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30, 31]);
    await one.redis!.del('rate:lookup:198.51.100.7');
  });
});
