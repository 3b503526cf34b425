import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { makePdf, uploadFile } from '../../../tests/support/registration-fixtures.js';
import { uploads } from '../db/schema.js';
import { uploadBufferPool } from './upload-buffers.js';

describe('uploadBufferPool', () => {
  it('lends each slot to one use at a time, none past the last slot, and takes a slot back when its use fails', async () => {
    const pool = uploadBufferPool(2, 16);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: (Buffer | null)[] = [];
    const first = pool.withLease(async (buffer) => {
      seen.push(buffer);
      await held;
    });
    const second = pool.withLease(async (buffer) => {
      seen.push(buffer);
      await held;
    });
    await pool.withLease(async (buffer) => {
      expect(buffer).toBeNull();
    });
    expect(pool.free()).toBe(0);
    expect(seen[0]).not.toBe(seen[1]);
    expect(seen.map((buffer) => buffer?.length)).toEqual([16, 16]);
    release();
    await Promise.all([first, second]);
    expect(pool.free()).toBe(2);

    await expect(
      pool.withLease(async () => {
        throw new Error('use failed');
      }),
    ).rejects.toThrow('use failed');
    expect(pool.free()).toBe(2);
    // A slot comes back as it was lent: the same memory, reused.
    await pool.withLease(async (buffer) => expect([seen[0], seen[1]]).toContain(buffer));
  });
});

describe('uploads read into kept buffers', () => {
  const t = testAppPerSuite();

  /** A PDF (kept byte for byte as sent) of about `size` bytes, unlike any other. */
  function distinctPdf(size: number): Buffer {
    const marker = `\n% ${randomBytes(8).toString('hex')} `;
    return Buffer.concat([makePdf(), Buffer.from(marker + 'x'.repeat(Math.max(0, size - marker.length)) + '\n')]);
  }

  async function uploadAll(files: Buffer[]) {
    const responses = await Promise.all(
      files.map((file) => uploadFile(t.app, 'npwp_file', file, { filename: 'npwp.pdf', contentType: 'application/pdf' })),
    );
    for (const [index, response] of responses.entries()) {
      expect(response.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, response.json().upload_id));
      // Every upload stores its own bytes: a kept buffer reused by a later, smaller or concurrent upload
      // never shows through.
      expect((await t.storage.get(row!.storageKey))?.equals(files[index]!)).toBe(true);
      expect(row!.size).toBe(files[index]!.length);
    }
  }

  it('stores each of more uploads at once than there are kept buffers as sent, and then smaller ones in the same buffers', async () => {
    await uploadAll(Array.from({ length: 12 }, (_, i) => distinctPdf(200_000 + i * 10_000)));
    await uploadAll(Array.from({ length: 12 }, (_, i) => distinctPdf(1_000 + i * 500)));
  });
});
