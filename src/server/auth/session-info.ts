import type { SessionInfo } from '../../domain/auth.js';
import type { UserRole } from '../../domain/vocabularies.js';
import { adminMfaRequired, type Config } from '../config.js';
import type { ValidSession } from './session-store.js';

export function sessionInfo(config: Config, { session, user }: ValidSession): SessionInfo {
  const mfaEnabled = user.totpEnabledAt !== null;
  return {
    user: { id: user.id, email: user.email, role: user.role as UserRole },
    secondFactorPending: session.secondFactorPending,
    mfaEnabled,
    mfaEnrolmentRequired: adminMfaRequired(config) && user.role === 'admin' && !mfaEnabled,
    expiresAt: session.expiresAt.toISOString(),
  };
}
