import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PhotoWarnings } from '../../domain/photo-quality-texts.js';
import type { PhotoQuality } from '../../domain/photo-quality.js';
import { Sealed, type SealedColumns } from '../crypto/sealed.js';
import { wibDay } from './wib-day.js';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Text encrypted with AES-256-GCM and bound to its table, column and row (src/server/crypto/sealed.ts):
 * rows hold ciphertext and code handles a `Sealed`, which only `seal`/`unseal` with the row id turn into
 * text. Never compare such a column in SQL (every encryption differs); search through its blind-index
 * column instead. Storing a value sealed for another column fails here, before it reaches the database.
 */
function sealedText<T extends keyof SealedColumns>(table: T, column: SealedColumns[T]) {
  return customType<{ data: Sealed; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => {
      // A clear value that slipped past the types (a patch built field by field) is refused, never stored.
      if (!(value instanceof Sealed)) throw new Error(`${table}.${column} takes a sealed value only`);
      if (value.place && (value.place.table !== table || value.place.column !== column)) {
        throw new Error(`a value sealed for ${value.place.table}.${value.place.column} cannot be stored in ${table}.${column}`);
      }
      return value.stored;
    },
    fromDriver: (stored) => new Sealed(stored),
  })(column);
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('user'),
    totpSecret: sealedText('users', 'totp_secret'),
    totpEnabledAt: timestamptz('totp_enabled_at'),
    // The last accepted TOTP time step: a code is accepted once.
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: timestamptz('password_changed_at').notNull().defaultNow(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`), check('users_role_check', sql`${t.role} in ('admin', 'user')`)],
);

export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a stolen table row cannot be replayed as a cookie.
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // True between the password step and the second-factor step of a sign-in.
    secondFactorPending: boolean('second_factor_pending').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Lower-cased e-mail as typed: unknown accounts are limited exactly like known ones.
    account: text('account').notNull(),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account, t.createdAt),
    // The per-IP limit counts an address's recent failures across all accounts.
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);

export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kodePendaftaran: text('kode_pendaftaran').notNull(),
    namaToko: text('nama_toko').notNull(),
    kategoriUsaha: text('kategori_usaha').notNull(),
    alamatJalan: text('alamat_jalan').notNull(),
    kecamatan: text('kecamatan').notNull(),
    kotaKab: text('kota_kab').notNull(),
    provinsi: text('provinsi').notNull(),
    kodePos: text('kode_pos').notNull(),
    tempatUsaha: text('tempat_usaha'),
    omsetPerBulan: bigint('omset_per_bulan', { mode: 'number' }).notNull().default(0),
    namaPemilik: text('nama_pemilik').notNull(),
    nik: sealedText('merchants', 'nik').notNull(),
    // HMAC of the normalized NIK / account number: exact search and duplicate checks without decrypting.
    nikHash: text('nik_hash'),
    noHp: text('no_hp').notNull(),
    email: text('email').notNull(),
    alamatPemilik: text('alamat_pemilik').notNull(),
    namaBank: text('nama_bank').notNull(),
    noRekening: sealedText('merchants', 'no_rekening').notNull(),
    noRekeningHash: text('no_rekening_hash'),
    namaRekening: text('nama_rekening').notNull(),
    status: text('status').notNull().default('processing'),
    catatanAdmin: text('catatan_admin'),
    // Storage keys of the seven document slots, never public URLs.
    fotoKtp: text('foto_ktp'),
    fotoSelfieKtp: text('foto_selfie_ktp'),
    fotoKk: text('foto_kk'),
    fotoUsaha: text('foto_usaha'),
    fotoProduk: text('foto_produk'),
    npwpFile: text('npwp_file'),
    siupNibFile: text('siup_nib_file'),
    consentAt: timestamptz('consent_at'),
    consentVersion: text('consent_version'),
    receiptTokenHash: text('receipt_token_hash'),
    idempotencyKey: text('idempotency_key'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    // Set when retention removed the personal data and documents (RETENTION_*_DAYS, docs/privacy.md).
    purgedAt: timestamptz('purged_at'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    // When it last entered processing (submission, or resubmission through the fix link): the queue's
    // order and the start of its age in working days (decision 0022). Backfilled from submitted_at.
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
    // The first decision (any status but processing): the dashboard's time-to-decision.
    firstDecidedAt: timestamptz('first_decided_at'),
    // Since when it waits for the applicant (data_tidak_lengkap): the working-day age pauses meanwhile and
    // the queue's clock resumes from it at resubmission (docs/decisions/0039-reasons-notes-and-the-fair-clock.md).
    waitingSince: timestamptz('waiting_since'),
    // The reason codes of the last decision (src/domain/reason-codes.ts); the applicant reads only their texts.
    kodeAlasan: jsonb('kode_alasan').$type<string[]>().notNull().default([]),
    // QRIS data chosen by an admin; null means the value derived from the profile applies.
    mcc: text('mcc'),
    namaQris: text('nama_qris'),
    kotaQris: text('kota_qris'),
    // The quality warnings of the photos in use that the applicant kept (decision 0035), per slot; only
    // slots with problems. Computed on the server from the uploads claimed, never taken from the browser.
    peringatanFoto: jsonb('peringatan_foto')
      .$type<PhotoWarnings>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // The reviewer who holds the case (docs/decisions/0038): taken and checked by one conditional UPDATE on
    // this row, so 'Ambil Berikutnya' can lock with SKIP LOCKED. claim_seen_at is the review screen's last
    // heartbeat: older than CLAIM_IDLE_MINUTES, the claim has lapsed. Neither touches updated_at.
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamptz('claimed_at'),
    claimSeenAt: timestamptz('claim_seen_at'),
    // A first 'verified' that waits for a second admin (the four-eyes rule in settings): the status stays
    // processing, for the applicant and the orders, until another admin verifies.
    persetujuanPertamaOleh: uuid('persetujuan_pertama_oleh').references(() => users.id, { onDelete: 'set null' }),
    persetujuanPertamaAt: timestamptz('persetujuan_pertama_at'),
  },
  (t) => [
    uniqueIndex('merchants_kode_pendaftaran_key').on(t.kodePendaftaran),
    // The held claims: 'Milik saya' in the queue's order, the count of held cases, a sign-out's release.
    index('merchants_claimed_by_idx')
      .on(t.claimedBy, t.queuedAt, t.id)
      .where(sql`${t.claimedBy} is not null`),
    // The review queue: live processing rows, longest waiting first; also the overdue count's range.
    index('merchants_queue_idx')
      .on(t.queuedAt, t.id)
      .where(sql`${t.status} = 'processing' and ${t.isDeleted} = false`),
    // The duplicate probe's other two keys (NIK and account go through their hash indexes).
    index('merchants_no_hp_idx')
      .on(t.noHp)
      .where(sql`${t.isDeleted} = false`),
    index('merchants_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isDeleted} = false`),
    // The dashboard (decision 0027) at a million rows: registrations per WIB day of live merchants, and the
    // (decision day, submission day) pairs of the time to first decision, each an index-only range of the
    // last 30 days already in day order. A decided merchant deleted later still counts: the decision was made.
    // The raw columns are in the index too: PostgreSQL plans an index-only scan only when every column the
    // query names is in the index, even one it needs only inside the indexed expression (decision 0027).
    index('merchants_registration_day_idx')
      .on(wibDay(t.submittedAt), t.submittedAt)
      .where(sql`${t.isDeleted} = false`),
    index('merchants_first_decision_days_idx')
      .on(wibDay(t.firstDecidedAt), wibDay(t.submittedAt), t.firstDecidedAt, t.submittedAt)
      .where(sql`${t.firstDecidedAt} is not null`),
    uniqueIndex('merchants_idempotency_key_key').on(t.idempotencyKey),
    index('merchants_email_hp_submitted_idx').on(t.email, t.noHp, t.submittedAt.desc()),
    index('merchants_nik_hash_idx').on(t.nikHash),
    // The retention pass looks for rejected or deleted rows not yet purged, oldest change first.
    index('merchants_retention_idx')
      .on(t.updatedAt)
      .where(sql`${t.purgedAt} is null and (${t.status} = 'rejected' or ${t.isDeleted})`),
    index('merchants_no_rekening_hash_idx').on(t.noRekeningHash),
    // The admin list's orders, each ending in a unique key so a page is one index range, never a sort of
    // 100,000 rows (docs/decisions/0004). Only live rows: the list never shows a soft-deleted one.
    // nullsFirst: ORDER BY ... DESC means NULLS FIRST, and an index built NULLS LAST cannot serve it.
    index('merchants_active_newest_idx')
      .on(t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isDeleted} = false`),
    index('merchants_active_status_newest_idx')
      .on(t.status, t.submittedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isDeleted} = false`),
    index('merchants_active_name_idx')
      .on(sql`lower(${t.namaToko})`, t.submittedAt.desc().nullsFirst())
      .where(sql`${t.isDeleted} = false`),
    // A search that looks like a registration code (`AIP-...`) is a prefix match on the code alone;
    // text_pattern_ops lets LIKE 'AIP-AB%' walk the index under any collation (docs/decisions/0023).
    index('merchants_active_code_prefix_idx')
      .on(t.kodePendaftaran.op('text_pattern_ops'))
      .where(sql`${t.isDeleted} = false`),
    // A phone typed from its start (0812…, 62812…) is a prefix of the stored +62812…: its trigrams
    // (628, 281, 812) are in every phone, so the trigram index would intersect near-complete lists.
    index('merchants_active_phone_prefix_idx')
      .on(t.noHp.op('text_pattern_ops'))
      .where(sql`${t.isDeleted} = false`),
    index('merchants_search_trgm_idx').using(
      'gin',
      sql`(${t.namaToko} || ' ' || ${t.namaPemilik} || ' ' || ${t.email} || ' ' || ${t.noHp} || ' ' || ${t.kodePendaftaran}) gin_trgm_ops`,
    ),
    check('merchants_status_check', sql`${t.status} in ('processing', 'verified', 'rejected', 'data_tidak_lengkap')`),
  ],
);

