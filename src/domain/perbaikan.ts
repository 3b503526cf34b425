import { z } from 'zod';
import { DOCUMENT_SLOTS, type DocumentSlot } from './document-slots.js';
import { FIX_TARGETS, fixTargetLabel, PERBAIKAN_MESSAGES, type FixTarget } from './perbaikan-texts.js';
import { BankStepSchema, OwnerStepSchema, StoreStepSchema } from './registration.js';

/** One flagged field or slot with the admin's reason. */
export const FixItemSchema = z
  .object({
    field: z.string(PERBAIKAN_MESSAGES.unknownTarget('')).max(50).refine((v) => (FIX_TARGETS as readonly string[]).includes(v), {
      error: (issue) => PERBAIKAN_MESSAGES.unknownTarget(String(issue.input).slice(0, 50)),
    }),
    alasan: z.string(PERBAIKAN_MESSAGES.reasonRequired).trim().min(1, PERBAIKAN_MESSAGES.reasonRequired).max(300, PERBAIKAN_MESSAGES.reasonTooLong),
  })
  .strict()
  .transform((item) => ({ field: item.field as FixTarget, alasan: item.alasan }));
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

export const FixDocumentsSchema = z.object(Object.fromEntries(DOCUMENT_SLOTS.map((slot) => [slot, z.uuid(PERBAIKAN_MESSAGES.documentMissing(fixTargetLabel(slot))).optional()])) as Record<DocumentSlot, z.ZodOptional<z.ZodUUID>>).strict();

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
