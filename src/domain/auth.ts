import { z } from 'zod';
import { USER_ROLES } from './vocabularies.js';

/** Texts of the sign-in area that the SPEC does not quote (its quoted ones live in MESSAGES). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email wajib diisi',
  passwordRequired: 'Password wajib diisi',
  tooManyAttempts: (seconds: number) => `Terlalu banyak percobaan login yang gagal. Silakan coba lagi dalam ${seconds} detik.`,
  unauthenticated: 'Sesi Anda telah berakhir. Silakan login kembali.',
  forbiddenOrigin: 'Permintaan ditolak: asal permintaan tidak diizinkan.',
  codeRequired: 'Masukkan kode 6 digit dari aplikasi autentikator',
  invalidCode: 'Kode verifikasi salah atau sudah dipakai',
  mfaEnrolmentRequired: 'Aktifkan verifikasi dua langkah terlebih dahulu.',
  mfaAlreadyEnabled: 'Verifikasi dua langkah sudah aktif.',
  mfaSetupMissing: 'Mulai aktivasi verifikasi dua langkah terlebih dahulu.',
  passwordTooShort: 'Password minimal 12 karakter',
  passwordTooLong: 'Password maksimal 128 karakter',
  passwordTooCommon: 'Password terlalu umum dan mudah ditebak. Pilih password lain.',
  currentPasswordWrong: 'Password saat ini salah',
  passwordChanged: 'Password berhasil diubah. Sesi lain telah diakhiri.',
  checkingSession: 'Memeriksa sesi...',
  processing: 'Memproses...',
} as const;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const RECOVERY_CODE_COUNT = 10;

/** Length only; the list of common passwords is checked on the server, which ships it. */
export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

// Loose on purpose: a malformed e-mail gets the same answer as a wrong password, not a different one.
export const LoginBodySchema = z
  .object({
    email: z.string().trim().min(1, AUTH_MESSAGES.emailRequired).max(320),
    password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** A 6-digit TOTP code, or one of the recovery codes (xxxxx-xxxxx). */
export const SecondFactorBodySchema = z.object({ code: z.string().trim().min(1, AUTH_MESSAGES.codeRequired).max(32) }).strict();
export type SecondFactorBody = z.infer<typeof SecondFactorBodySchema>;

export const TotpConfirmBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, AUTH_MESSAGES.codeRequired),
  })
  .strict();

export const PasswordChangeBodySchema = z
  .object({
    currentPassword: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
    newPassword: NewPasswordSchema,
  })
  .strict();
export type PasswordChangeBody = z.infer<typeof PasswordChangeBodySchema>;

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
});

/** What the browser learns about its session: the same shape after sign-in and on every check. */
export const SessionInfoSchema = z.object({
  user: SessionUserSchema,
  /** Password accepted, the 6-digit code not yet: nothing in the admin area is open. */
  secondFactorPending: z.boolean(),
  mfaEnabled: z.boolean(),
  /** REQUIRE_ADMIN_MFA is on and this admin has no second factor: only enrolment is open. */
  mfaEnrolmentRequired: z.boolean(),
  /** When the idle window closes unless there is activity (ISO 8601). */
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const TotpStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TotpStatus = z.infer<typeof TotpStatusSchema>;

export const TotpSetupSchema = z.object({
  /** Base32 secret for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data: URL (the CSP allows img data:). */
  qrDataUrl: z.string(),
});
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;
