import { z } from 'zod';
import type { FixTarget } from './perbaikan-texts.js';

/**
 * The reviewers' reasons, each with two audiences (docs/decisions/0039-reasons-notes-and-the-fair-clock.md):
 * `teks_pendaftar` is all the applicant ever reads (status page, mails, the fix page, their data export);
 * `teks_tim` is for the team's screens only. `bisa_diperbaiki`: the applicant can fix it through a fix
 * link; `final`: a rejection needs at least one of these.
 */
export const REASON_KINDS = ['bisa_diperbaiki', 'final'] as const;
export type ReasonKind = (typeof REASON_KINDS)[number];

/** One reason as the list writes it; its code's type is the list's own codes. */
type ReasonRow = {
  kode: string;
  teks_pendaftar: string;
  teks_tim: string;
  /** The fields and document slots it concerns; empty: any (or none, for a decision about the whole case). */
  bidang: readonly FixTarget[];
  jenis: ReasonKind;
};

/** What the applicant reads for a reason the team must not disclose (a fraud suspicion). */
export const NEUTRAL_APPLICANT_TEXT = 'Pendaftaran tidak dapat kami setujui. Hubungi layanan pelanggan untuk informasi lebih lanjut.';

const REASON_ROWS = [
  {
    kode: 'ktp_buram',
    teks_pendaftar: 'Foto KTP buram. Unggah ulang foto KTP yang tajam dan terbaca.',
    teks_tim: 'KTP buram',
    bidang: ['foto_ktp'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'ktp_terpotong',
    teks_pendaftar: 'Foto KTP terpotong. Unggah ulang foto seluruh kartu KTP.',
    teks_tim: 'KTP terpotong',
    bidang: ['foto_ktp'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'ktp_tidak_sesuai_data',
    teks_pendaftar: 'Data pada KTP tidak sama dengan data yang diisi. Periksa kembali NIK dan nama pemilik.',
    teks_tim: 'KTP tidak sesuai data',
    bidang: ['foto_ktp', 'nik', 'nama_pemilik'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'selfie_tidak_jelas',
    teks_pendaftar: 'Foto selfie dengan KTP kurang jelas. Unggah ulang foto yang terang dan tajam.',
    teks_tim: 'Selfie tidak jelas',
    bidang: ['foto_selfie_ktp'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'selfie_tanpa_ktp',
    teks_pendaftar: 'Foto selfie harus memperlihatkan Anda sambil memegang KTP.',
    teks_tim: 'Selfie tanpa KTP',
    bidang: ['foto_selfie_ktp'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'kk_tidak_terbaca',
    teks_pendaftar: 'Foto Kartu Keluarga tidak terbaca. Unggah ulang foto yang jelas.',
    teks_tim: 'KK tidak terbaca',
    bidang: ['foto_kk'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'nama_rekening_tidak_sesuai',
    teks_pendaftar: 'Nama pemilik rekening tidak sesuai dengan nama pemilik usaha. Periksa kembali data rekening.',
    teks_tim: 'Nama rekening tidak sesuai',
    bidang: ['nama_rekening', 'no_rekening', 'nama_bank'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'foto_usaha_tidak_sesuai',
    teks_pendaftar: 'Foto usaha belum memperlihatkan tempat usaha Anda. Unggah ulang foto tempat usaha.',
    teks_tim: 'Foto usaha tidak sesuai',
    bidang: ['foto_usaha'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'dokumen_kedaluwarsa',
    teks_pendaftar: 'Dokumen yang diunggah sudah tidak berlaku. Unggah dokumen yang masih berlaku.',
    teks_tim: 'Dokumen kedaluwarsa',
    bidang: ['foto_ktp', 'npwp_file', 'siup_nib_file'],
    jenis: 'bisa_diperbaiki',
  },
  {
    kode: 'data_ganda',
    teks_pendaftar: 'Data ini sudah terdaftar pada pendaftaran lain.',
    teks_tim: 'Data ganda (sudah terdaftar)',
    bidang: [],
    jenis: 'final',
  },
  {
    kode: 'usaha_tidak_memenuhi_syarat',
    teks_pendaftar: 'Usaha Anda belum memenuhi syarat sebagai merchant AIPOS.',
    teks_tim: 'Usaha tidak memenuhi syarat',
    bidang: [],
    jenis: 'final',
  },
  {
    kode: 'indikasi_penipuan',
    teks_pendaftar: NEUTRAL_APPLICANT_TEXT,
    teks_tim: 'Indikasi penipuan (jangan diberitahukan ke pendaftar)',
    bidang: [],
    jenis: 'final',
  },
  { kode: 'lainnya', teks_pendaftar: 'Lainnya', teks_tim: 'Lainnya', bidang: [], jenis: 'bisa_diperbaiki' },
] as const satisfies readonly ReasonRow[];

export type ReasonCode = (typeof REASON_ROWS)[number]['kode'];
export type ReasonCodeInfo = ReasonRow & { kode: ReasonCode };
export const REASON_CODE_LIST: readonly ReasonCodeInfo[] = REASON_ROWS;
/** The codes in the list's order. */
export const REASON_CODES: readonly [ReasonCode, ...ReasonCode[]] = REASON_ROWS.map((row) => row.kode) as [ReasonCode, ...ReasonCode[]];

const BY_CODE = new Map(REASON_CODE_LIST.map((info) => [info.kode, info]));

export function reasonInfo(kode: ReasonCode): ReasonCodeInfo {
  return BY_CODE.get(kode)!;
}

export function isReasonCode(value: unknown): value is ReasonCode {
  return typeof value === 'string' && BY_CODE.has(value as ReasonCode);
}

/**
 * The applicant's texts for stored codes, in order and once each. Unknown codes (a code retired later)
 * are left out rather than shown raw; `lainnya` has no text of its own in a status change.
 */
export function applicantReasonTexts(codes: readonly unknown[] | null | undefined): string[] {
  const texts: string[] = [];
  for (const code of codes ?? []) {
    if (!isReasonCode(code) || code === 'lainnya') continue;
    const text = reasonInfo(code).teks_pendaftar;
    if (!texts.includes(text)) texts.push(text);
  }
  return texts;
}

export const REASON_MESSAGES = {
  unknownCode: (kode: string) => `Kode alasan "${kode}" tidak dikenal`,
  finalRequired: 'Pilih minimal satu alasan penolakan yang bersifat final',
  onlyForDecisions: 'Kode alasan hanya untuk status Ditolak atau Data Tidak Lengkap',
  notFixable: (teks: string) => `Alasan "${teks}" bersifat final dan tidak dapat diminta untuk diperbaiki`,
  notForTarget: (teks: string, label: string) => `Alasan "${teks}" tidak berlaku untuk ${label}`,
  duplicateCode: 'Kode alasan dipilih lebih dari satu kali',
} as const;

export const ReasonCodeSchema = z.enum(REASON_CODES, { error: (issue) => REASON_MESSAGES.unknownCode(String(issue.input).slice(0, 50)) });

/** GET /api/admin/reason-codes. */
export const ReasonCodeInfoSchema = z.object({
  kode: z.enum(REASON_CODES),
  teks_pendaftar: z.string(),
  teks_tim: z.string(),
  bidang: z.array(z.string()),
  jenis: z.enum(REASON_KINDS),
});
export const ReasonCodeListSchema = z.array(ReasonCodeInfoSchema);
export type ReasonCodeList = z.infer<typeof ReasonCodeListSchema>;

/** A status change's `kode_alasan`: each code once, `lainnya` left to the admin's note. */
export const StatusReasonCodesSchema = z
  .array(ReasonCodeSchema)
  .max(REASON_CODES.length)
  .refine((codes) => new Set(codes).size === codes.length, REASON_MESSAGES.duplicateCode);

export function hasFinalCode(codes: readonly ReasonCode[] | undefined): boolean {
  return (codes ?? []).some((code) => reasonInfo(code).jenis === 'final');
}
