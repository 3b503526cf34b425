import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import { outboxMessages, type OutboxMessageRow } from '../db/schema.js';
import type { MailContent } from './mail-templates.js';

export const MAIL_KINDS = ['receipt', 'resubmission_receipt', 'status', 'order_receipt', 'order_paid', 'order_closed', 'order_shipped', 'order_delivered'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export type OutboxEntry = {
  merchantId: string;
  kind: MailKind;
  to: string;
  content: MailContent;
  /** `skipped`: recorded only (status mails while the admin turned e-mail notifications off). */
  skipped?: boolean;
  now: Date;
};

/** Call inside the transaction of the change the message tells about: both are committed, or neither. */
export async function enqueueMail(tx: Db, entry: OutboxEntry): Promise<void> {
  await tx.insert(outboxMessages).values({
    merchantId: entry.merchantId,
    kind: entry.kind,
    toAddress: entry.to,
    subject: entry.content.subject,
    textBody: entry.content.text,
    htmlBody: entry.content.html,
    state: entry.skipped ? 'skipped' : 'pending',
    nextAttemptAt: entry.now,
    createdAt: entry.now,
  });
}

export async function listMerchantMessages(db: Db, merchantId: string): Promise<OutboxMessageRow[]> {
  return db.select().from(outboxMessages).where(eq(outboxMessages.merchantId, merchantId)).orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id)).limit(200);
}

/**
 * A failed or skipped message queued again, due now, with a fresh retry window; null when the message is
 * not this merchant's or is pending or sent already.
 */
export async function requeueMessage(db: Db, merchantId: string, messageId: string, now: Date): Promise<OutboxMessageRow | null> {
  const [row] = await db
    .update(outboxMessages)
    .set({ state: 'pending', nextAttemptAt: now, createdAt: now, lastError: null })
    .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.merchantId, merchantId), inArray(outboxMessages.state, ['failed', 'skipped'])))
    .returning();
  return row ?? null;
}
