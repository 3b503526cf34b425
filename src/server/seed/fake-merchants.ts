import { randomUUID } from 'node:crypto';
import { BANKS, BUSINESS_CATEGORIES, MERCHANT_STATUSES, PREMISES, type MerchantStatus } from '../../domain/vocabularies.js';
import { accountNumberHash, nikHash } from '../crypto/identity-fields.js';
import { seal } from '../crypto/sealed.js';
import type { NewMerchantRow } from '../db/schema.js';

/** A small deterministic PRNG (mulberry32): the same seed gives the same merchants, run after run. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  'Budi',
  'Siti',
  'Agus',
  'Dewi',
  'Rina',
  'Andi',
  'Wahyu',
  'Putri',
  'Joko',
  'Ayu',
  'Rudi',
  'Nur',
  'Eko',
  'Indah',
  'Hendra',
  'Lestari',
  'Fajar',
  'Maya',
  'Bayu',
  'Sri',
];
const LAST_NAMES = [
  'Santoso',
  'Wijaya',
  'Saputra',
  'Lestari',
  'Pratama',
  'Hidayat',
  'Kusuma',
  'Nugroho',
  'Siregar',
  'Wibowo',
  'Rahmawati',
  'Setiawan',
  'Halim',
  'Gunawan',
  'Purba',
];
const STORE_WORDS = [
  'Berkah',
  'Jaya',
  'Makmur',
  'Sentosa',
  'Abadi',
  'Mandiri',
  'Sejahtera',
  'Barokah',
  'Lancar',
  'Maju',
  'Sumber Rejeki',
  'Cahaya',
];
const STORE_KINDS = ['Toko', 'Warung', 'Kedai', 'Butik', 'Apotek', 'Bengkel', 'Kios', 'Laundry', 'Salon', 'Kafe'];
const PLACES = [
  { kota: 'Jakarta Selatan', provinsi: 'DKI Jakarta', kecamatan: ['Kebayoran Baru', 'Tebet', 'Cilandak', 'Pancoran'], region: '317401' },
  { kota: 'Bandung', provinsi: 'Jawa Barat', kecamatan: ['Coblong', 'Sukajadi', 'Cicendo', 'Lengkong'], region: '327301' },
  { kota: 'Surabaya', provinsi: 'Jawa Timur', kecamatan: ['Gubeng', 'Tegalsari', 'Wonokromo', 'Rungkut'], region: '357801' },
  { kota: 'Medan', provinsi: 'Sumatera Utara', kecamatan: ['Medan Baru', 'Medan Petisah', 'Medan Kota'], region: '127101' },
  { kota: 'Makassar', provinsi: 'Sulawesi Selatan', kecamatan: ['Panakkukang', 'Tamalate', 'Rappocini'], region: '737101' },
  { kota: 'Denpasar', provinsi: 'Bali', kecamatan: ['Denpasar Barat', 'Denpasar Selatan', 'Denpasar Timur'], region: '517101' },
  { kota: 'Yogyakarta', provinsi: 'DI Yogyakarta', kecamatan: ['Gondokusuman', 'Mergangsan', 'Umbulharjo'], region: '347101' },
];
const STREETS = [
  'Jl. Merdeka',
  'Jl. Sudirman',
  'Jl. Diponegoro',
  'Jl. Gatot Subroto',
  'Jl. Ahmad Yani',
  'Jl. Pahlawan',
  'Jl. Melati',
  'Jl. Kenanga',
];

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function digits(random: () => number, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += Math.floor(random() * 10);
  return out;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

export type FakeMerchantOptions = { index: number; random: () => number; now: Date; status?: MerchantStatus };

/**
 * One realistic merchant: a structurally valid NIK, a +628… phone, a unique seed code (AIP-S + four
 * base-36 characters of the index, so seeds never collide with each other).
 */
export function fakeMerchant({ index, random, now, status }: FakeMerchantOptions): NewMerchantRow {
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  const place = pick(random, PLACES);
  const woman = random() < 0.5;
  const day = 1 + Math.floor(random() * 28);
  const nik = `${place.region}${pad(woman ? day + 40 : day)}${pad(1 + Math.floor(random() * 12))}${pad(60 + Math.floor(random() * 40))}${String(1 + Math.floor(random() * 9998)).padStart(4, '0')}`;
  const store = `${pick(random, STORE_KINDS)} ${pick(random, STORE_WORDS)} ${last}`;
  const submittedAt = new Date(now.getTime() - Math.floor(random() * 365 * 24 * 3600 * 1000));
  let code = '';
  let n = index;
  for (let i = 0; i < 4; i += 1) {
    code = CODE_ALPHABET[n % 36] + code;
    n = Math.floor(n / 36);
  }
  const account = digits(random, 10);
  // Random like the column's default (not from the seeded generator, whose sequence the rows' other
  // values keep): the id is needed here to seal the NIK and account number for this row.
  const id = randomUUID();
  const row: NewMerchantRow = {
    id,
    kodePendaftaran: `AIP-S${code}`,
    namaToko: store,
    kategoriUsaha: pick(random, BUSINESS_CATEGORIES.slice(0, -1)),
    alamatJalan: `${pick(random, STREETS)} No. ${1 + Math.floor(random() * 200)}`,
    kecamatan: pick(random, place.kecamatan),
    kotaKab: place.kota,
    provinsi: place.provinsi,
    kodePos: String(10000 + Math.floor(random() * 89999)),
    tempatUsaha: pick(random, PREMISES),
    omsetPerBulan: 1_000_000 * (1 + Math.floor(random() * 200)),
    namaPemilik: `${first} ${last}`,
    nik: seal(nik, 'merchants', 'nik', id),
    nikHash: nikHash(nik),
    noHp: `+628${digits(random, 9 + Math.floor(random() * 3))}`,
    email: `${first}.${last}${index}@contoh.co.id`.toLowerCase(),
    alamatPemilik: `${pick(random, STREETS)} No. ${1 + Math.floor(random() * 200)}, ${place.kota}`,
    namaBank: pick(random, BANKS),
    noRekening: seal(account, 'merchants', 'no_rekening', id),
    noRekeningHash: accountNumberHash(account),
    namaRekening: `${first} ${last}`.toUpperCase(),
    status: status ?? pick(random, MERCHANT_STATUSES),
    submittedAt,
    queuedAt: submittedAt,
    updatedAt: submittedAt,
  };
  // A decided merchant was first decided 0-5 days after it came in (the dashboard's time-to-decision); from
  // the index, not the PRNG, so every earlier seed keeps its values.
  if (row.status !== 'processing')
    row.firstDecidedAt = new Date(Math.min(now.getTime(), submittedAt.getTime() + (index % 6) * 24 * 3600 * 1000));
  return row;
}
