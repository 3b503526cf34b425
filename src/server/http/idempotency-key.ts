import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_PATTERN, SUBMISSION_MESSAGES } from '../../domain/registration.js';
import { AppError } from './app-error.js';

/** The `Idempotency-Key` header of a submission (a registration, an order): a repeat answers the first's result. */
export function idempotencyKey(request: FastifyRequest): string {
  const value = request.headers['idempotency-key'];
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', SUBMISSION_MESSAGES.idempotencyKey);
  }
  return value;
}

/** preValidation hook of such a route: the key is checked before the body, so a request without one never reaches the database. */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  idempotencyKey(request);
}
