import { z } from 'zod';

/** Claims on a merchant under review, 'Ambil Berikutnya', bulk claim work and the second approver. */
export const CLAIM_MESSAGES = {
  heldBy: (email: string) => `Sedang ditinjau oleh ${email}`,
  notClaimed: 'Belum diambil',
  secondApproverSame: 'Persetujuan kedua harus oleh admin lain.',
  queueEmpty: 'Tidak ada merchant yang belum diambil di antrean',
  takeoverReason: 'Alasan ambil alih wajib diisi (maksimal 500 karakter)',
  chooseAdmin: 'Pilih admin yang ditugaskan',
  adminNotFound: 'Admin tidak ditemukan',
  bulkIds: 'Pilih 1-500 merchant',
  skippedHeld: 'sedang ditinjau admin lain',
  skippedMissing: 'merchant tidak ditemukan',
  /** The bulk toast's skipped part: '3 dilewati: sedang ditinjau admin lain'. */
  skipped: (count: number, reason: string) => `${count} dilewati: ${reason}`,
  waitingSecond: 'Menunggu Persetujuan Kedua',
  firstApprovalRecorded: 'Persetujuan pertama tercatat: menunggu persetujuan admin lain',
} as const;

/** POST /api/admin/merchants/{id}/claim: without a body it takes (or keeps, the heartbeat) the case. */
export const ClaimRequestSchema = z
  .object({
    ambil_alih: z.boolean().optional(),
    alasan: z.string().trim().max(500, CLAIM_MESSAGES.takeoverReason).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.ambil_alih && !value.alasan) ctx.addIssue({ code: 'custom', path: ['alasan'], message: CLAIM_MESSAGES.takeoverReason });
  });
export type ClaimRequest = z.infer<typeof ClaimRequestSchema>;

/** The admin who holds a case, or null. A lapsed claim is no claim. */
export const ClaimHolderSchema = z.object({ id: z.uuid(), email: z.string() }).nullable();
export type ClaimHolder = z.infer<typeof ClaimHolderSchema>;

/** The claim's answer: who holds the case now. */
export const ClaimStateSchema = z.object({ merchant_id: z.uuid(), diklaim_oleh: ClaimHolderSchema });
export type ClaimState = z.infer<typeof ClaimStateSchema>;

/** POST /api/admin/queue/next: the oldest unclaimed processing merchant, now claimed by the caller. */
export const QueueNextSchema = z.object({ id: z.uuid(), kode_pendaftaran: z.string() });
export type QueueNext = z.infer<typeof QueueNextSchema>;

export const BULK_ACTIONS = ['ambil', 'lepas', 'tugaskan'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** POST /api/admin/merchants/bulk. Never a decision: no bulk verify. */
export const BulkRequestSchema = z
  .object({
    aksi: z.enum(BULK_ACTIONS),
    ids: z.array(z.uuid(CLAIM_MESSAGES.bulkIds)).min(1, CLAIM_MESSAGES.bulkIds).max(500, CLAIM_MESSAGES.bulkIds),
    admin_id: z.uuid(CLAIM_MESSAGES.chooseAdmin).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.aksi === 'tugaskan' && !value.admin_id)
      ctx.addIssue({ code: 'custom', path: ['admin_id'], message: CLAIM_MESSAGES.chooseAdmin });
  });
export type BulkRequest = z.infer<typeof BulkRequestSchema>;

export const BulkResultSchema = z.object({
  berhasil: z.array(z.uuid()),
  dilewati: z.array(z.object({ id: z.string(), alasan: z.string() })),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** GET /api/admin/admins: whom 'Tugaskan ke…' offers. */
export const AdminUserListSchema = z.array(z.object({ id: z.uuid(), email: z.string() }));
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/** The queue's claim filters, `klaim` in the URL: 'Milik saya' and 'Belum diambil'. */
export const CLAIM_FILTERS = ['saya', 'belum'] as const;
export type ClaimFilter = (typeof CLAIM_FILTERS)[number];
export const CLAIM_FILTER_LABELS: Record<ClaimFilter, string> = { saya: 'Milik saya', belum: 'Belum diambil' };

/** The queue's claim counts (sort=queue only): the caller's cases and those nobody holds. */
export const ClaimCountsSchema = z.object({ milik_saya: z.number().int(), belum_diambil: z.number().int() });
export type ClaimCounts = z.infer<typeof ClaimCountsSchema>;

/** A first 'verified' waiting for another admin: `oleh` is the first approver's e-mail. */
export const SecondApprovalSchema = z.object({ menunggu: z.boolean(), oleh: z.string().nullable() });
export type SecondApproval = z.infer<typeof SecondApprovalSchema>;
