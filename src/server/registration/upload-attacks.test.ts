import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, crc32, createDeflate } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { storedCounts } from '../../../tests/support/fuzz-kit.js';
import { GENEROUS_LIMITS, makeJpeg, makePdf, makePng, uploadFile } from '../../../tests/support/registration-fixtures.js';
import { uploads } from '../db/schema.js';

/**
 * The upload attack corpus: files that pretend to be something else, polyglots, decompression
 * bombs and hostile names. The type comes from the bytes only; whatever is accepted is stored under a
 * random key (documents/<uuid>.<ext>) as what it really is, and a refused file leaves nothing behind.
 */

const KEY = /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.(jpg|png|pdf)$/;
const EXTENSION = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' } as const;

type Stored = { key: string; contentType: string; originalName: string | null; bytes: Buffer };

/** A PNG chunk: length, type, data, CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
}

/**
 * A valid 8-bit greyscale PNG of width x height, all black: 400 million pixels squeeze into a few hundred
 * KB. Deflated row by row from one reused buffer, so building it costs the test no memory.
 */
async function pngBomb(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(width + 1); // filter byte 0, then zeros
  const deflate = createDeflate({ level: constants.Z_BEST_COMPRESSION });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y += 1) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(chunks)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG with an extra COM (comment) segment right after SOI. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment);
  const segment = Buffer.alloc(4);
  segment[0] = 0xff;
  segment[1] = 0xfe;
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

