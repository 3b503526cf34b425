import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database.js';
import { startStatisticsMaintenance } from './statistics-maintenance.js';

describe('statistics maintenance', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
  });
  afterAll(async () => {
    await database.close();
  });

  it('runs VACUUM ANALYZE on PGlite on its timer, and stops', async () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = startStatisticsMaintenance(database, log, 20);
    await vi.waitFor(
      () => expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ ms: expect.any(Number) }), 'vacuum analyze done'),
      {
        timeout: 5000,
      },
    );
    stop();
    expect(log.error).not.toHaveBeenCalled();
  });

  it('starts nothing on PostgreSQL, whose autovacuum does the job', () => {
    const log = { info: vi.fn(), error: vi.fn() };
    const execute = vi.fn();
    const stop = startStatisticsMaintenance({ kind: 'postgres', db: { execute } as unknown as Database['db'] }, log, 1);
    stop();
    expect(execute).not.toHaveBeenCalled();
  });
});
