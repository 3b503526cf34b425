import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { DocumentSlot } from '../../src/domain/document-slots.js';
import type { RegistrationResponse } from '../../src/domain/registration.js';
// The app's declaration of `app.deps` (a type-only import: nothing of the app runs here).
import type {} from '../../src/server/app-deps.js';
import { merchants } from '../../src/server/db/schema.js';

/**
 * Test data for registrations, the one set every suite uses: real images made with sharp, multipart bodies
 * built by the platform's FormData, the wizard's registration body, and a whole registration either through
 * app.inject (`registerMerchant`, API suites) or over HTTP against a started server (`registerOverHttp`,
 * browser, budget and fault suites).
 */

/**
 * buildTestApp({ env: GENEROUS_LIMITS }) for suites that register many merchants: the default per-IP
 * limits (20 registrations, 200 uploads an hour) would answer 429 and every inject comes from 127.0.0.1.
 */
export const GENEROUS_LIMITS = { RATE_LIMIT_REGISTRATIONS_PER_HOUR: '100000', RATE_LIMIT_UPLOADS_PER_HOUR: '100000' } as const;

export type ImageOptions = { width?: number; height?: number; color?: string; gps?: boolean };

/** A real JPEG; with `gps`, its EXIF carries a GPS position (Jakarta) the server must strip. */
export async function makeJpeg(options: ImageOptions = {}): Promise<Buffer> {
  const image = sharp({
    create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background: options.color ?? '#c0392b' },
  }).jpeg();
  if (options.gps) {
    image.withExif({
      IFD0: { Make: 'AIPOS Test Camera' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 30/1', GPSLongitudeRef: 'E', GPSLongitude: '106/1 49/1 0/1' },
    });
  }
  return image.toBuffer();
}

/** A photo as a phone makes it: noise keeps sharp busy for a while, so a kill often lands mid-upload. */
export async function makeNoisyJpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function makePng(options: ImageOptions = {}): Promise<Buffer> {
  return sharp({
    create: { width: options.width ?? 64, height: options.height ?? 48, channels: 4, background: options.color ?? '#2980b9' },
  })
    .png()
    .toBuffer();
}

