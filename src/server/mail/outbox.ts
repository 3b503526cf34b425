import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { hasBearerLink, hideBearerLinks, hideBearerLinksHtml, type MailKind } from '../../domain/applicant-mail.js';
import { seal, unseal } from '../crypto/sealed.js';
import type { Db } from '../db/database.js';
import { outboxMessages, type OutboxMessageRow } from '../db/schema.js';
import type { MailContent } from './mail-templates.js';

export type OutboxEntry = {
  merchantId: string;
  kind: MailKind;
  to: string;
  content: MailContent;
  /** `skipped`: recorded only (status mails while the admin turned e-mail notifications off). */
  skipped?: boolean;
  /** MAIL_PER_ADDRESS_PER_HOUR: the cap on public receipts to one address. */
  perAddressPerHour?: number;
  now: Date;
};

/**
 * Mails anyone can cause by typing an address into a public form. More than this many to one address in
 * an hour are recorded as `skipped`, so our receipts cannot be turned into a mail cannon at a stranger.
 */
export const PUBLIC_MAIL_KINDS = ['receipt', 'resubmission_receipt', 'order_receipt'] as const satisfies readonly MailKind[];
export const PUBLIC_MAILS_PER_HOUR = 3;
export const publicMailCapReason = (perHour: number) => `Batas ${perHour} e-mail per jam ke alamat ini`;
const HOUR_MS = 60 * 60 * 1000;

/**
 * The public mails queued to this address in the hour before `now`, counted from the outbox itself so the
 * cap holds across instances. Concurrent commits may each see the same count: a brake, not an exact quota.
 */
async function publicMailsLastHour(tx: Db, to: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(outboxMessages)
    .where(
      and(
        eq(sql`lower(${outboxMessages.toAddress})`, to.trim().toLowerCase()),
        gt(outboxMessages.createdAt, new Date(now.getTime() - HOUR_MS)),
        inArray(outboxMessages.kind, [...PUBLIC_MAIL_KINDS]),
        ne(outboxMessages.state, 'skipped'),
      ),
    );
  return Number(row?.n ?? 0);
}

/** A message's bodies sealed for its row. */
function sealedBodies(id: string, text: string, html: string): Pick<OutboxMessageRow, 'textBody' | 'htmlBody'> {
  return { textBody: seal(text, 'outbox_messages', 'text_body', id), htmlBody: seal(html, 'outbox_messages', 'html_body', id) };
}

/** A stored message's plain-text body. */
export const messageText = (row: Pick<OutboxMessageRow, 'id' | 'textBody'>): string =>
  unseal(row.textBody, 'outbox_messages', 'text_body', row.id);

/** A stored message's HTML body. */
export const messageHtml = (row: Pick<OutboxMessageRow, 'id' | 'htmlBody'>): string =>
  unseal(row.htmlBody, 'outbox_messages', 'html_body', row.id);

/** Call inside the transaction of the change the message tells about: both are committed, or neither. */
export async function enqueueMail(tx: Db, entry: OutboxEntry): Promise<void> {
  const perHour = entry.perAddressPerHour ?? PUBLIC_MAILS_PER_HOUR;
  const capped =
    !entry.skipped &&
    (PUBLIC_MAIL_KINDS as readonly MailKind[]).includes(entry.kind) &&
    (await publicMailsLastHour(tx, entry.to, entry.now)) >= perHour;
  // A message that is never sent never needs its bearer links (fix link, order link): the tokens are not stored at all.
  const unsent = entry.skipped || capped;
  const id = randomUUID();
  await tx.insert(outboxMessages).values({
    id,
    ...sealedBodies(
      id,
      unsent ? hideBearerLinks(entry.content.text) : entry.content.text,
      unsent ? hideBearerLinksHtml(entry.content.html) : entry.content.html,
    ),
    merchantId: entry.merchantId,
    kind: entry.kind,
    toAddress: entry.to,
    subject: entry.content.subject,
    state: entry.skipped || capped ? 'skipped' : 'pending',
    lastError: capped ? publicMailCapReason(perHour) : null,
    nextAttemptAt: entry.now,
    createdAt: entry.now,
  });
}

export async function listMerchantMessages(db: Db, merchantId: string): Promise<OutboxMessageRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.merchantId, merchantId))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(200);
}

/**
 * A failed or skipped message queued again, due now, with a fresh retry window; null when the message is
 * not this merchant's or is pending or sent already.
 */
export async function requeueMessage(db: Db, merchantId: string, messageId: string, now: Date): Promise<OutboxMessageRow | null> {
  const [row] = await db
    .update(outboxMessages)
    .set({ state: 'pending', nextAttemptAt: now, createdAt: now, lastError: null })
    .where(
      and(
        eq(outboxMessages.id, messageId),
        eq(outboxMessages.merchantId, merchantId),
        inArray(outboxMessages.state, ['failed', 'skipped']),
      ),
    )
    .returning();
  return row ?? null;
}

/** One message of this merchant, or null. */
export async function findMerchantMessage(db: Db, merchantId: string, messageId: string): Promise<OutboxMessageRow | null> {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, messageId), eq(outboxMessages.merchantId, merchantId)))
    .limit(1);
  return row ?? null;
}

/**
 * Rewrites a message's bodies with its bearer links hidden (fix link, order link), once the mail left (or
 * will never leave): from then on the table holds no copy of a token (nor do backups taken afterwards).
 * Bodies without such a link stay.
 */
export async function hideStoredBearerLinks(db: Db, messageId: string, text: string, html: string): Promise<void> {
  if (!hasBearerLink(text) && !hasBearerLink(html)) return;
  await db
    .update(outboxMessages)
    .set(sealedBodies(messageId, hideBearerLinks(text), hideBearerLinksHtml(html)))
    .where(eq(outboxMessages.id, messageId));
}