describe('upload attack corpus', () => {
  let jpeg: Buffer;
  let png: Buffer;
  const pdf = makePdf();
  const t = testAppPerSuite({ env: GENEROUS_LIMITS }, async () => {
    jpeg = await makeJpeg({ width: 120, height: 90 });
    png = await makePng();
  });

  async function stored(uploadId: string): Promise<Stored> {
    const [row] = await t.app.deps.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(row).toBeDefined();
    return {
      key: row!.storageKey,
      contentType: row!.contentType,
      originalName: row!.originalName,
      bytes: readFileSync(path.join(t.filesDir, row!.storageKey)),
    };
  }

  /** Uploads, expects a 201, and checks the stored file is what the answer says, under a random key. */
  async function accepted(slot: string, data: Buffer, filename: string, contentType = 'image/jpeg'): Promise<Stored> {
    const response = await uploadFile(t.app, slot, data, { filename, contentType });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as { upload_id: string; content_type: keyof typeof EXTENSION };
    const file = await stored(body.upload_id);
    expect(file.contentType).toBe(body.content_type);
    expect(file.key).toMatch(KEY);
    expect(file.key.endsWith(`.${EXTENSION[body.content_type]}`)).toBe(true);
    // The stored bytes really are that type, whatever the name and the declared type said.
    expect((await fileTypeFromBuffer(file.bytes))?.mime).toBe(body.content_type);
    return file;
  }

  /** Uploads, expects the given refusal, and checks no row and no file was left behind. */
  async function refused(slot: string, data: Buffer, filename: string, status: number, contentType = 'image/png'): Promise<string> {
    const before = await storedCounts(t);
    const response = await uploadFile(t.app, slot, data, { filename, contentType });
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as { error: { code: string; message: string } };
    expect(body.error.message).toBeTruthy();
    expect(await storedCounts(t)).toEqual(before);
    return body.error.code;
  }

  it('a PDF renamed .jpg: refused for a photo slot, kept as a PDF (never an image) for npwp_file', async () => {
    expect(await refused('foto_ktp', pdf, 'ktp.jpg', 415, 'image/jpeg')).toBe('UNSUPPORTED_FILE_TYPE');
    const file = await accepted('npwp_file', pdf, 'npwp.jpg', 'image/jpeg');
    expect(file.contentType).toBe('application/pdf');
    expect(file.key).toMatch(/\.pdf$/);
    expect(file.bytes.equals(pdf)).toBe(true);
  });

  it('SVG and HTML renamed .png are refused in every slot', async () => {
    const svg = Buffer.from(
      `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`,
    );
    for (const slot of ['foto_usaha', 'npwp_file']) {
      expect(await refused(slot, svg, 'logo.png', 415)).toBe('UNSUPPORTED_FILE_TYPE');
      expect(await refused(slot, Buffer.from(HTML), 'halaman.png', 415)).toBe('UNSUPPORTED_FILE_TYPE');
    }
  });

  it('a JPEG/HTML polyglot is re-encoded: the stored bytes carry no HTML', async () => {
    const trailing = Buffer.concat([jpeg, Buffer.from(HTML)]);
    const inComment = withJpegComment(jpeg, HTML);
    for (const polyglot of [trailing, inComment]) {
      expect(polyglot.includes('<script')).toBe(true);
      const file = await accepted('foto_produk', polyglot, 'produk.jpg');
      expect(file.contentType).toBe('image/jpeg');
      expect(file.bytes.includes('<script')).toBe(false);
      expect(file.bytes.includes('<html')).toBe(false);
    }
  });

  it('a.jpg.php: a real JPEG is stored as a .jpg under a random key; PHP code is refused', async () => {
    const file = await accepted('foto_usaha', jpeg, 'a.jpg.php');
    expect(file.key).not.toContain('php');
    expect(file.originalName).toBe('a.jpg.php');
    expect(await refused('foto_usaha', Buffer.from('<?php system($_GET["c"]); ?>'), 'a.jpg.php', 415, 'application/x-php')).toBe(
      'UNSUPPORTED_FILE_TYPE',
    );
    // Only random document keys exist in the storage folder, never a name the client chose.
    const names = readdirSync(t.filesDir, { recursive: true }) as string[];
    for (const name of names.filter((n) => n.includes('.'))) expect(name.replaceAll(path.sep, '/')).toMatch(KEY);
  });

  it('a truncated JPEG is refused as unreadable', async () => {
    const big = await makeJpeg({ width: 400, height: 300 });
    expect(await refused('foto_kk', big.subarray(0, Math.floor(big.length / 2)), 'kk.jpg', 422, 'image/jpeg')).toBe('UNREADABLE_FILE');
  });

  it('a 20,000 x 20,000 PNG under 1 MB is refused fast, without decoding it', async () => {
    const bomb = await pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refused('foto_selfie_ktp', bomb, 'selfie.png', 422)).toBe('IMAGE_TOO_LARGE');
    const elapsed = performance.now() - started;
    const growth = process.memoryUsage().rss - rssBefore;
    console.log(
      `PNG bomb (${bomb.length} bytes, 400 MP): refused in ${elapsed.toFixed(0)} ms, RSS growth ${(growth / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(elapsed).toBeLessThan(3_000);
    expect(growth).toBeLessThan(100 * 1024 * 1024);
  });

  /**
   * A multipart upload written by hand: FormData percent-escapes CR, LF and quotes in names, an attacker's
   * client does not. `disposition` is the Content-Disposition parameter list after `form-data; `.
   */
  async function rawUpload(slot: string, disposition: string, data: Buffer) {
    const boundary = 'aipos-attack-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${slot}"; ${disposition}\r\nContent-Type: image/png\r\n\r\n`,
        'utf8',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  }

  it('hostile names: stored under random keys, the name kept only as a cleaned label', async () => {
    const cases: { disposition: string; expected: string }[] = [
      { disposition: 'filename="../../../../etc/passwd.jpg"', expected: 'passwd.jpg' },
      { disposition: "filename*=UTF-8''..%2F..%2F..%2Fetc%2Fcron.d%2Fx.jpg", expected: 'x.jpg' },
      { disposition: 'filename="..\\..\\windows\\system32\\foto.jpg"', expected: 'foto.jpg' },
      { disposition: `filename="${'a'.repeat(300)}.jpg"`, expected: 'a'.repeat(255) },
      // U+202E (RIGHT-TO-LEFT OVERRIDE) would make "fotogpj.exe" read "fotoexe.jpg".
      { disposition: "filename*=UTF-8''foto%E2%80%AEgpj.exe", expected: 'fotogpj.exe' },
      { disposition: 'filename="foto\u202egpj.exe"', expected: 'fotogpj.exe' },
    ];
    for (const { disposition, expected } of cases) {
      const response = await rawUpload('foto_ktp', disposition, png);
      expect(response.statusCode, `${disposition}: ${response.body}`).toBe(201);
      const body = response.json() as { upload_id: string; content_type: string };
      expect(body.content_type).toBe('image/png');
      const file = await stored(body.upload_id);
      expect(file.key).toMatch(KEY);
      expect(file.key).toMatch(/\.png$/);
      expect(file.originalName, disposition).toBe(expected);
      expect((await fileTypeFromBuffer(file.bytes))?.mime).toBe('image/png');
    }
    // CR/LF, raw inside the quoted name (it breaks the part's header) or encoded in filename* (busboy
    // drops such a name, so the part is no file at all): refused with nothing stored, or stored with a
    // name without them; never a 5xx, never a path.
    for (const disposition of ['filename="foto\r\nX-Evil: 1.jpg"', "filename*=UTF-8''foto%0D%0AContent-Type%3A%20text%2Fhtml%0D%0A.jpg"]) {
      const before = await storedCounts(t);
      const response = await rawUpload('foto_ktp', disposition, png);
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode === 201) {
        const file = await stored((response.json() as { upload_id: string }).upload_id);
        expect(file.key).toMatch(KEY);
        expect(file.originalName ?? '').not.toMatch(/[\r\n]/);
      } else {
        expect(response.json().error.code).toBeTruthy();
        expect(await storedCounts(t)).toEqual(before);
      }
    }
    // Nothing was written outside the documents/ folder of the test's storage, and only random keys in it.
    const names = readdirSync(t.filesDir, { recursive: true }) as string[];
    for (const name of names) expect(name === 'documents' || KEY.test(name.replaceAll(path.sep, '/')), name).toBe(true);
  });
});
