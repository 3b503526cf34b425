import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import {
  RegistrationRequestSchema,
  RegistrationResponseSchema,
  SUBMISSION_MESSAGES,
  UploadResponseSchema,
} from '../../domain/registration.js';
import { publicBaseUrl } from '../config.js';
import { errorResponses } from '../http/error-responses.js';
import { idempotencyKey, requireIdempotencyKey } from '../http/idempotency-key.js';
import { perHour } from '../limits/route-limits.js';
import { refuseDuringMaintenance, uploadLimitBytes } from '../settings/public.js';
import type { CodeGenerator } from '../shared/unique-code.js';
import { UPLOAD_LIMITS, withSingleFile } from '../uploads/multipart-upload.js';
import { assertStagedDocumentsStored } from '../uploads/staged-documents.js';
import { findStagedUpload, stageUpload } from '../uploads/upload-service.js';
import { submitRegistration } from './registration-service.js';

export type RegistrationRoutesOptions = {
  /** Only tests pass one, to force a code clash; production uses the cryptographic generator. */
  generateCode?: CodeGenerator;
};

const errors = errorResponses(400, 409, 413, 415, 422, 429, 503);

/** POST /api/uploads and POST /api/registrations (decision 0003). */
export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, options) => {
  // Registered here, not app-wide: only these routes accept multipart bodies.
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const { config } = app.deps;
  const maintenance = refuseDuringMaintenance(app.deps.db);

  app.post(
    '/uploads',
    {
      onRequest: maintenance,
      config: perHour(config.RATE_LIMIT_UPLOADS_PER_HOUR),
      schema: {
        tags: ['registration'],
        summary: 'Stage one document: multipart, one file part named after its slot, at most 3 MB',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const limit = await uploadLimitBytes(app.deps.db);
      const staged = await withSingleFile(request, limit, (file) => stageUpload(app.deps, file, request.ip));
      app.metrics.uploads.inc();
      app.metrics.uploadBytes.inc(staged.size);
      return reply.status(201).send(staged);
    },
  );

  app.get(
    '/uploads/:id',
    {
      config: perHour(config.RATE_LIMIT_UPLOADS_PER_HOUR),
      schema: {
        tags: ['registration'],
        summary: 'Whether a staged upload can still be claimed (a draft restored in the browser); 404 when claimed, purged or expired',
        params: z.object({ id: z.uuid({ error: SUBMISSION_MESSAGES.stagedUploadGone }) }),
        response: { 200: UploadResponseSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => findStagedUpload(app.deps, request.params.id),
  );

  app.post(
    '/registrations',
    {
      onRequest: maintenance,
      config: perHour(config.RATE_LIMIT_REGISTRATIONS_PER_HOUR),
      preValidation: requireIdempotencyKey,
      schema: {
        tags: ['registration'],
        summary: 'Submit a registration (header Idempotency-Key); the same key again answers 200 with the same registration',
        body: RegistrationRequestSchema,
        response: { 200: RegistrationResponseSchema, 201: RegistrationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // With the storage down this answers 503 before any row is written.
      await assertStagedDocumentsStored(app.deps, request.body.documents);
      const result = await submitRegistration(
        {
          db: app.deps.db,
          now: app.deps.now,
          generateCode: options.generateCode,
          baseUrl: publicBaseUrl(config),
          mailPerAddressPerHour: config.MAIL_PER_ADDRESS_PER_HOUR,
        },
        {
          input: request.body,
          idempotencyKey: idempotencyKey(request),
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        },
      );
      if (result.created) {
        app.metrics.registrations.inc();
        app.outbox.wake();
        app.checks.wake();
        // Admin screens refresh by themselves; a lost announcement never fails the registration.
        void app.deps.events
          .publish({ kind: 'created', merchant_id: result.merchantId })
          .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
      }
      return reply.status(result.created ? 201 : 200).send(result.registration);
    },
  );
};
