import { z } from 'zod';
import { labelledCodes } from './code-tables.js';
import { DOCUMENT_SLOTS, type DocumentSlot } from './document-slots.js';
import { MERCHANT_STATUSES } from './vocabularies.js';

/** The promise to the applicant is "1-3 hari kerja": on time 0-1, due 2-3, overdue after that. */
export const SLA_STATES = ['on_time', 'due', 'overdue'] as const;
export const SlaStateSchema = z.enum(SLA_STATES);
export type SlaState = z.infer<typeof SlaStateSchema>;

export const SLA_LABELS: Record<SlaState, string> = {
  on_time: 'Tepat waktu',
  due: 'Jatuh tempo',
  overdue: 'Terlambat',
};

/** More working days than this in `processing` is overdue (the server's overdue count uses the same number). */
export const SLA_OVERDUE_AFTER_DAYS = 3;

export function slaState(ageWorkingDays: number): SlaState {
  if (ageWorkingDays <= 1) return 'on_time';
  if (ageWorkingDays <= SLA_OVERDUE_AFTER_DAYS) return 'due';
  return 'overdue';
}

// `foto`: a photo the reused-photo check found in both registrations (docs/decisions/0036).
export const [DUPLICATE_KEYS, MATCH_LABELS] = labelledCodes({
  nik: 'NIK',
  no_rekening: 'No. Rekening',
  no_hp: 'No. HP',
  email: 'Email',
  foto: 'Foto',
});
export type DuplicateKey = keyof typeof MATCH_LABELS;

/** GET /api/admin/merchants/{id}/duplicates: another non-deleted merchant sharing one or more keys. */
export const DuplicateMatchSchema = z.object({
  id: z.uuid(),
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  status: z.enum(MERCHANT_STATUSES),
  matched_on: z.array(z.enum(DUPLICATE_KEYS)),
  /** With `foto`: this registration's photos found in the other ('Foto KTP'). */
  photos: z.array(z.string()).optional(),
});
export type DuplicateMatch = z.infer<typeof DuplicateMatchSchema>;
export const DuplicateListSchema = z.array(DuplicateMatchSchema);
export type DuplicateList = z.infer<typeof DuplicateListSchema>;

export const STATS_DAYS = 30;

const WaitingTotalSchema = z.object({ merchant: z.number().int(), hari_kerja: z.number().int() });

export const ReviewerStatsSchema = z.object({
  admin_id: z.string(),
  email: z.string().nullable(),
  /** Verified or rejected. */
  keputusan: z.number().int(),
  /** Median minutes from the case's claim (taken, taken over or assigned) to the decision; null without claims. */
  median_klaim_menit: z.number().nullable(),
  /** Status changes to data_tidak_lengkap: fix requests sent to the applicant. */
  permintaan_perbaikan: z.number().int(),
});
export type ReviewerStats = z.infer<typeof ReviewerStatsSchema>;

/** GET /api/admin/stats: the dashboard's numbers; dates are WIB (Asia/Jakarta) calendar days. */
export const AdminStatsSchema = z.object({
  by_status: z.object({
    processing: z.number().int(),
    verified: z.number().int(),
    rejected: z.number().int(),
    data_tidak_lengkap: z.number().int(),
  }),
  /** Merchants in processing for more than SLA_OVERDUE_AFTER_DAYS working days. */
  overdue: z.number().int(),
  /** STATS_DAYS entries, oldest first, today (WIB) last. */
  per_day: z.array(
    z.object({
      date: z.iso.date(),
      registrations: z.number().int(),
      decisions: z.number().int(),
    }),
  ),
  /** Working days from submission to the first decision, over merchants first decided in the last 30 days. */
  decision_working_days: z.object({
    median: z.number().nullable(),
    p90: z.number().nullable(),
  }),
  /**
   * The open cases now, in working days: those waiting for the applicant (data_tidak_lengkap, since the fix
   * request) apart from those waiting for us (processing, the queue's paused-aware age).
   */
  menunggu: z.object({ pendaftar: WaitingTotalSchema, kami: WaitingTotalSchema }),
  /** Per reviewer over the last STATS_DAYS days, most decisions first. */
  per_reviewer: z.array(ReviewerStatsSchema),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

export const ChecklistEntrySchema = z.object({ readable: z.boolean(), matches: z.boolean() }).strict();
export type ChecklistEntry = z.infer<typeof ChecklistEntrySchema>;

/** The reviewer's checklist per document slot, recorded with the decision (in its audit entry). */
export const ReviewChecklistSchema = z
  .object(
    Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [slot, ChecklistEntrySchema.optional()])) as Record<
      DocumentSlot,
      z.ZodOptional<typeof ChecklistEntrySchema>
    >,
  )
  .strict();
export type ReviewChecklist = z.infer<typeof ReviewChecklistSchema>;

export const CHECKLIST_LABELS = { readable: 'Terbaca', matches: 'Sesuai data' } as const;

/** The SSE event name on GET /api/admin/events (`event: review_presence`, data: ReviewPresence). */
export const REVIEW_PRESENCE_EVENT = 'review_presence';

/** Live event `review_presence` and GET /api/admin/merchants/{id}/review-presence. */
export const ReviewPresenceSchema = z.object({
  merchant_id: z.uuid(),
  admins: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ReviewPresence = z.infer<typeof ReviewPresenceSchema>;

/** The client's heartbeat interval and the server's expiry of a presence entry. */
export const REVIEW_PRESENCE_HEARTBEAT_MS = 20_000;
export const REVIEW_PRESENCE_TTL_MS = 45_000;

export const REVIEW_PRESENCE_MESSAGE = (name: string) => `Sedang ditinjau juga oleh ${name}`;
