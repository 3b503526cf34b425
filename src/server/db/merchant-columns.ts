import { DOCUMENT_SLOTS, type DocumentSlot } from '../../domain/document-slots.js';
import { maskAccountForAdmin, maskNikForAdmin } from '../../domain/masking.js';
import type { MerchantDetail, MerchantListItem } from '../../domain/merchants.js';
import { decodeNik, provinceDiffers } from '../../domain/nik-structure.js';
import { defaultMcc, deriveKotaQris, deriveNamaQris, kriteriaUsaha, type MccCode } from '../../domain/qris.js';
import type { BankStep, OwnerStep, StoreStep } from '../../domain/registration.js';
import type { ClaimHolder } from '../../domain/review-claims.js';
import { normalizeStatus } from '../../domain/vocabularies.js';
import { slaState } from '../../domain/workbench.js';
import { accountNumberHash, nikHash } from '../crypto/identity-fields.js';
import { seal, unseal } from '../crypto/sealed.js';
import type { MerchantRow, NewMerchantRow } from './schema.js';

/** The merchant columns holding each slot's storage key. */
export const SLOT_COLUMNS = {
  foto_ktp: 'fotoKtp',
  foto_selfie_ktp: 'fotoSelfieKtp',
  foto_kk: 'fotoKk',
  foto_usaha: 'fotoUsaha',
  foto_produk: 'fotoProduk',
  npwp_file: 'npwpFile',
  siup_nib_file: 'siupNibFile',
} as const satisfies Record<DocumentSlot, keyof MerchantRow>;

/** What a list item or detail adds to the row: computed by the repository (working days, duplicate probe). */
export type WorkbenchFacts = {
  ageWorkingDays: number | null;
  hasDuplicates: boolean;
  bankChangedByApplicant?: boolean;
  checkWarnings?: number;
  review?: ReviewFacts;
};
/** Who holds the case now (a live claim) and the e-mail of the admin whose first 'verified' waits. */
export type ReviewFacts = { holder: ClaimHolder; firstApprover: string | null };
const NO_FACTS: WorkbenchFacts = { ageWorkingDays: null, hasDuplicates: false };

export function toListItem(row: MerchantRow, facts: WorkbenchFacts = NO_FACTS): MerchantListItem {
  const age = row.status === 'processing' ? facts.ageWorkingDays : null;
  return {
    id: row.id,
    kode_pendaftaran: row.kodePendaftaran,
    nama_toko: row.namaToko,
    nama_pemilik: row.namaPemilik,
    no_hp: row.noHp,
    email: row.email,
    kota_kab: row.kotaKab,
    provinsi: row.provinsi,
    status: normalizeStatus(row.status),
    submitted_at: row.submittedAt.toISOString(),
    age_working_days: age,
    sla: age === null ? null : slaState(age),
    has_duplicates: facts.hasDuplicates,
    ...(facts.checkWarnings === undefined ? {} : { check_warnings: facts.checkWarnings }),
    diklaim_oleh: facts.review?.holder ?? null,
    persetujuan_kedua: { menunggu: row.persetujuanPertamaAt !== null, oleh: facts.review?.firstApprover ?? null },
  };
}

/** The merchant's NIK in clear: only where it is shown, compared or exported, never stored elsewhere. */
export const merchantNik = (row: Pick<MerchantRow, 'id' | 'nik'>): string => unseal(row.nik, 'merchants', 'nik', row.id);
export const merchantAccountNumber = (row: Pick<MerchantRow, 'id' | 'noRekening'>): string =>
  unseal(row.noRekening, 'merchants', 'no_rekening', row.id);

/** A profile column's value in clear (the NIK and account number opened), for comparisons and audit diffs. */
export function profileValue(row: MerchantRow, column: keyof MerchantRow): unknown {
  if (column === 'nik') return merchantNik(row);
  if (column === 'noRekening') return merchantAccountNumber(row);
  return row[column];
}

export function toDetail(row: MerchantRow, facts: WorkbenchFacts = NO_FACTS): MerchantDetail {
  const decoded = decodeNik(merchantNik(row));
  const documents = Object.fromEntries(
    DOCUMENT_SLOTS.map((slot) => [slot, Boolean(row[SLOT_COLUMNS[slot]])]),
  ) as MerchantDetail['documents'];
  return {
    ...toListItem(row, facts),
    kategori_usaha: row.kategoriUsaha,
    alamat_jalan: row.alamatJalan,
    kecamatan: row.kecamatan,
    kode_pos: row.kodePos,
    tempat_usaha: row.tempatUsaha,
    omset_per_bulan: row.omsetPerBulan,
    // Masked by default (UU PDP): the clear value is revealed one field at a time, audited.
    nik: maskNikForAdmin(merchantNik(row)),
    alamat_pemilik: row.alamatPemilik,
    nama_bank: row.namaBank,
    no_rekening: maskAccountForAdmin(merchantAccountNumber(row)),
    nama_rekening: row.namaRekening,
    catatan_admin: row.catatanAdmin,
    updated_at: row.updatedAt.toISOString(),
    documents,
    // Birth date and sex only with the reveal: with the masked last four they nearly rebuild the NIK.
    nik_check: {
      province_code: decoded.province_code,
      province_name: decoded.province_name,
      problems: decoded.problems,
      province_mismatch: provinceDiffers(decoded, row.provinsi),
    },
    ...qrisData(row),
    rekening_diubah_sejak_pengajuan: facts.bankChangedByApplicant ?? false,
    peringatan_foto: row.peringatanFoto,
  };
}