/** A small well-formed PDF (one empty page). */
export function makePdf(): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object) => {
    const offset = body.length;
    body += object;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const MAX_SEGMENT = 65537; // marker (2) + length field's largest value (65535, which counts itself)

/** The JPEG grown to exactly `totalBytes` with comment segments after SOI: still a valid image. */
export function padJpeg(jpeg: Buffer, totalBytes: number): Buffer {
  let extra = totalBytes - jpeg.length;
  if (extra !== 0 && extra < 4) throw new Error('padJpeg needs 0 or at least 4 extra bytes');
  const segments: Buffer[] = [];
  while (extra > 0) {
    let size = Math.min(extra, MAX_SEGMENT);
    // A segment is at least 4 bytes: never leave 1-3 bytes for the last one.
    if (extra - size > 0 && extra - size < 4) size -= 4;
    const segment = Buffer.alloc(size, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(size - 2, 2);
    segments.push(segment);
    extra -= size;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

export type FilePart = { name: string; data: Buffer; filename?: string; contentType?: string };
export type FieldPart = { name: string; value: string };

/** A multipart/form-data body as a browser sends it. */
export async function multipartBody(parts: (FilePart | FieldPart)[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else
      form.append(
        part.name,
        new Blob([new Uint8Array(part.data)], { type: part.contentType ?? 'application/octet-stream' }),
        part.filename ?? 'file.bin',
      );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** POST /api/uploads with one file under the slot's field name. */
export async function uploadFile(
  app: FastifyInstance,
  slot: DocumentSlot | string,
  data: Buffer,
  options: { filename?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = await multipartBody([
    { name: slot, data, filename: options.filename ?? 'dokumen.jpg', contentType: options.contentType ?? 'image/jpeg' },
  ]);
  return app.inject({ method: 'POST', url: '/api/uploads', ...body });
}

/** Uploads one file and returns its upload_id; throws with the server's answer when it is not a 201. */
export async function stageDocument(app: FastifyInstance, slot: DocumentSlot, data?: Buffer): Promise<string> {
  const response = await uploadFile(app, slot, data ?? (await makeJpeg()));
  if (response.statusCode !== 201) throw new Error(`upload ${slot} failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { upload_id: string }).upload_id;
}

export type RegistrationDocumentIds = Partial<Record<DocumentSlot, string | null>>;

export const REQUIRED_SLOTS = [
  'foto_usaha',
  'foto_produk',
  'foto_ktp',
  'foto_selfie_ktp',
  'foto_kk',
] as const satisfies readonly DocumentSlot[];

export type RequiredSlot = (typeof REQUIRED_SLOTS)[number];

/** The five required documents staged: what `photoFor` makes for a slot (called in slot order), else a small JPEG. */
export async function stageRequiredDocuments(
  app: FastifyInstance,
  photoFor?: (slot: RequiredSlot, index: number) => Buffer | Promise<Buffer> | undefined,
): Promise<RegistrationDocumentIds> {
  const ids = await Promise.all(REQUIRED_SLOTS.map(async (slot, i) => stageDocument(app, slot, await photoFor?.(slot, i))));
  return Object.fromEntries(REQUIRED_SLOTS.map((slot, i) => [slot, ids[i]]));
}

/** The applicant every suite registers: the wizard's fields as sent (phone and e-mail as typed). */
export const APPLICANT = {
  nama_toko: 'Warung Sejahtera',
  kategori_usaha: 'Sembako',
  alamat_jalan: 'Jl. Melati No. 12, RT 03/RW 05',
  kecamatan: 'Tebet',
  kota_kab: 'Jakarta Selatan',
  provinsi: 'DKI Jakarta',
  kode_pos: '12810',
  tempat_usaha: 'Sewa',
  omset_per_bulan: 15_000_000,
  nama_pemilik: 'Siti Rahayu',
  // Woman born 15 March 1990: day 15 + 40.
  nik: '3174015503900001',
  no_hp: '0812-3456-7890',
  email: ' Siti.Rahayu@Example.COM ',
  alamat_pemilik: 'Jl. Kenanga No. 4, Tebet, Jakarta Selatan',
  nama_bank: 'BCA',
  no_rekening: '1234567890',
  nama_rekening: 'Siti Rahayu',
} as const;

/** A valid body for POST /api/registrations, as the wizard sends it. */
export function registrationBody(documents: RegistrationDocumentIds, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...APPLICANT, consent: true, documents, ...overrides };
}

export function postRegistration(
  app: FastifyInstance,
  body: unknown,
  idempotencyKey: string | null = randomUUID(),
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/registrations',
    payload: body as Record<string, unknown>,
    headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey },
  });
}

export type RegisteredMerchant = RegistrationResponse & {
  /** The merchant's internal id, read from the database: the public answer does not carry it. */
  id: string;
  /** The body that was sent, so a test can look the merchant up by e-mail and phone. */
  body: Record<string, unknown>;
  idempotencyKey: string;
};

/**
 * A whole public registration: five real uploads (or the `documents` already staged), then the POST.
 * `overrides` replace body fields.
 */
export async function registerMerchant(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  documents?: RegistrationDocumentIds,
): Promise<RegisteredMerchant> {
  const body = registrationBody(documents ?? (await stageRequiredDocuments(app)), overrides);
  const idempotencyKey = randomUUID();
  const response = await postRegistration(app, body, idempotencyKey);
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  const answer = response.json() as RegistrationResponse;
  return { ...answer, id: await merchantIdOf(app, answer.kode_pendaftaran), body, idempotencyKey };
}

/** The internal id behind a registration code (tests address admin routes by it). */
export async function merchantIdOf(app: FastifyInstance, kode: string): Promise<string> {
  const [row] = await app.deps.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.kodePendaftaran, kode));
  if (!row) throw new Error(`no merchant ${kode}`);
  return row.id;
}

/** An HTTP answer that was not the one expected; `status` lets callers tell a 5xx from a refusal. */
export class UnexpectedStatus extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The applicant the status page and the admin list are searched for in browser tests: e-mail and phone
 * as the server stores them, so the values sent are the values shown.
 */
export const LOOKUP_APPLICANT = {
  nama_toko: 'Warung Sejahtera Lestari',
  no_hp: '+6281355552468',
  email: 'siti.rahayu@example.com',
} as const;

export type HttpRegistration = {
  kode_pendaftaran: string;
  receipt_token: string;
  idempotencyKey: string;
  nama_toko: string;
  nama_pemilik: string;
  /** As sent: pass the stored form in `overrides` where a test looks for it on screen. */
  email: string;
  no_hp: string;
};

async function uploadOverHttp(baseUrl: string, slot: DocumentSlot, jpeg: Buffer): Promise<string> {
  const form = new FormData();
  form.append(slot, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${slot}.jpg`);
  const response = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form });
  if (response.status !== 201) throw new UnexpectedStatus(response.status, `upload ${slot}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { upload_id: string }).upload_id;
}

/**
 * A whole public registration against a started server, as the wizard makes it: five uploads in
 * parallel, then POST /api/registrations. Rejects with UnexpectedStatus, or the network error of a
 * killed server; `onKey` hears the idempotency key before the POST leaves.
 */
export async function registerOverHttp(
  baseUrl: string,
  options: { overrides?: Record<string, unknown>; jpeg?: Buffer; onKey?: (key: string) => void } = {},
): Promise<HttpRegistration> {
  const jpeg = options.jpeg ?? (await makeJpeg());
  const ids = await Promise.all(REQUIRED_SLOTS.map((slot) => uploadOverHttp(baseUrl, slot, jpeg)));
  const body = registrationBody(Object.fromEntries(REQUIRED_SLOTS.map((slot, i) => [slot, ids[i]])), options.overrides);
  const idempotencyKey = randomUUID();
  options.onKey?.(idempotencyKey);
  const response = await fetch(`${baseUrl}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new UnexpectedStatus(response.status, `registration: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as RegistrationResponse;
  const text = (field: string) => String(body[field]);
  return {
    kode_pendaftaran: answer.kode_pendaftaran,
    receipt_token: answer.receipt_token,
    idempotencyKey,
    nama_toko: text('nama_toko'),
    nama_pemilik: text('nama_pemilik'),
    email: text('email'),
    no_hp: text('no_hp'),
  };
}
