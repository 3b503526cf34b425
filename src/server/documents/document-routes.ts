import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_SLOT_INFO, DOCUMENT_SLOTS, MAX_UPLOAD_BYTES } from '../../domain/document-slots.js';
import { MerchantDetailSchema } from '../../domain/merchants.js';
import { MESSAGES } from '../../domain/messages.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError } from '../http/app-error.js';
import { merchantDetail } from '../merchants/public.js';
import { UPLOAD_LIMITS, withSingleFile } from '../uploads/multipart-upload.js';
import { auditDocumentRead, readDocument, replaceDocument } from './document-service.js';

const ParamsSchema = z.object({ id: z.string().max(100), slot: z.enum(DOCUMENT_SLOTS, MESSAGES.documentMissing) }).strict();
const QuerySchema = z.object({ download: z.enum(['0', '1']).optional() }).strict();

function actorOf(request: FastifyRequest) {
  return { id: requireAdmin(request).id, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** RFC 6266: a plain ASCII name plus its UTF-8 form for clients that read `filename*`. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Document bytes for signed-in admins only (inside the admin plugin), and their replacement. */
export const documentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });

  app.get(
    '/merchants/:id/documents/:slot',
    {
      schema: {
        tags: ['admin'],
        summary: 'A document: inline for preview, or ?download=1 as an attachment',
        params: ParamsSchema,
        querystring: QuerySchema,
      },
    },
    async (request, reply) => {
      const { id, slot } = request.params;
      const document = await readDocument(app.deps, id, slot);
      const download = request.query.download === '1';
      // Every read of the bytes is recorded: previews and thumbnails as document_view, downloads as
      // document_download (UU PDP: who looked at which identity document, when).
      await auditDocumentRead(app.deps, actorOf(request), id, slot, document.filename, download ? 'document_download' : 'document_view');
      return (
        reply
          .header('Content-Type', document.contentType)
          // A PDF is never rendered by the browser's own viewer at our origin: always an attachment.
          .header(
            'Content-Disposition',
            contentDisposition(download || document.contentType === 'application/pdf' ? 'attachment' : 'inline', document.filename),
          )
          .header('Cache-Control', 'no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .send(document.bytes)
      );
    },
  );

  app.post(
    '/merchants/:id/documents/:slot',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a document: multipart, one JPEG or PNG part named after the slot',
        consumes: ['multipart/form-data'],
        params: ParamsSchema,
        response: { 200: MerchantDetailSchema },
      },
    },
    async (request) => {
      const { id, slot } = request.params;
      const row = await withSingleFile(request, MAX_UPLOAD_BYTES, (file) => {
        if (file.slot !== slot) throw new AppError(400, 'SLOT_MISMATCH', MESSAGES.documentUploadFailed, slot);
        return replaceDocument(app.deps, actorOf(request), id, slot, file, (key, error) =>
          request.log.error({ err: error, key }, 'stored document left without a reference'),
        );
      });
      app.checks.wake();
      void app.deps.events
        .publish({ kind: 'document_changed', merchant_id: id })
        .catch((error: unknown) => request.log.error({ err: error }, 'event publish failed'));
      request.log.info({ merchantId: id, slot, label: DOCUMENT_SLOT_INFO[slot].label }, 'document replaced');
      return merchantDetail(app.deps.db, row, app.deps.now());
    },
  );
};