/**
 * Live (not soft-deleted) merchants per status, kept exact by statement triggers on merchants (migration
 * 0002): the admin list's total without counting 100,000 rows per request (docs/decisions/0004).
 */
export const merchantCounts = pgTable('merchant_counts', {
  status: text('status').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

/** The text the trigram index covers; queries must use this exact expression to hit the index. */
export const merchantSearchText = sql`(${merchants.namaToko} || ' ' || ${merchants.namaPemilik} || ' ' || ${merchants.email} || ' ' || ${merchants.noHp} || ' ' || ${merchants.kodePendaftaran})`;

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slot: text('slot').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    originalName: text('original_name'),
    claimedBy: uuid('claimed_by').references(() => merchants.id, { onDelete: 'set null' }),
    claimedAt: timestamptz('claimed_at'),
    // Who staged it, while staged only: the per-IP share of the staging cap. Cleared when claimed or purged.
    clientIp: text('client_ip'),
    // The photo's quality measured at upload (decision 0035); null for a PDF and uploads made before it.
    kualitas: jsonb('kualitas').$type<PhotoQuality>(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uploads_storage_key_key').on(t.storageKey),
    index('uploads_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.claimedBy} is null`),
    index('uploads_unclaimed_ip_idx')
      .on(t.clientIp)
      .where(sql`${t.claimedBy} is null`),
  ],
);

/**
 * Stored files a purge or a replacement could not delete (storage down, denied): the retention job retries
 * them, the settings' system card counts them. Written in the purge's own transaction, so a crash between
 * the commit and the deletes loses no key; a delete that succeeds removes its row.
 */
export const pendingDeletions = pgTable(
  'pending_deletions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storageKey: text('storage_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_deletions_storage_key_key').on(t.storageKey)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No cascade: audit rows are immutable, so a user with history cannot be deleted.
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetTable: text('target_table').notNull(),
    targetId: text('target_id'),
    diff: jsonb('diff'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt.desc()),
    index('audit_logs_target_idx').on(t.targetTable, t.targetId, t.createdAt.desc()),
    // The dashboard's decisions per WIB day: status changes away from processing, counted from the index.
    index('audit_logs_decision_day_idx')
      .on(wibDay(t.createdAt), t.createdAt)
      .where(sql`${t.action} = 'status_change' and coalesce(${t.diff}->>'to', '') <> 'processing'`),
  ],
);

/** The admin's application settings (Admin → Settings): one row, id 1, the value checked by AppSettingsSchema. */
export const appSettings = pgTable(
  'app_settings',
  {
    id: integer('id').primaryKey(),
    value: jsonb('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('app_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Transactional outbox of e-mails to applicants: written in the transaction of the change that causes the
 * message, sent by the mail worker (src/server/mail). `next_attempt_at` doubles as the lease: a worker
 * that claims a row moves it into the future, so a crashed worker's row comes due again (resent, never lost).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    // Encrypted like identity data: the bodies hold names, and a fix request's one-time link.
    textBody: sealedText('outbox_messages', 'text_body').notNull(),
    htmlBody: sealedText('outbox_messages', 'html_body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    smtpResponse: text('smtp_response'),
    sentAt: timestamptz('sent_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('outbox_messages_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    // The public mails' cap per recipient and hour (MAIL_PER_ADDRESS_PER_HOUR) counts by address and time.
    index('outbox_messages_recipient_idx').on(sql`lower(${t.toAddress})`, t.createdAt),
    check('outbox_messages_state_check', sql`${t.state} in ('pending', 'sent', 'failed', 'skipped')`),
  ],
);

/**
 * A request to the applicant to fix named fields and documents. Only the SHA-256 of the link's token is
 * stored. A request ends when used, when a newer one for the same merchant replaces it, or after 14 days.
 */
export const fixRequests = pgTable(
  'fix_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    items: jsonb('items').notNull(),
    catatanAdmin: text('catatan_admin'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    supersededAt: timestamptz('superseded_at'),
    // Storage keys of the documents the resubmission replaced: kept for the audit trail, never served publicly.
    replacedDocuments: jsonb('replaced_documents'),
  },
  (t) => [
    uniqueIndex('fix_requests_token_hash_key').on(t.tokenHash),
    index('fix_requests_merchant_idx').on(t.merchantId, t.createdAt.desc()),
  ],
);

/**
 * The team's internal notes on a merchant: written once, never updated (no route edits them), read only
 * through the notes endpoint, never in a public answer, a mail, the applicant's export or a webhook.
 */
export const merchantNotes = pgTable(
  'merchant_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    teks: text('teks').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('merchant_notes_merchant_idx').on(t.merchantId, t.createdAt)],
);

/** A named set of filters of the review queue or the merchant list: the owner's, or shared with the team. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nama: text('nama').notNull(),
    daftar: text('daftar').notNull(),
    filter: jsonb('filter').notNull(),
    dibagikan: boolean('dibagikan').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('saved_views_admin_idx').on(t.adminId, t.daftar),
    check('saved_views_daftar_check', sql`${t.daftar} in ('antrean', 'merchant')`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchantRow = typeof merchants.$inferInsert;
export type UploadRow = typeof uploads.$inferSelect;
export type AuditLogRow = typeof auditLogs.$inferSelect;
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type FixRequestRow = typeof fixRequests.$inferSelect;
export type PendingDeletionRow = typeof pendingDeletions.$inferSelect;
export type MerchantNoteRow = typeof merchantNotes.$inferSelect;
export type SavedViewRow = typeof savedViews.$inferSelect;

/**
 * Per-IP request counters of the public limits (uploads, registrations, lookups, sign-in) when several
 * instances share one PostgreSQL and no Redis is configured (docs/decisions/0019). A fixed window per key.
 * UNLOGGED (migration 0022, decision 0046; Drizzle does not model it): no WAL flush on every lookup.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamptz('reset_at').notNull(),
});

/**
 * The shop's catalogue (seeded by migration 0010 from docs/spec.md §3). `stock` counts every unit in the
 * warehouse, held ones included; `held` is the units of open orders (unpaid or paid, not yet shipped),
 * raised and lowered only by the conditional updates of shop/stock.ts in the order's own transaction, so
 * `stock - held` never goes below zero (docs/decisions/0030).
 */
export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    features: jsonb('features').$type<string[]>().notNull(),
    badge: text('badge').notNull(),
    stock: integer('stock').notNull(),
    held: integer('held').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    check('products_held_check', sql`${t.held} >= 0 and ${t.held} <= ${t.stock}`),
    check('products_price_check', sql`${t.price} > 0`),
  ],
);

/** An order of devices by a registered merchant; prices are copied into its lines when it is made. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kodePesanan: text('kode_pesanan').notNull(),
    // No cascade: an order is a financial record and outlives the merchant's personal data.
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    status: text('status').notNull().default('menunggu_pembayaran'),
    metodePembayaran: text('metode_pembayaran').notNull(),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    ongkir: bigint('ongkir', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    // Transfer: 1-999 added to the total so that one incoming transfer names one order.
    kodeUnik: integer('kode_unik'),
    batasWaktu: timestamptz('batas_waktu').notNull(),
    // SHA-256 of each access token handed out for the order page (creation, replays, lookups).
    aksesTokenHashes: text('akses_token_hashes').array().notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    namaPenerima: text('nama_penerima').notNull(),
    noHpPenerima: text('no_hp_penerima').notNull(),
    alamatPengiriman: text('alamat_pengiriman').notNull(),
    kotaKab: text('kota_kab').notNull(),
    provinsi: text('provinsi').notNull(),
    kodePos: text('kode_pos').notNull(),
    midtransRedirectUrl: text('midtrans_redirect_url'),
    midtransStatus: text('midtrans_status'),
    paidAt: timestamptz('paid_at'),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    paymentNote: text('payment_note'),
    invoiceNumber: text('invoice_number'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelReason: text('cancel_reason'),
    expiredAt: timestamptz('expired_at'),
    // A paid order that was cancelled: the money must go back.
    perluRefund: boolean('perlu_refund').notNull().default(false),
    // Fulfilment: when the order became ready to pack (paid and its merchant verified), packed, shipped
    // and received; the courier and its tracking number are set when it ships.
    readyAt: timestamptz('ready_at'),
    packedAt: timestamptz('packed_at'),
    shippedAt: timestamptz('shipped_at'),
    deliveredAt: timestamptz('delivered_at'),
    kurir: text('kurir'),
    noResi: text('no_resi'),
    ip: text('ip'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_kode_pesanan_key').on(t.kodePesanan),
    uniqueIndex('orders_idempotency_key_key').on(t.idempotencyKey),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    index('orders_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    // The admin list: newest first, as one index range per page (like merchants, decision 0004).
    index('orders_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_newest_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // The expiry job: unpaid orders by deadline.
    index('orders_unpaid_deadline_idx')
      .on(t.batasWaktu)
      .where(sql`${t.status} = 'menunggu_pembayaran'`),
    // The fulfilment queue: ready and packed orders, oldest paid first.
    index('orders_fulfilment_idx')
      .on(t.paidAt, t.id)
      .where(sql`${t.status} in ('siap_dikemas', 'dikemas')`),
    check(
      'orders_status_check',
      sql`${t.status} in ('menunggu_pembayaran', 'menunggu_verifikasi', 'siap_dikemas', 'dikemas', 'dikirim', 'diterima', 'kedaluwarsa', 'dibatalkan')`,
    ),
    check(
      'orders_kurir_check',
      sql`${t.kurir} is null or ${t.kurir} in ('jne', 'jnt', 'sicepat', 'anteraja', 'pos', 'gosend', 'internal')`,
    ),
    check('orders_metode_check', sql`${t.metodePembayaran} in ('transfer', 'midtrans')`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_quantity_check', sql`${t.quantity} > 0`)],
);

/** The last invoice number of each month (`2026/11`), taken in the payment's transaction: no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  period: text('period').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * One unit handed to a merchant, by its serial number: allocated when its order is packed, shipped with
 * it, active once the merchant received it. A serial is unique across every order.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nomorSeri: text('nomor_seri').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    // No cascade, like orders: a device outlives the merchant's personal data.
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').notNull().default('dialokasikan'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Exact and prefix search by serial walk this one index under any collation (like decision 0023).
    uniqueIndex('devices_nomor_seri_key').on(t.nomorSeri.op('text_pattern_ops')),
    index('devices_order_idx').on(t.orderId),
    index('devices_merchant_idx').on(t.merchantId, t.createdAt.desc()),
    index('devices_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    check('devices_status_check', sql`${t.status} in ('dialokasikan', 'dikirim', 'aktif')`),
  ],
);

/** A device's history: each status it reached, when, and who moved it (null: the merchant or the system). */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('device_events_device_idx').on(t.deviceId, t.createdAt)],
);

