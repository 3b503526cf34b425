import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export const REQUIRED_SLOTS = ['foto_usaha', 'foto_produk', 'foto_ktp', 'foto_selfie_ktp', 'foto_kk'] as const;

/** What the applicant holds after a 201: the public answer carries no internal id, only the code. */
export type Registered = { kode_pendaftaran: string; receipt_token: string; idempotencyKey: string };

/** A photo as a phone makes it: noise keeps sharp busy for a while, so a kill often lands mid-upload. */
export async function makeNoisyJpeg(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function makeSmallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
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

async function upload(baseUrl: string, slot: string, jpeg: Buffer): Promise<string> {
  const form = new FormData();
  form.append(slot, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${slot}.jpg`);
  const response = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form });
  if (response.status !== 201) throw new UnexpectedStatus(response.status, `upload ${slot}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { upload_id: string }).upload_id;
}

/** The registration body the wizard sends; `tag` makes each applicant's shop name distinct. */
export function registrationBody(tag: string, documents: Record<string, string>): Record<string, unknown> {
  return {
    nama_toko: `Warung Uji ${tag}`,
    kategori_usaha: 'Sembako',
    alamat_jalan: 'Jl. Melati No. 12, RT 03/RW 05',
    kecamatan: 'Tebet',
    kota_kab: 'Jakarta Selatan',
    provinsi: 'DKI Jakarta',
    kode_pos: '12810',
    tempat_usaha: 'Sewa',
    omset_per_bulan: 15_000_000,
    nama_pemilik: 'Siti Rahayu',
    nik: '3174015503900001',
    no_hp: '0813-5555-2468',
    email: 'siti.rahayu@example.com',
    alamat_pemilik: 'Jl. Kenanga No. 4, Tebet, Jakarta Selatan',
    nama_bank: 'BCA',
    no_rekening: '1234567890',
    nama_rekening: 'Siti Rahayu',
    consent: true,
    documents,
  };
}

/**
 * One applicant: five uploads in parallel, as the wizard does, then the submission. Resolves with the
 * 201's registration; rejects with UnexpectedStatus or the network error (a killed server).
 */
export async function registerOnce(baseUrl: string, tag: string, jpeg: Buffer, onKey?: (key: string) => void): Promise<Registered> {
  const ids = await Promise.all(REQUIRED_SLOTS.map((slot) => upload(baseUrl, slot, jpeg)));
  const idempotencyKey = randomUUID();
  onKey?.(idempotencyKey);
  const response = await fetch(`${baseUrl}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(registrationBody(tag, Object.fromEntries(REQUIRED_SLOTS.map((slot, i) => [slot, ids[i]!])))),
  });
  if (response.status !== 201) throw new UnexpectedStatus(response.status, `registration: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { kode_pendaftaran: string; receipt_token: string };
  return { kode_pendaftaran: answer.kode_pendaftaran, receipt_token: answer.receipt_token, idempotencyKey };
}
