import { z } from 'zod';
import { DOCUMENT_SLOT_INFO, type DocumentSlot } from './document-slots.js';

/**
 * The machine checks run after a submission (docs/decisions/0036). Each is a signal for the reviewer,
 * never a decision: nothing here approves or refuses a registration.
 */
const CHECK_KINDS = ['kualitas_foto', 'ktp_ocr', 'foto_duplikat', 'nama_rekening', 'struktur_nik', 'provinsi_nik'] as const;
const CheckKindSchema = z.enum(CHECK_KINDS);
export type CheckKind = z.infer<typeof CheckKindSchema>;

/** `menunggu`: the check has not run on the current document or values yet. */
const CHECK_RESULTS = ['lulus', 'peringatan', 'gagal', 'menunggu', 'tidak_terbaca'] as const;
const CheckResultSchema = z.enum(CHECK_RESULTS);
type CheckResult = z.infer<typeof CheckResultSchema>;

const MachineCheckSchema = z.object({
  kind: CheckKindSchema,
  result: CheckResultSchema,
  detail: z.string(),
  slot: z.string().optional(),
  checked_at: z.iso.datetime().nullable(),
});
export type MachineCheck = z.infer<typeof MachineCheckSchema>;

export const MachineChecksSchema = z.object({ checks: z.array(MachineCheckSchema) });

export const CHECK_KIND_LABELS: Record<CheckKind, string> = {
  kualitas_foto: 'Kualitas foto',
  ktp_ocr: 'Pembacaan KTP',
  foto_duplikat: 'Foto duplikat',
  nama_rekening: 'Nama rekening',
  struktur_nik: 'Struktur NIK',
  provinsi_nik: 'Provinsi NIK',
};

export const CHECK_RESULT_LABELS: Record<CheckResult, string> = {
  lulus: 'Lulus',
  peringatan: 'Peringatan',
  gagal: 'Gagal',
  menunggu: 'Menunggu',
  tidak_terbaca: 'Tidak terbaca',
};

/** 'Foto KTP', 'Foto Selfie KTP', 'Foto Usaha': a slot named as the photo it holds. */
export function photoLabel(slot: string): string {
  const label = DOCUMENT_SLOT_INFO[slot as DocumentSlot]?.label ?? slot;
  return label.startsWith('Foto') ? label : `Foto ${label}`;
}

export const CHECK_MESSAGES = {
  pending: 'Pemeriksaan sedang berjalan',
  ktpMatches: 'NIK pada foto KTP cocok dengan NIK yang diisi',
  ktpDiffers: (maskedNik: string) => `NIK pada foto KTP berbeda: ${maskedNik}`,
  ktpUnreadable: 'NIK pada foto KTP tidak terbaca',
  /** The name on the card against the owner's; the name read is shown when it differs. */
  ktpName: (read: string | null, matches: boolean) =>
    read === null ? 'nama tidak terbaca' : matches ? 'nama cocok' : `nama berbeda: ${read}`,
  /** The birth date on the card against the one the typed NIK holds; never the date itself (shown only on request). */
  ktpBirthDate: (read: string | null, matches: boolean) =>
    read === null ? 'tanggal lahir tidak terbaca' : matches ? 'tanggal lahir cocok' : 'tanggal lahir berbeda',
  noDuplicate: 'Tidak ada foto yang sama pada pendaftaran lain',
  duplicate: (slot: string, codes: readonly string[]) => `${photoLabel(slot)} sama dengan ${codes.join(', ')}`,
  qualityOk: 'Tidak ada peringatan kualitas foto',
  accountNameOk: 'Nama rekening sesuai nama pemilik',
  nikStructureOk: 'Struktur NIK wajar',
  provinceOk: 'Provinsi pada NIK sesuai provinsi alamat',
  provinceUnknown: 'Provinsi pada NIK tidak dikenal',
} as const;
