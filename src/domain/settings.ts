import { z } from 'zod';

export const SETTINGS_MESSAGES = {
  sessionTimeout: 'Batas waktu sesi harus 5-30 menit',
  maxUpload: 'Ukuran unggah maksimal harus 1-3 MB',
  autoApprove: 'Persetujuan otomatis tidak tersedia: setiap pendaftaran ditinjau admin',
  flag: 'Nilai pengaturan harus ya atau tidak',
  omsetAbove: 'Batas omset harus angka rupiah 0 atau lebih, atau kosong',
} as const;

export const SystemInfoSchema = z.object({
  version: z.string(),
  database: z.string(),
  storage: z.string(),
  environment: z.string(),
  // Stored files a purge or replacement could not delete yet (retried by the retention job).
  pending_deletions: z.number().int().min(0),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

/**
 * When a merchant needs a second admin's approval to become verified: always, when a check or a duplicate
 * signal warns, or when its omset_per_bulan is above the amount (null: no such rule).
 */
export const FourEyesSchema = z
  .object({
    selalu: z.boolean(SETTINGS_MESSAGES.flag),
    saat_peringatan: z.boolean(SETTINGS_MESSAGES.flag),
    omset_di_atas: z.number(SETTINGS_MESSAGES.omsetAbove).int(SETTINGS_MESSAGES.omsetAbove).min(0, SETTINGS_MESSAGES.omsetAbove).nullable(),
  })
  .strict();
export type FourEyes = z.infer<typeof FourEyesSchema>;
const FOUR_EYES_OFF: FourEyes = { selalu: false, saat_peringatan: false, omset_di_atas: null };

/**
 * GET/PUT /api/admin/settings: the settings an admin may change, persisted on the server and in effect:
 * `email_notifications` (status e-mails are recorded `skipped` when off, decision 0018), the idle timeout,
 * maintenance mode and the upload limit (decision 0022), `four_eyes` (decision 0038). Auto-approve is never
 * allowed (docs/spec.md §4: admins move a merchant out of processing) and uploads never exceed the real 3 MB rule.
 */
export const AppSettingsSchema = z
  .object({
    session_timeout_minutes: z
      .number(SETTINGS_MESSAGES.sessionTimeout)
      .int(SETTINGS_MESSAGES.sessionTimeout)
      .min(5, SETTINGS_MESSAGES.sessionTimeout)
      .max(30, SETTINGS_MESSAGES.sessionTimeout),
    maintenance_mode: z.boolean(SETTINGS_MESSAGES.flag),
    email_notifications: z.boolean(SETTINGS_MESSAGES.flag),
    max_upload_mb: z
      .number(SETTINGS_MESSAGES.maxUpload)
      .int(SETTINGS_MESSAGES.maxUpload)
      .min(1, SETTINGS_MESSAGES.maxUpload)
      .max(3, SETTINGS_MESSAGES.maxUpload),
    auto_approve: z.literal(false, SETTINGS_MESSAGES.autoApprove),
    // A save that leaves it out (an older client) turns the rule off: the settings screen always sends it.
    four_eyes: FourEyesSchema.default(FOUR_EYES_OFF),
  })
  .strict();
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** What a fresh installation holds: docs/spec.md §9's defaults, within the limits the server really applies. */
export const SETTINGS_DEFAULTS: Readonly<AppSettings> = {
  session_timeout_minutes: 30,
  maintenance_mode: false,
  email_notifications: true,
  max_upload_mb: 3,
  auto_approve: false,
  four_eyes: FOUR_EYES_OFF,
};

/** GET /api/settings/public: what the public wizard and fix page need of the settings, without sign-in. */
export const PublicSettingsSchema = z.object({
  maintenance_mode: z.boolean(),
  max_upload_mb: z.number().int(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const MAINTENANCE_MESSAGE = 'Pendaftaran sedang dalam pemeliharaan';

/** The upload limit's message for the configured size: SPEC's 'Ukuran file maksimal 3MB' at the default. */
export const uploadTooLargeMessage = (mb: number) => `Ukuran file maksimal ${mb}MB`;
