import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '../../domain/messages.js';
import { StorageUnavailableError } from '../storage/storage.js';
import { AppError } from './app-error.js';

// Lives here, not in the shared messages: only this handler says it.
export const STORAGE_UNAVAILABLE_MESSAGE =
  'Penyimpanan dokumen sedang tidak dapat dihubungi. Tidak ada data yang tersimpan; silakan coba lagi beberapa saat lagi.';

type ErrorBody = { error: { code: string; message: string; field?: string } };

function body(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

// Fastify's own client errors carry English texts; the browser gets Indonesian ones.
const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: API_MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON', message: API_MESSAGES.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: API_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: API_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: API_MESSAGES.badRequest },
};

function statusMessage(status: number): { code: string; message: string } {
  if (status === 404) return { code: 'NOT_FOUND', message: API_MESSAGES.notFound };
  if (status === 405) return { code: 'METHOD_NOT_ALLOWED', message: API_MESSAGES.methodNotAllowed };
  if (status === 413) return { code: 'PAYLOAD_TOO_LARGE', message: API_MESSAGES.payloadTooLarge };
  if (status === 415) return { code: 'UNSUPPORTED_MEDIA_TYPE', message: API_MESSAGES.unsupportedMediaType };
  if (status === 429) return { code: 'RATE_LIMITED', message: API_MESSAGES.tooManyRequests };
  return { code: 'BAD_REQUEST', message: API_MESSAGES.badRequest };
}

/**
 * Fastify's router answers a URL it cannot decode (`/api/%`, `%E0%A4%A`) itself, before any route or
 * the error handler, with its English `{error, code, message, statusCode}` body: pass this as the
 * `frameworkErrors` option so that answer has the same Indonesian shape as every other one.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const { code, message } = statusMessage(status);
  void reply.status(status).send(body(code, message));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.field));
    }
    if (error instanceof StorageUnavailableError) {
      // The applicant retries later; the cause (host, port, bucket) stays in the log.
      request.log.error({ err: error }, 'document storage unavailable');
      return reply.status(503).header('Retry-After', '30').send(body('STORAGE_UNAVAILABLE', STORAGE_UNAVAILABLE_MESSAGE));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || undefined;
      // Schemas carry the Indonesian message; a generic one covers type errors zod words itself.
      const message =
        first?.message && !/^(Invalid|Expected|Unrecognized|Too )/.test(first.message) ? first.message : API_MESSAGES.badRequest;
      return reply.status(400).send(body('VALIDATION_ERROR', message, field));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send(body(known.code, known.message));

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const { code, message } = statusMessage(status);
      return reply.status(status).send(body(code, message));
    }
    request.log.error({ err: error }, 'request failed');
    // A 5xx never tells the browser what broke inside.
    const unavailable = status === 503;
    return reply
      .status(unavailable ? 503 : 500)
      .send(body(unavailable ? 'UNAVAILABLE' : 'INTERNAL_ERROR', unavailable ? API_MESSAGES.unavailable : API_MESSAGES.internal));
  });
}
