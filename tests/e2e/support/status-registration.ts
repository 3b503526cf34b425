import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export type ApiRegistration = {
  kode_pendaftaran: string;
  receipt_token: string;
  nama_toko: string;
  nama_pemilik: string;
  email: string;
  no_hp: string;
};

const REQUIRED_SLOTS = ['foto_usaha', 'foto_produk', 'foto_ktp', 'foto_selfie_ktp', 'foto_kk'] as const;

async function upload(baseUrl: string, slot: string, jpeg: Buffer): Promise<string> {
  const form = new FormData();
  form.append(slot, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${slot}.jpg`);
  const response = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`upload ${slot}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { upload_id: string }).upload_id;
}

/** A registration made as the wizard makes it: five real uploads, then POST /api/registrations. */
export async function registerThroughApi(baseUrl: string): Promise<ApiRegistration> {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2e86c1' } }).jpeg().toBuffer();
  const ids = await Promise.all(REQUIRED_SLOTS.map((slot) => upload(baseUrl, slot, jpeg)));
  const body = {
    nama_toko: 'Warung Sejahtera Lestari',
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
    email: 'Siti.Rahayu@Example.COM',
    alamat_pemilik: 'Jl. Kenanga No. 4, Tebet, Jakarta Selatan',
    nama_bank: 'BCA',
    no_rekening: '1234567890',
    nama_rekening: 'Siti Rahayu',
    consent: true,
    documents: Object.fromEntries(REQUIRED_SLOTS.map((slot, i) => [slot, ids[i]])),
  };
  const response = await fetch(`${baseUrl}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`registration: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { kode_pendaftaran: string; receipt_token: string };
  return {
    kode_pendaftaran: answer.kode_pendaftaran,
    receipt_token: answer.receipt_token,
    nama_toko: body.nama_toko,
    nama_pemilik: body.nama_pemilik,
    email: 'siti.rahayu@example.com',
    no_hp: '+6281355552468',
  };
}
