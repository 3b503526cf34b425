import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema } from '../../domain/api-error.js';
import {
  ApplicantMessageListSchema,
  ApplicantMessageSchema,
  hasHiddenFixLink,
  hideBearerLinks,
  MAIL_MESSAGES,
  type ApplicantMessage,
} from '../../domain/applicant-mail.js';
import { writeAudit } from '../audit/public.js';
import { requireMerchant } from '../db/merchant-rows.js';
import type { OutboxMessageRow } from '../db/schema.js';
import { requireAdmin } from '../http/admin-principal.js';
import { AppError } from '../http/app-error.js';
import { IdParamsSchema } from '../http/id-params.js';
import { findMerchantMessage, listMerchantMessages, messageText, requeueMessage } from '../mail/outbox.js';

const MessageParamsSchema = z.object({ id: z.string().max(100), messageId: z.uuid() }).strict();

function toMessage(row: OutboxMessageRow): ApplicantMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    // A message still waiting holds its fix or order link for the mail alone: no admin reads or forwards a token.
    text: hideBearerLinks(messageText(row)),
    state: row.state as ApplicantMessage['state'],
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** The e-mails to one merchant (Admin → merchant → Pesan) and sending a failed one again. */
export const messageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/merchants/:id/messages',
    { schema: { tags: ['admin'], params: IdParamsSchema, response: { 200: ApplicantMessageListSchema } } },
    async (request) => {
      await requireMerchant(db, request.params.id);
      return { items: (await listMerchantMessages(db, request.params.id)).map(toMessage) };
    },
  );

  app.post(
    '/merchants/:id/messages/:messageId/resend',
    {
      schema: {
        tags: ['admin'],
        params: MessageParamsSchema,
        response: { 200: ApplicantMessageSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
      },
    },
    async (request) => {
      const merchant = await requireMerchant(db, request.params.id);
      const admin = requireAdmin(request);
      const row = await db.transaction(async (tx) => {
        // The token of a hidden link is gone for good: sending the text again would send a dead link.
        const current = await findMerchantMessage(tx, merchant.id, request.params.messageId);
        if (current && (current.state === 'failed' || current.state === 'skipped') && hasHiddenFixLink(messageText(current))) {
          throw new AppError(409, 'FIX_LINK_HIDDEN', MAIL_MESSAGES.fixLinkGone);
        }
        const requeued = await requeueMessage(tx, merchant.id, request.params.messageId, app.deps.now());
        if (!requeued) throw new AppError(409, 'NOT_RESENDABLE', MAIL_MESSAGES.notResendable);
        await writeAudit(tx, {
          actorId: admin.id,
          action: 'mail_resend',
          targetTable: 'merchants',
          targetId: merchant.id,
          diff: { message_id: requeued.id, kind: requeued.kind, merchant_name: merchant.namaToko },
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        return requeued;
      });
      app.mailer.wake();
      return toMessage(row);
    },
  );
};
