import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/database.js';
import { fixRequests, outboxMessages } from '../../src/server/db/schema.js';
import { messageText } from '../../src/server/mail/outbox.js';
import { hashToken } from '../../src/server/shared/tokens.js';

const FIX_LINK = /\S+\/perbaikan\/([A-Za-z0-9_-]{16,})/g;

/**
 * The link of the merchant's open fix request, read where the applicant gets it: the status mail waiting
 * in the outbox (no admin answer or screen shows it). The mails' links are matched against the open
 * request's hash, so an older mail's link is never taken for it. Needs the mail unsent (tests run without
 * SMTP unless they start one).
 */
export async function fixLinkFromOutbox(db: Db, merchantId: string): Promise<{ link: string; token: string }> {
  const [open] = await db
    .select({ tokenHash: fixRequests.tokenHash })
    .from(fixRequests)
    .where(and(eq(fixRequests.merchantId, merchantId), isNull(fixRequests.usedAt), isNull(fixRequests.supersededAt)));
  if (!open) throw new Error(`fixLinkFromOutbox: merchant ${merchantId} has no open fix request`);
  const mails = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.merchantId, merchantId), eq(outboxMessages.kind, 'status')));
  for (const mail of mails) {
    for (const match of messageText(mail).matchAll(FIX_LINK)) {
      if (hashToken(match[1]!) === open.tokenHash) return { link: match[0], token: match[1]! };
    }
  }
  throw new Error(`fixLinkFromOutbox: no waiting status mail of merchant ${merchantId} holds its fix link`);
}

/**
 * The admin (signed in with `cookie`) asks the applicant to fix these fields or documents: status
 * data_tidak_lengkap, with the admin's note if given.
 */
export function requestFix(
  app: FastifyInstance,
  cookie: string,
  merchantId: string,
  perbaikan: { field: string; alasan: string }[],
  catatanAdmin?: string,
) {
  return app.inject({
    method: 'POST',
    url: `/api/admin/merchants/${merchantId}/status`,
    headers: { cookie },
    payload: { status: 'data_tidak_lengkap', ...(catatanAdmin === undefined ? {} : { catatan_admin: catatanAdmin }), perbaikan },
  });
}