export type QrisData = Pick<MerchantDetail, 'kriteria_usaha' | 'mcc' | 'nama_qris' | 'kota_qris'>;

/** The QRIS values an admin chose, else those derived from the profile (a null column means "derived"). */
export function qrisData(
  row: Pick<MerchantRow, 'omsetPerBulan' | 'kategoriUsaha' | 'namaToko' | 'kotaKab' | 'mcc' | 'namaQris' | 'kotaQris'>,
): QrisData {
  return {
    kriteria_usaha: kriteriaUsaha(row.omsetPerBulan),
    // A stored code is one of the table's (the update schema checks it).
    mcc: (row.mcc as MccCode | null) ?? defaultMcc(row.kategoriUsaha),
    nama_qris: row.namaQris ?? deriveNamaQris(row.namaToko),
    kota_qris: row.kotaQris ?? deriveKotaQris(row.kotaKab),
  };
}

/** API field name → row property of the QRIS values an admin may set; apart from the profile's fix flow. */
export const QRIS_FIELDS = {
  mcc: 'mcc',
  nama_qris: 'namaQris',
  kota_qris: 'kotaQris',
} as const satisfies Record<string, keyof MerchantRow>;

/** API field name → row property, for the profile fields an admin may edit (docs/spec.md §7). */
export const PROFILE_FIELDS = {
  nama_toko: 'namaToko',
  kategori_usaha: 'kategoriUsaha',
  alamat_jalan: 'alamatJalan',
  kecamatan: 'kecamatan',
  kota_kab: 'kotaKab',
  provinsi: 'provinsi',
  kode_pos: 'kodePos',
  tempat_usaha: 'tempatUsaha',
  omset_per_bulan: 'omsetPerBulan',
  nama_pemilik: 'namaPemilik',
  nik: 'nik',
  no_hp: 'noHp',
  email: 'email',
  alamat_pemilik: 'alamatPemilik',
  nama_bank: 'namaBank',
  no_rekening: 'noRekening',
  nama_rekening: 'namaRekening',
  status: 'status',
  catatan_admin: 'catatanAdmin',
} as const satisfies Record<string, keyof MerchantRow>;

/** The profile columns of merchant `id` from validated form fields (public registration and admin create). */
export function profileColumns(id: string, input: StoreStep & OwnerStep & BankStep): Omit<NewMerchantRow, 'kodePendaftaran'> {
  return {
    id,
    namaToko: input.nama_toko,
    kategoriUsaha: input.kategori_usaha,
    alamatJalan: input.alamat_jalan,
    kecamatan: input.kecamatan,
    kotaKab: input.kota_kab,
    provinsi: input.provinsi,
    kodePos: input.kode_pos,
    tempatUsaha: input.tempat_usaha ?? null,
    omsetPerBulan: input.omset_per_bulan,
    namaPemilik: input.nama_pemilik,
    nik: seal(input.nik, 'merchants', 'nik', id),
    nikHash: nikHash(input.nik),
    noHp: input.no_hp,
    email: input.email,
    alamatPemilik: input.alamat_pemilik,
    namaBank: input.nama_bank,
    noRekening: seal(input.no_rekening, 'merchants', 'no_rekening', id),
    noRekeningHash: accountNumberHash(input.no_rekening),
    namaRekening: input.nama_rekening,
  };
}

type IdentityColumns = Pick<NewMerchantRow, 'nik' | 'nikHash' | 'noRekening' | 'noRekeningHash'>;

/**
 * The NIK and account number of merchant `id` sealed for its row, with the blind indexes that follow
 * them, from the clear values given (a patch built field by field holds them as plain values).
 */
export function identityColumns(id: string, values: { nik?: unknown; noRekening?: unknown }): Partial<IdentityColumns> {
  const columns: Partial<IdentityColumns> = {};
  if (typeof values.nik === 'string')
    Object.assign(columns, { nik: seal(values.nik, 'merchants', 'nik', id), nikHash: nikHash(values.nik) });
  if (typeof values.noRekening === 'string') {
    Object.assign(columns, {
      noRekening: seal(values.noRekening, 'merchants', 'no_rekening', id),
      noRekeningHash: accountNumberHash(values.noRekening),
    });
  }
  return columns;
}
