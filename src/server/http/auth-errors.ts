import { AUTH_MESSAGES } from '../../domain/auth.js';
import { MESSAGES } from '../../domain/messages.js';
import { AppError } from './app-error.js';

// One place for the answers of the sign-in area, so every route words the same failure the same way.
export const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.wrongCredentials);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', AUTH_MESSAGES.unauthenticated);
export const notAdmin = () => new AppError(403, 'NOT_ADMIN', MESSAGES.notAdmin);
export const forbiddenOrigin = () => new AppError(403, 'FORBIDDEN_ORIGIN', AUTH_MESSAGES.forbiddenOrigin);
export const tooManyAttempts = (seconds: number) => new AppError(429, 'TOO_MANY_ATTEMPTS', AUTH_MESSAGES.tooManyAttempts(seconds));
export const invalidSecondFactor = () => new AppError(401, 'INVALID_CODE', AUTH_MESSAGES.invalidCode);
export const mfaEnrolmentRequired = () => new AppError(403, 'MFA_ENROLMENT_REQUIRED', AUTH_MESSAGES.mfaEnrolmentRequired);
