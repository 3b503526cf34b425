import { z } from 'zod';
import { DOCUMENT_SLOTS, type DocumentSlot } from './document-slots.js';
import { FIX_TARGETS, fixTargetLabel, PERBAIKAN_MESSAGES, type FixTarget } from './perbaikan-texts.js';
import { REASON_MESSAGES, ReasonCodeSchema, reasonInfo } from './reason-codes.js';
import { BankStepSchema, OwnerStepSchema, StoreStepSchema } from './registration.js';

/**
 * One flagged field or slot with its reason: a code from the list (`kode`, one the applicant can fix and
 * that concerns this field, optionally with the admin's words after it), or the admin's own words alone
 * (`alasan`, kept as `lainnya`). Stored as `{ field, kode, alasan }`, `alasan` being what the applicant reads.
 */
export const FixItemSchema = z
  .object({
    field: z
      .string(PERBAIKAN_MESSAGES.unknownTarget(''))
      .max(50)
      .refine((v) => (FIX_TARGETS as readonly string[]).includes(v), {
        error: (issue) => PERBAIKAN_MESSAGES.unknownTarget(String(issue.input).slice(0, 50)),
      }),
    kode: ReasonCodeSchema.optional(),
    alasan: z.string(PERBAIKAN_MESSAGES.reasonRequired).trim().max(300, PERBAIKAN_MESSAGES.reasonTooLong).optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    const kode = item.kode ?? 'lainnya';
    if (kode === 'lainnya') {
      if (!item.alasan) ctx.addIssue({ code: 'custom', path: ['alasan'], message: PERBAIKAN_MESSAGES.reasonRequired });
      return;
    }
    const info = reasonInfo(kode);
    if (info.jenis === 'final') ctx.addIssue({ code: 'custom', path: ['kode'], message: REASON_MESSAGES.notFixable(info.teks_tim) });
    else if (info.bidang.length > 0 && !(info.bidang as readonly string[]).includes(item.field)) {
      const label = (FIX_TARGETS as readonly string[]).includes(item.field) ? fixTargetLabel(item.field as FixTarget) : item.field;
      ctx.addIssue({ code: 'custom', path: ['kode'], message: REASON_MESSAGES.notForTarget(info.teks_tim, label) });
    }
  })
  .transform((item) => {
    const kode = item.kode ?? 'lainnya';
    // A code's own text, and the admin's words after it when given (the fix page and the mail show both).
    const teks = reasonInfo(kode).teks_pendaftar;
    const alasan = kode === 'lainnya' ? item.alasan! : item.alasan ? `${teks} ${item.alasan}` : teks;
    return { field: item.field as FixTarget, kode, alasan };
  });
export type FixItem = z.infer<typeof FixItemSchema>;

/** The checklist of POST /api/admin/merchants/{id}/status: each target at most once. */
export const FixListSchema = z
  .array(FixItemSchema)
  .max(FIX_TARGETS.length, PERBAIKAN_MESSAGES.tooMany)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.field)) ctx.addIssue({ code: 'custom', message: PERBAIKAN_MESSAGES.duplicateTarget(fixTargetLabel(item.field)) });
      seen.add(item.field);
    }
  });

/** A flagged item as the public sees it: label and reason, never a value. */
export const PublicFixItemSchema = z.object({ field: z.enum(FIX_TARGETS), label: z.string(), alasan: z.string() });
export type PublicFixItem = z.infer<typeof PublicFixItemSchema>;

/** GET /api/perbaikan/<token>. Values of flagged fields only; NIK and account number masked. */
export const FixRequestViewSchema = z.object({
  kode_pendaftaran: z.string(),
  nama_toko: z.string(),
  catatan_admin: z.string().nullable(),
  perbaikan: z.array(z.object({ field: z.enum(FIX_TARGETS), alasan: z.string() })),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type FixRequestView = z.infer<typeof FixRequestViewSchema>;

/** The wizard's own field rules, each optional: the server then checks them against the flagged list. */
export const FixFieldsSchema = StoreStepSchema.extend(OwnerStepSchema.shape).extend(BankStepSchema.shape).partial().strict();
export type FixFields = z.infer<typeof FixFieldsSchema>;

export const FixDocumentsSchema = z
  .object(
    Object.fromEntries(
      DOCUMENT_SLOTS.map((slot) => [slot, z.uuid(PERBAIKAN_MESSAGES.documentMissing(fixTargetLabel(slot))).optional()]),
    ) as Record<DocumentSlot, z.ZodOptional<z.ZodUUID>>,
  )
  .strict();

/** POST /api/perbaikan/<token>. */
export const FixSubmissionSchema = z
  .object({
    fields: FixFieldsSchema.default({}),
    documents: FixDocumentsSchema.default({}),
  })
  .strict();
export type FixSubmission = z.infer<typeof FixSubmissionSchema>;

export const FixSubmissionResponseSchema = z.object({ kode_pendaftaran: z.string(), status: z.literal('processing') });
export type FixSubmissionResponse = z.infer<typeof FixSubmissionResponseSchema>;