/** An endpoint of the provider's own systems that receives signed event notifications. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  active: boolean('active').notNull().default(true),
  // The HMAC key, shown once at creation; encrypted at rest like identity data.
  secret: sealedText('webhook_endpoints', 'secret').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * One event for one endpoint: written in the transaction of the change it tells about (like the mail
 * outbox), sent by the webhook worker. The unique (endpoint, event) pair makes each event one delivery per
 * endpoint whatever the number of instances; `next_attempt_at` doubles as the lease. `body` is the exact
 * JSON sent, so every retry signs and sends the same bytes.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    // The claim of the worker sending it now (its lease ends at next_attempt_at); null when none holds it.
    // Only the holder records the result, and a resend waits until the attempt is over.
    claimToken: uuid('claim_token'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    check('webhook_deliveries_state_check', sql`${t.state} in ('pending', 'sent', 'failed')`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * A background job queue every instance shares (docs/decisions/0036): the outbox's claim pattern made
 * general. Claimed with `FOR UPDATE SKIP LOCKED`; `next_attempt_at` doubles as the lease, so a job whose
 * worker died (kill -9) comes due again. A job is written in the transaction of the change that needs it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    check('jobs_state_check', sql`${t.state} in ('pending', 'done', 'failed')`),
  ],
);

/**
 * The result of one machine check of a registration, stored once per (merchant, check, slot, version): the
 * version is the document's storage key (a replacement is a new key) or a digest of the typed values the
 * check read, so a check reruns exactly when its input changed. `slot` is '' for checks of typed fields.
 */
