import { sql } from 'drizzle-orm';
import { keyring, normalizeAccountNumber, normalizeNik } from '../crypto/identity-fields.js';
import { LEGACY_PATTERN, sealedPattern } from '../crypto/keyring.js';
import { ERASED_MARKER } from '../crypto/sealed.js';
import { queryRows, type Db } from './query-rows.js';

const BATCH = 500;

type MerchantCells = { id: string; nik: string; no_rekening: string; purged: boolean };

export type EncryptMode = 'legacy' | 'rotate';

/**
 * Brings stored identity values to sealed ciphertext under the current key, bound to their row.
 * `legacy` (every start) seals the unbound `enc:v1:` values this app wrote before values were bound, and
 * nothing else: a value in clear is never adopted by a running server, it stays an error on read.
 * `rotate` (npm run keys:rotate, an operator's act) re-seals every value not sealed under the current
 * key, clear values of a database older than encryption included. Batches commit one by one, so an
 * interrupted run resumes where it stopped. Each update names the value it read: a row an admin changed
 * meanwhile is left for the next pass instead of being overwritten with the old value.
 */
export async function encryptIdentityRows(db: Db, mode: EncryptMode, onBatch?: (done: number) => void): Promise<number> {
  const pending = pendingCondition(mode);
  const merchants = await upgradeMerchants(db, mode, pending, onBatch);
  const users = await upgradeColumn(db, pending, { table: 'users', column: 'totp_secret', where: 'totp_secret is not null' });
  // Webhook secrets: a retired key must not leave an endpoint unable to sign.
  const endpoints = await upgradeColumn(db, pending, { table: 'webhook_endpoints', column: 'secret' });
  // E-mail bodies of the outbox are encrypted too: a retired key must not leave them unreadable.
  const texts = await upgradeColumn(db, pending, { table: 'outbox_messages', column: 'text_body' });
  const htmls = await upgradeColumn(db, pending, { table: 'outbox_messages', column: 'html_body' });
  return merchants + users + endpoints + texts + htmls;
}

/** SQL telling whether a column's value still needs the pass (the erased marker never does). */
type Pending = (column: string) => string;

function pendingCondition(mode: EncryptMode): Pending {
  if (mode === 'legacy') return (column) => `${column} like '${LEGACY_PATTERN}'`;
  // Only an operator's rotation needs the keyring on an empty database; the start-up pass does not.
  const current = sealedPattern(keyring().currentKeyId);
  return (column) => `(${column} not like '${current}' and ${column} <> '${ERASED_MARKER}')`;
}

async function upgradeMerchants(db: Db, mode: EncryptMode, pending: Pending, onBatch?: (done: number) => void): Promise<number> {
  // A rotation also gives rows of a database older than the blind indexes their hashes.
  const unindexed = mode === 'rotate' ? 'or (purged_at is null and (nik_hash is null or no_rekening_hash is null))' : '';
  let count = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // An erased row keeps the marker in clear (it holds nothing) and no blind index.
    const rows = await queryRows<MerchantCells>(
      db,
      `select id::text as id, nik, no_rekening, purged_at is not null as purged from merchants
        where id > $1 and (${pending('nik')} or ${pending('no_rekening')} ${unindexed})
        order by id limit ${BATCH}`,
      [after],
    );
    if (rows.length === 0) break;
    const ring = keyring();
    await db.transaction(async (tx) => {
      for (const row of rows) {
        const place = (column: string) => ({ table: 'merchants', column, rowId: row.id });
        if (row.purged) {
          await tx.execute(sql`update merchants set nik = ${ERASED_MARKER}, no_rekening = ${ERASED_MARKER}, nik_hash = null, no_rekening_hash = null
            where id = ${row.id} and nik = ${row.nik} and no_rekening = ${row.no_rekening}`);
          continue;
        }
        const nik = ring.openForUpgrade(row.nik, place('nik'));
        const account = ring.openForUpgrade(row.no_rekening, place('no_rekening'));
        await tx.execute(sql`
          update merchants set nik = ${ring.seal(nik, place('nik'))}, no_rekening = ${ring.seal(account, place('no_rekening'))},
            nik_hash = ${ring.blindIndex(normalizeNik(nik))}, no_rekening_hash = ${ring.blindIndex(normalizeAccountNumber(account))}
          where id = ${row.id} and nik = ${row.nik} and no_rekening = ${row.no_rekening}`);
      }
    });
    count += rows.length;
    after = rows[rows.length - 1]!.id;
    onBatch?.(count);
  }
  return count;
}

type ColumnPlace = { table: 'users' | 'webhook_endpoints' | 'outbox_messages'; column: string; where?: string };

/** One sealed column of a table, in batches, each row re-sealed for its place. */
async function upgradeColumn(db: Db, pending: Pending, target: ColumnPlace): Promise<number> {
  const { table, column } = target;
  let count = 0;
  for (;;) {
    const rows = await queryRows<{ id: string; value: string }>(
      db,
      `select id::text as id, ${column} as value from ${table}
        where ${target.where ? `${target.where} and ` : ''}${pending(column)} limit ${BATCH}`,
      [],
    );
    if (rows.length === 0) break;
    const ring = keyring();
    for (const row of rows) {
      const place = { table, column, rowId: row.id };
      const sealed = ring.seal(ring.openForUpgrade(row.value, place), place);
      await queryRows(db, `update ${table} set ${column} = $1 where id = $2 and ${column} = $3`, [sealed, row.id, row.value]);
    }
    count += rows.length;
  }
  return count;
}
