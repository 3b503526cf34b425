import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

export type ApiRegistration = {
  kode_pendaftaran: string;
  receipt_token: string;
  nama_pemilik: string;
  email: string;
};

const REQUIRED_SLOTS = ['foto_usaha', 'foto_produk', 'foto_ktp', 'foto_selfie_ktp', 'foto_kk'] as const;

async function upload(baseUrl: string, slot: string, jpeg: Buffer): Promise<string> {
  const form = new FormData();
  form.append(slot, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${slot}.jpg`);
  const response = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', body: form });
  if (response.status !== 201) throw new Error(`upload ${slot}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { upload_id: string }).upload_id;
}

/** A registration made through the public API, for tests that start from "already sent". */
export async function registerThroughApi(baseUrl: string): Promise<ApiRegistration> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1abc9c' } }).jpeg().toBuffer();
  const ids = await Promise.all(REQUIRED_SLOTS.map((slot) => upload(baseUrl, slot, jpeg)));
  const suffix = randomUUID().slice(0, 8);
  const body = {
    nama_toko: `Toko Uji ${suffix}`,
    kategori_usaha: 'Retail',
    alamat_jalan: 'Jl. Anggrek No. 7, RT 01/RW 02',
    kecamatan: 'Menteng',
    kota_kab: 'Jakarta Pusat',
    provinsi: 'DKI Jakarta',
    kode_pos: '10310',
    tempat_usaha: null,
    omset_per_bulan: 5_000_000,
    nama_pemilik: 'Budi Santoso',
    nik: '3171011203850002',
    no_hp: '081211112222',
    email: `budi.${suffix}@example.com`,
    alamat_pemilik: 'Jl. Anggrek No. 7, Menteng, Jakarta Pusat',
    nama_bank: 'Mandiri',
    no_rekening: '1400012345678',
    nama_rekening: 'Budi Santoso',
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
  return { ...answer, nama_pemilik: body.nama_pemilik, email: body.email };
}