export const merchantChecks = pgTable(
  'merchant_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    slot: text('slot').notNull().default(''),
    version: text('version').notNull(),
    result: text('result').notNull(),
    detail: text('detail').notNull(),
    // foto_duplikat: the registration codes the photo matches, so a later match can be added to the detail.
    data: jsonb('data'),
    checkedAt: timestamptz('checked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchant_checks_version_key').on(t.merchantId, t.kind, t.slot, t.version),
    check('merchant_checks_result_check', sql`${t.result} in ('lulus', 'peringatan', 'gagal', 'tidak_terbaca')`),
  ],
);

/**
 * Perceptual hashes (64-bit DCT hashes) of every photo: variant 0 is the photo itself, variants 1-34 windows
 * keeping 95 or 97.5 % of each side (docs/decisions/0041). Two hashes within Hamming distance 3 are equal in one of
 * their four 16-bit bands (pigeonhole), so a lookup probes each band's index with exact values; the variant
 * beside the band lets the windows of a photo looked up probe the stored whole photos only.
 */
export const photoHashes = pgTable(
  'photo_hashes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    storageKey: text('storage_key').notNull(),
    variant: integer('variant').notNull(),
    hash: bigint('hash', { mode: 'bigint' }).notNull(),
    b0: integer('b0').notNull(),
    b1: integer('b1').notNull(),
    b2: integer('b2').notNull(),
    b3: integer('b3').notNull(),
  },
  (t) => [
    uniqueIndex('photo_hashes_key_variant_key').on(t.storageKey, t.variant),
    index('photo_hashes_merchant_idx').on(t.merchantId, t.slot),
    index('photo_hashes_b0_variant_idx').on(t.b0, t.variant),
    index('photo_hashes_b1_variant_idx').on(t.b1, t.variant),
    index('photo_hashes_b2_variant_idx').on(t.b2, t.variant),
    index('photo_hashes_b3_variant_idx').on(t.b3, t.variant),
  ],
);

export type MerchantCheckRow = typeof merchantChecks.$inferSelect;
