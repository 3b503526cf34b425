import { z } from 'zod';

export const NOTE_MAX_LENGTH = 2000;

export const NOTE_MESSAGES = {
  required: 'Catatan tidak boleh kosong',
  tooLong: `Catatan maksimal ${NOTE_MAX_LENGTH.toLocaleString('id-ID')} karakter`,
  saved: 'Catatan disimpan',
  saveFailed: 'Catatan gagal disimpan',
  empty: 'Belum ada catatan internal',
} as const;

/** POST /api/admin/merchants/{id}/notes: a note is written once and never edited. */
export const NoteCreateSchema = z
  .object({ teks: z.string(NOTE_MESSAGES.required).trim().min(1, NOTE_MESSAGES.required).max(NOTE_MAX_LENGTH, NOTE_MESSAGES.tooLong) })
  .strict();
export type NoteCreate = z.infer<typeof NoteCreateSchema>;

export const MerchantNoteSchema = z.object({
  id: z.uuid(),
  teks: z.string(),
  /** The author's e-mail; null when that admin no longer exists. */
  penulis: z.string().nullable(),
  created_at: z.string(),
});
export type MerchantNote = z.infer<typeof MerchantNoteSchema>;

/** GET /api/admin/merchants/{id}/notes: oldest first, as a thread reads. */
export const MerchantNoteListSchema = z.array(MerchantNoteSchema);
