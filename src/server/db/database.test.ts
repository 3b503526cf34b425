import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

describe('the embedded database on disk', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'aipos-db-open-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a 64 MB buffer cache, so its memory stays under the 512 MB target (docs/performance.md)', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    try {
      const result = await database.db.execute(sql`show shared_buffers`);
      expect((result as unknown as { rows: { shared_buffers: string }[] }).rows[0]?.shared_buffers).toBe('64MB');
    } finally {
      await database.close();
    }
  });
});
