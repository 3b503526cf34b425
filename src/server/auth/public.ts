// What other folders may use of auth/: the session of a request, its cookie and same-origin check, and
// the account calls the admin's own security routes need. The rest (sign-in, its routes) is its own (decision 0042).
export { passwordPolicyViolation } from './password-policy.js';
export { verifyPassword } from './password.js';
export { countUnusedRecoveryCodes, issueRecoveryCodes } from './recovery-codes.js';
export { loadSession } from './request-auth.js';
export { requireSameOrigin } from './same-origin.js';
export { clearSessionCookie, readSessionToken } from './session-cookie.js';
export { deleteUserSessions, validateSessionToken } from './session-store.js';
export { enableTotp, newTotpSetup, storePendingSecret } from './totp.js';
export { findUserById, normalizeEmail, setPassword } from './user-store.js';
