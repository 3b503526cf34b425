import {
  RecoveryCodesSchema,
  SessionInfoSchema,
  TotpSetupSchema,
  TotpStatusSchema,
  type LoginBody,
  type PasswordChangeBody,
  type SessionInfo,
} from '../../../domain/auth';
import { apiFetch, ApiRequestError } from '../../lib/api-client';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export function login(body: LoginBody): Promise<SessionInfo> {
  return apiFetch('/api/auth/login', { method: 'POST', body, schema: SessionInfoSchema });
}

export function submitSecondFactor(code: string): Promise<SessionInfo> {
  return apiFetch('/api/auth/second-factor', { method: 'POST', body: { code }, schema: SessionInfoSchema });
}

/** The current session, or null when there is none (401 is an answer here, not an error). */
export async function fetchSession(): Promise<SessionInfo | null> {
  try {
    return await apiFetch('/api/auth/session', { schema: SessionInfoSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export async function logout(): Promise<void> {
  await apiFetch('/api/auth/logout', { method: 'POST' });
}

export function fetchTotpStatus() {
  return apiFetch('/api/admin/totp', { schema: TotpStatusSchema });
}

export function startTotpSetup() {
  return apiFetch('/api/admin/totp/setup', { method: 'POST', schema: TotpSetupSchema });
}

export function confirmTotp(code: string) {
  return apiFetch('/api/admin/totp/confirm', { method: 'POST', body: { code }, schema: RecoveryCodesSchema });
}

export async function changePassword(body: PasswordChangeBody): Promise<void> {
  await apiFetch('/api/admin/password', { method: 'POST', body });
}
