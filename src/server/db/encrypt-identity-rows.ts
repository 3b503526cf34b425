import { sql } from 'drizzle-orm';
import { keyring, normalizeAccountNumber, normalizeNik } from '../crypto/identity-fields.js';
import { queryRows, type Db } from './query-rows.js';

const BATCH = 500;

type MerchantCells = { id: string; nik: string; no_rekening: string };
type UserCells = { id: string; totp_secret: string };

export type EncryptMode = 'legacy' | 'rotate';

/**
 * Brings stored identity values to the current key: `legacy` encrypts rows written in clear before
 * encryption existed (run at every start, nothing to do once done); `rotate` also re-encrypts rows of
 * older keys (npm run keys:rotate). Batches commit one by one, so an interrupted run resumes where it
 * stopped. Each update names the ciphertext it read: a row an admin changed meanwhile is left for the
 * next pass instead of being overwritten with the old value.
 */
export async function encryptIdentityRows(db: Db, mode: EncryptMode, onBatch?: (done: number) => void): Promise<number> {
  // Only a database that has such rows needs the keyring (a script on an empty database does not).
  const prefix = mode === 'legacy' ? 'enc:v1:%' : `enc:v1:${keyring().currentKeyId}:%`;
  let done = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await queryRows<MerchantCells>(
      db,
      `select id::text as id, nik, no_rekening from merchants
        where id > $1 and (nik not like $2 or no_rekening not like $2 or nik_hash is null or no_rekening_hash is null)
        order by id limit ${BATCH}`,
      [after, prefix],
    );
    if (rows.length === 0) break;
    const ring = keyring();
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const nik = ring.decrypt(row.nik);
        const account = ring.decrypt(row.no_rekening);
        await tx.execute(sql`
          update merchants set nik = ${ring.encrypt(nik)}, no_rekening = ${ring.encrypt(account)},
            nik_hash = ${ring.blindIndex(normalizeNik(nik))}, no_rekening_hash = ${ring.blindIndex(normalizeAccountNumber(account))}
          where id = ${row.id} and nik = ${row.nik} and no_rekening = ${row.no_rekening}`);
      }
    });
    done += rows.length;
    after = rows[rows.length - 1]!.id;
    onBatch?.(done);
  }
  const users = await queryRows<UserCells>(db, `select id::text as id, totp_secret from users where totp_secret is not null and totp_secret not like $1`, [prefix]);
  for (const user of users) {
    const ring = keyring();
    await db.execute(sql`update users set totp_secret = ${ring.encrypt(ring.decrypt(user.totp_secret))} where id = ${user.id} and totp_secret = ${user.totp_secret}`);
  }
  // Webhook secrets: a retired key must not leave an endpoint unable to sign.
  const endpoints = await queryRows<{ id: string; secret: string }>(db, `select id::text as id, secret from webhook_endpoints where secret not like $1`, [prefix]);
  for (const endpoint of endpoints) {
    const ring = keyring();
    await db.execute(sql`update webhook_endpoints set secret = ${ring.encrypt(ring.decrypt(endpoint.secret))} where id = ${endpoint.id} and secret = ${endpoint.secret}`);
  }
  // E-mail bodies of the outbox (issue 15) are encrypted too: a retired key must not leave them unreadable.
  let mails = 0;
  for (;;) {
    const rows = await queryRows<{ id: string; text_body: string; html_body: string }>(
      db,
      `select id::text as id, text_body, html_body from outbox_messages where text_body not like $1 or html_body not like $1 limit ${BATCH}`,
      [prefix],
    );
    if (rows.length === 0) break;
    const ring = keyring();
    for (const row of rows) {
      await db.execute(sql`update outbox_messages set text_body = ${ring.encrypt(ring.decrypt(row.text_body))}, html_body = ${ring.encrypt(ring.decrypt(row.html_body))}
        where id = ${row.id} and text_body = ${row.text_body} and html_body = ${row.html_body}`);
    }
    mails += rows.length;
  }
  return done + users.length + endpoints.length + mails;
}
