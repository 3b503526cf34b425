import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DATA_ENCRYPTION_KEY } from '../../../tests/support/build-test-app.js';
import { createFreshDatabase, LOCAL_POSTGRES_URL, type FreshDatabase } from '../../../tests/support/fresh-database.js';
import { parseConfig } from '../config.js';
import { installKeyringFromConfig } from '../crypto/key-source.js';
import { openDatabase, type Database } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { databaseCounter } from './rate-limit-store.js';

const MINUTE = 60_000;

/** Watched, not replaced: how many statements an instance's pool is sent. */
const watchStatements = (database: Database) =>
  vi.spyOn((database.db as unknown as { $client: { query: () => unknown } }).$client, 'query');

describe('the rate-limit counter in PostgreSQL', () => {
  let fresh: FreshDatabase;
  const databases: Database[] = [];

  beforeAll(async () => {
    installKeyringFromConfig(parseConfig({ NODE_ENV: 'test', DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY }), { info: () => {} });
    fresh = await createFreshDatabase({ serverUrl: LOCAL_POSTGRES_URL, prefix: 't' });
    // Two instances: a pool each on one database.
    for (let i = 0; i < 2; i += 1) databases.push(await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 3 }));
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    await fresh?.drop();
  });

  it('gives every hit of a burst on two instances its own place in the window', async () => {
    const [one, two] = databases.map((database) => databaseCounter(database.db));
    const sent = databases.map(watchStatements);
    const hits = await Promise.all([
      ...Array.from({ length: 20 }, () => one!('burst:a', MINUTE)),
      ...Array.from({ length: 20 }, () => two!('burst:a', MINUTE)),
      ...Array.from({ length: 7 }, () => one!('burst:b', MINUTE)),
    ]);
    // Hits that arrive in one turn of the event loop go as one statement per instance.
    expect(sent.map((spy) => spy.mock.calls.length)).toEqual([1, 1]);
    for (const spy of sent) spy.mockRestore();
    const places = (from: number, to: number) => hits.slice(from, to).map((hit) => hit.current);
    expect([...places(0, 40)].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // One instance's hits keep their order of arrival.
    expect(places(0, 20)).toEqual([...places(0, 20)].sort((a, b) => a - b));
    expect(places(40, 47)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const hit of hits) expect(hit.ttl).toBeGreaterThan(MINUTE - 5_000);
    for (const hit of hits) expect(hit.ttl).toBeLessThanOrEqual(MINUTE);
    const rows = await queryRows<{ key: string; hits: number }>(
      databases[0]!.db,
      `select key, hits from rate_limit_counters where key like 'burst:%' order by key`,
      [],
    );
    expect(rows).toEqual([
      { key: 'burst:a', hits: 40 },
      { key: 'burst:b', hits: 7 },
    ]);
  });

  it('keeps the counters out of the write-ahead log (an unlogged table, migration 0022)', async () => {
    const rows = await queryRows<{ relpersistence: string }>(
      databases[0]!.db,
      `select relpersistence from pg_class where relname = 'rate_limit_counters'`,
      [],
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });

  it('sends the hits that arrive while a statement is out with the next one', async () => {
    const database = databases[0]!;
    const count = databaseCounter(database.db);
    const sent = watchStatements(database);
    const first = count('queue', MINUTE);
    // The first statement is out once this turn ends; these three arrive while it is.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [count('queue', MINUTE), count('queue', MINUTE), count('queue', MINUTE)];
    expect(sent.mock.calls.length).toBe(1);
    expect((await first).current).toBe(1);
    expect((await Promise.all(later)).map((hit) => hit.current)).toEqual([2, 3, 4]);
    expect(sent.mock.calls.length).toBe(2);
    sent.mockRestore();
  });

  it('starts a window again at 1 once it has ended', async () => {
    const count = databaseCounter(databases[0]!.db);
    expect((await count('short', 300)).current).toBe(1);
    expect((await count('short', 300)).current).toBe(2);
    // The window ends now rather than 300 ms later: the counter reads the end from its row against the
    // database's clock, so the row is moved instead of the test waiting for that clock.
    await queryRows(databases[0]!.db, `update rate_limit_counters set reset_at = now() where key = 'short'`, []);
    const again = await count('short', 300);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(0);
  });

  it('fails every waiting hit when the database does, and counts again when it is back', async () => {
    const broken = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 1 });
    const count = databaseCounter(broken.db);
    await broken.close();
    const outcomes = await Promise.allSettled([count('down', MINUTE), count('down', MINUTE), count('other', MINUTE)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await databaseCounter(databases[1]!.db)('down', MINUTE)).current).toBe(1);
  });
});
