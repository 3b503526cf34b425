import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { makeJpeg, makePdf, makePng, multipartBody, padJpeg, uploadFile } from '../../../tests/support/registration-fixtures.js';
import { MAX_UPLOAD_BYTES } from '../../domain/document-slots.js';
import { uploads } from '../db/schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True when an EXIF block holds the GPS IFD pointer (tag 0x8825, either byte order). */
function hasGpsPointer(exif: Buffer | undefined): boolean {
  return Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));
}

describe('POST /api/uploads', () => {
  const t = testAppPerSuite();

  async function storedRow(uploadId: string) {
    const rows = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    return rows[0];
  }

  it('stages a JPEG: 201 with the contract, a private row and the bytes in storage under a random key', async () => {
    const jpeg = await makeJpeg();
    const response = await uploadFile(t.app, 'foto_ktp', jpeg, { filename: 'ktp saya.jpg' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['content_type', 'kualitas', 'size', 'slot', 'upload_id']);
    expect(body).toMatchObject({ slot: 'foto_ktp', content_type: 'image/jpeg' });
    expect(body.upload_id).toMatch(UUID);

    const row = await storedRow(body.upload_id);
    expect(row).toMatchObject({
      slot: 'foto_ktp',
      contentType: 'image/jpeg',
      size: body.size,
      originalName: 'ktp saya.jpg',
      claimedBy: null,
    });
    expect(row!.storageKey).toMatch(/^documents\/[0-9a-f-]{36}\.jpg$/);
    expect(row!.storageKey).not.toContain('ktp');
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await t.storage.get(row!.storageKey);
    expect(stored?.length).toBe(body.size);
    expect((await sharp(stored!).metadata()).format).toBe('jpeg');
  });

  it('stages a PNG as PNG', async () => {
    const response = await uploadFile(t.app, 'foto_usaha', await makePng(), { filename: 'toko.png', contentType: 'image/png' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ slot: 'foto_usaha', content_type: 'image/png' });
    const row = await storedRow(response.json().upload_id);
    expect(row!.storageKey).toMatch(/\.png$/);
    expect((await sharp((await t.storage.get(row!.storageKey))!).metadata()).format).toBe('png');
  });

  it('accepts a file of exactly 3145728 bytes', async () => {
    const file = padJpeg(await makeJpeg(), MAX_UPLOAD_BYTES);
    expect(file.length).toBe(3145728);
    const response = await uploadFile(t.app, 'foto_produk', file);
    expect(response.statusCode).toBe(201);
    // Re-encoding drops the padding: what is stored is the clean image.
    expect(response.json().size).toBeLessThan(10_000);
  });

  it('refuses one byte more with 413 and the SPEC text, storing nothing', async () => {
    const before = await t.database.db.select().from(uploads);
    const response = await uploadFile(t.app, 'foto_produk', padJpeg(await makeJpeg(), MAX_UPLOAD_BYTES + 1));
    expectRefusal(response, 413, { code: 'FILE_TOO_LARGE', message: 'Ukuran file maksimal 3MB' });
    expect(await t.database.db.select().from(uploads)).toHaveLength(before.length);
  });

  it('refuses a body declared far larger than one file before reading it', async () => {
    const response = await uploadFile(t.app, 'foto_produk', padJpeg(await makeJpeg(), 5 * 1024 * 1024));
    expectRefusal(response, 413, { code: 'FILE_TOO_LARGE', message: 'Ukuran file maksimal 3MB' });
  });

  it('decides the type from the bytes: a text file named .jpg and declared image/jpeg is refused with 415', async () => {
    const response = await uploadFile(t.app, 'foto_ktp', Buffer.from('ini bukan gambar, hanya teks biasa\n'), {
      filename: 'ktp.jpg',
      contentType: 'image/jpeg',
    });
    expectRefusal(response, 415, { code: 'UNSUPPORTED_FILE_TYPE', message: 'Format file harus JPG atau PNG', field: 'foto_ktp' });
  });

  it('accepts a real JPEG whatever its name and declared type', async () => {
    const response = await uploadFile(t.app, 'foto_kk', await makeJpeg(), { filename: 'kk.txt', contentType: 'text/plain' });
    expect(response.statusCode).toBe(201);
    expect(response.json().content_type).toBe('image/jpeg');
  });

  it('refuses other image formats (WebP, GIF) with 415', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const file of [webp, gif]) {
      const response = await uploadFile(t.app, 'foto_selfie_ktp', file, { filename: 'selfie.jpg' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error.message).toBe('Format file harus JPG atau PNG');
    }
  });

  it('accepts a PDF for npwp_file and siup_nib_file, stored as sent', async () => {
    const pdf = makePdf();
    for (const slot of ['npwp_file', 'siup_nib_file']) {
      const response = await uploadFile(t.app, slot, pdf, { filename: 'npwp.pdf', contentType: 'application/pdf' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ slot, content_type: 'application/pdf', size: pdf.length });
      const row = await storedRow(response.json().upload_id);
      expect(row!.storageKey).toMatch(/\.pdf$/);
      expect((await t.storage.get(row!.storageKey))?.equals(pdf)).toBe(true);
    }
  });

  it('refuses a PDF for foto_ktp with the photo text, and a text file for NPWP with the PDF-aware text', async () => {
    const photo = await uploadFile(t.app, 'foto_ktp', makePdf(), { filename: 'ktp.pdf', contentType: 'application/pdf' });
    expectRefusal(photo, 415, { code: 'UNSUPPORTED_FILE_TYPE', message: 'Format file harus JPG atau PNG', field: 'foto_ktp' });
    const npwp = await uploadFile(t.app, 'npwp_file', Buffer.from('teks'), { filename: 'npwp.pdf', contentType: 'application/pdf' });
    expectRefusal(npwp, 415, {
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Format file harus JPG, PNG atau PDF',
      field: 'npwp_file',
    });
  });

  it('stores a JPEG with GPS EXIF without any EXIF', async () => {
    const original = await makeJpeg({ gps: true });
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(hasGpsPointer(before.exif)).toBe(true);

    const response = await uploadFile(t.app, 'foto_usaha', original);
    expect(response.statusCode).toBe(201);
    const stored = await t.storage.get((await storedRow(response.json().upload_id))!.storageKey);
    const after = await sharp(stored!).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.width).toBe(before.width);
    expect(stored!.includes(Buffer.from('AIPOS Test Camera'))).toBe(false);
  });

  it('applies the EXIF orientation before dropping it', async () => {
    // 64x48 marked "rotate 90°": stored upright as 48x64.
    const rotated = await sharp(await makeJpeg({ width: 64, height: 48 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const response = await uploadFile(t.app, 'foto_produk', rotated);
    expect(response.statusCode).toBe(201);
    const stored = await t.storage.get((await storedRow(response.json().upload_id))!.storageKey);
    const meta = await sharp(stored!).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([48, 64, undefined]);
  });

  it('refuses a truncated or corrupt image with 422, never 500', async () => {
    const jpeg = await makeJpeg({ width: 300, height: 200 });
    const truncated = await uploadFile(t.app, 'foto_ktp', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    expectRefusal(truncated, 422, {
      code: 'UNREADABLE_FILE',
      message: 'File tidak dapat dibaca. Pastikan file tidak rusak, lalu upload ulang.',
      field: 'foto_ktp',
    });
    const png = await makePng({ width: 300, height: 200 });
    const corrupt = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 0x41)]);
    const response = await uploadFile(t.app, 'foto_ktp', corrupt, { contentType: 'image/png' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('UNREADABLE_FILE');
  });

  it('refuses a decompression bomb by its declared pixels with 422', async () => {
    // 10000 x 10000 of one colour: a PNG of a few hundred KB that would decode to 400 MB.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(3_145_728);
    const response = await uploadFile(t.app, 'foto_usaha', bomb, { contentType: 'image/png' });
    expectRefusal(response, 422, {
      code: 'IMAGE_TOO_LARGE',
      message: 'Resolusi gambar terlalu besar. Kecilkan gambar, lalu upload ulang.',
      field: 'foto_usaha',
    });
  });

  it('refuses an unknown slot, a missing file, two files and a non-multipart body with clear 4xx', async () => {
    const jpeg = await makeJpeg();
    const unknown = await uploadFile(t.app, 'foto_rumah', jpeg);
    expectRefusal(unknown, 400, { code: 'UNKNOWN_SLOT', message: 'Jenis dokumen tidak dikenal' });

    const proto = await uploadFile(t.app, '__proto__', jpeg);
    expect(proto.statusCode).toBe(400);

    const fieldsOnly = await multipartBody([{ name: 'catatan', value: 'tanpa file' }]);
    const none = await t.app.inject({ method: 'POST', url: '/api/uploads', ...fieldsOnly });
    expectRefusal(none, 400, { code: 'NO_FILE', message: 'Pilih file yang akan diupload' });

    const two = await multipartBody([
      { name: 'foto_ktp', data: jpeg, filename: 'a.jpg' },
      { name: 'foto_kk', data: jpeg, filename: 'b.jpg' },
    ]);
    const twoFiles = await t.app.inject({ method: 'POST', url: '/api/uploads', ...two });
    expectRefusal(twoFiles, 400, { code: 'TOO_MANY_FILES', message: 'Kirim satu file untuk setiap upload' });

    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: { foto_ktp: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error.message).toBe('File harus dikirim sebagai multipart/form-data');

    const cut = await multipartBody([{ name: 'foto_ktp', data: jpeg, filename: 'a.jpg' }]);
    const truncatedBody = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: cut.headers,
      payload: cut.payload.subarray(0, cut.payload.length - 60),
    });
    expect(truncatedBody.statusCode).toBeGreaterThanOrEqual(400);
    expect(truncatedBody.statusCode).toBeLessThan(500);

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('never serves the stored files: no public path reaches them', async () => {
    const response = await uploadFile(t.app, 'foto_ktp', await makeJpeg());
    const row = await storedRow(response.json().upload_id);
    for (const url of [`/${row!.storageKey}`, `/files/${row!.storageKey}`, `/api/${row!.storageKey}`]) {
      const get = await t.app.inject({ method: 'GET', url });
      expect(get.statusCode).toBe(404);
    }
    // The upload's own address answers whether a draft may still use it (decision 0021): its metadata, never its bytes.
    const own = await t.app.inject({ method: 'GET', url: `/api/uploads/${response.json().upload_id}` });
    expect(own.headers['content-type']).toMatch(/^application\/json/);
    expect(own.json()).toEqual(response.json());
  });
});

describe('POST /api/uploads rate limit', () => {
  it('answers 429 in Indonesian after RATE_LIMIT_UPLOADS_PER_HOUR uploads from one IP', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_UPLOADS_PER_HOUR: '3' } });
    try {
      const jpeg = await makeJpeg();
      for (let i = 0; i < 3; i += 1) expect((await uploadFile(t.app, 'foto_ktp', jpeg)).statusCode).toBe(201);
      const limited = await uploadFile(t.app, 'foto_ktp', jpeg);
      expectRefusal(limited, 429, { code: 'RATE_LIMITED', message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.' });
      // Another address still gets through.
      const body = await multipartBody([{ name: 'foto_ktp', data: jpeg, filename: 'a.jpg' }]);
      const other = await t.app.inject({ method: 'POST', url: '/api/uploads', remoteAddress: '10.0.0.9', ...body });
      expect(other.statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/uploads: the cap on staged bytes', () => {
  it('answers 503 in Indonesian once STAGED_UPLOADS_MAX_MB would be passed, storing nothing; a claimed or purged upload frees room', async () => {
    const t = await buildTestApp({ env: { STAGED_UPLOADS_MAX_MB: '1' } });
    try {
      // A noisy photo stays a few hundred KB after re-encoding: a few fit under 1 MB, then no more.
      const file = await sharp({
        create: {
          width: 500,
          height: 500,
          channels: 3,
          background: { r: 0, g: 0, b: 0 },
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
      const accepted: number[] = [];
      let refused: Awaited<ReturnType<typeof uploadFile>> | null = null;
      for (let i = 0; i < 10 && !refused; i += 1) {
        const response = await uploadFile(t.app, 'foto_usaha', file);
        if (response.statusCode === 201) accepted.push(response.json().size);
        else refused = response;
      }
      expect(accepted.length).toBeGreaterThan(0);
      expect(refused?.statusCode).toBe(503);
      expect(refused?.json()).toEqual({
        error: {
          code: 'STAGING_FULL',
          message: 'Penyimpanan dokumen sementara sedang penuh. Silakan coba unggah lagi beberapa saat lagi.',
        },
      });
      const staged = await t.database.db.select().from(uploads);
      expect(staged).toHaveLength(accepted.length);
      expect(accepted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1024 * 1024);
      // Room again once the staged rows are gone (the 24-hour purge, or a registration claiming them).
      await t.database.db.delete(uploads);
      expect((await uploadFile(t.app, 'foto_usaha', file)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
