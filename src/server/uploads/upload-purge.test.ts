import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { GENEROUS_LIMITS, registerMerchant, stageDocument } from '../../../tests/support/registration-fixtures.js';
import { uploads } from '../db/schema.js';
import { purgeInterruptedWrites, purgeStaleUploads, startUploadPurge } from './upload-purge.js';

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-12-01T00:00:00.000Z').getTime();

describe('purging staged uploads', () => {
  let t: TestApp;
  let clock = START;

  beforeAll(async () => {
    t = await buildTestApp({ now: () => new Date(clock), env: GENEROUS_LIMITS });
  });
  afterAll(async () => {
    await t.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];

  it('removes unclaimed uploads older than 24 hours, row and file, and keeps claimed and younger ones', async () => {
    clock = START;
    const abandoned = await stageDocument(t.app, 'foto_ktp');
    const abandonedKey = (await row(abandoned))!.storageKey;
    const registered = await registerMerchant(t.app);
    const claimed = await t.database.db.select().from(uploads).where(eq(uploads.claimedBy, registered.id));
    clock = START + 2 * HOUR;
    const younger = await stageDocument(t.app, 'foto_kk');

    clock = START + 24 * HOUR;
    expect(await purgeStaleUploads(t.app.deps)).toBe(0);
    expect(await row(abandoned)).toBeDefined();

    clock = START + 24 * HOUR + 1000;
    expect(await purgeStaleUploads(t.app.deps)).toBe(1);
    expect(await row(abandoned)).toBeUndefined();
    expect(await t.storage.exists(abandonedKey)).toBe(false);
    expect(await row(younger)).toBeDefined();
    expect(claimed).toHaveLength(5);
    for (const upload of claimed) {
      expect(await row(upload.id)).toBeDefined();
      expect(await t.storage.exists(upload.storageKey)).toBe(true);
    }
  });

  it('runs on its timer once the clock has moved past 24 hours, and stops', async () => {
    clock = START - 25 * HOUR;
    const older = await stageDocument(t.app, 'foto_produk');
    clock = START;
    const id = await stageDocument(t.app, 'foto_usaha');
    clock = START + HOUR;
    const stop = startUploadPurge(t.app, 20);
    try {
      // A purge has run at START + 1 h once the day-old upload is gone; the hour-old one was kept by it.
      await expect.poll(() => row(older), { timeout: 5000 }).toBeUndefined();
      expect(await row(id)).toBeDefined();
      clock = START + 25 * HOUR;
      await expect.poll(() => row(id), { timeout: 5000 }).toBeUndefined();
    } finally {
      stop();
    }
  });

  it('removes files a crash left half-written an hour ago, and nothing else', async () => {
    clock = Date.now();
    const kept = await stageDocument(t.app, 'foto_produk');
    const keptKey = (await row(kept))!.storageKey;
    const documents = path.join(t.filesDir, 'documents');
    const stale = path.join(documents, `${randomUUID()}.jpg.0a1b2c3d4e5f.tmp`);
    const fresh = path.join(documents, `${randomUUID()}.jpg.abcdefabcdef.tmp`);
    writeFileSync(stale, 'half a KTP');
    writeFileSync(fresh, 'a write in progress');
    const twoHoursAgo = new Date(clock - 2 * HOUR);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);

    expect(await purgeInterruptedWrites(t.app.deps)).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(await t.storage.exists(keptKey)).toBe(true);
    expect(readdirSync(documents).filter((name) => name.endsWith('.tmp'))).toEqual([path.basename(fresh)]);
  });
});
