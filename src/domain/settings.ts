import { z } from 'zod';

export const SystemInfoSchema = z.object({
  version: z.string(),
  database: z.string(),
  storage: z.string(),
  environment: z.string(),
});
export type SystemInfo = z.infer<typeof SystemInfoSchema>;

/** SPEC §9: the local-only settings and their defaults; nothing is persisted or enforced. */
export type LocalSettings = {
  sessionTimeoutMinutes: number;
  maintenanceMode: boolean;
  emailNotifications: boolean;
  autoApprove: boolean;
  maxUploadMb: number;
  autoBackup: boolean;
};

export const SETTINGS_DEFAULTS: Readonly<LocalSettings> = {
  sessionTimeoutMinutes: 60,
  maintenanceMode: false,
  emailNotifications: true,
  autoApprove: false,
  maxUploadMb: 10,
  autoBackup: true,
};
