import { eq } from 'drizzle-orm';
import { normalizeMobile } from '../../domain/indonesian-ids.js';
import { ORDER_MESSAGES, type MerchantCheckRequest, type MerchantCheckResponse } from '../../domain/orders.js';
import type { Db } from '../db/database.js';
import { merchants, type MerchantRow } from '../db/schema.js';
import { AppError } from '../http/app-error.js';
import { receiptMatches } from '../shared/tokens.js';

/**
 * The registration an order belongs to. The asker proves it with the registered phone, or right after
 * registering with the receipt token; a wrong proof and an unknown code are the same 404, so codes
 * cannot be probed, and whether a registration may order is told only to someone who proved it.
 */
export const registrationNotFound = () => new AppError(404, 'REGISTRATION_NOT_FOUND', ORDER_MESSAGES.registrationNotFound);
export const registrationCannotOrder = () => new AppError(409, 'REGISTRATION_CANNOT_ORDER', ORDER_MESSAGES.registrationCannotOrder);

export type MerchantProof = { no_hp: string } | { receipt_token: string };

/** Whether `noHp`, as typed, is the phone stored for the registration (stored phones are +628…). */
export function isRegisteredPhone(merchant: Pick<MerchantRow, 'noHp'>, noHp: string): boolean {
  const normalized = normalizeMobile(noHp);
  return normalized !== null && normalized === merchant.noHp;
}

/** A rejected, deleted or purged registration gets no devices. */
export function mayOrder(merchant: Pick<MerchantRow, 'status' | 'isDeleted' | 'purgedAt'>): boolean {
  return merchant.status !== 'rejected' && !merchant.isDeleted && merchant.purgedAt === null;
}

/**
 * The proven registration that may order, or the refusal. With `lock`, its row stays locked until the
 * transaction ends: two orders of one registration then count its open orders one after the other.
 * `no key update` leaves inserts that only reference the row (its orders, its mails) unblocked.
 */
export async function identifyOrderingMerchant(
  db: Db,
  kodePendaftaran: string,
  proof: MerchantProof,
  options: { lock?: boolean } = {},
): Promise<MerchantRow> {
  // Codes are generated upper case; matching the stored form keeps the unique index in use.
  const query = db.select().from(merchants).where(eq(merchants.kodePendaftaran, kodePendaftaran.trim().toUpperCase())).limit(1);
  const [merchant] = options.lock ? await query.for('no key update') : await query;
  if (!merchant) throw registrationNotFound();
  const proven =
    'no_hp' in proof ? isRegisteredPhone(merchant, proof.no_hp) : receiptMatches(proof.receipt_token, merchant.receiptTokenHash);
  if (!proven) throw registrationNotFound();
  if (!mayOrder(merchant)) throw registrationCannotOrder();
  return merchant;
}

/** Step 2 of checkout: the registration is the asker's, and what the shipping step prefills from it. */
export async function checkMerchant(db: Db, request: MerchantCheckRequest): Promise<MerchantCheckResponse> {
  const proof: MerchantProof = 'no_hp' in request ? { no_hp: request.no_hp } : { receipt_token: request.receipt_token };
  const merchant = await identifyOrderingMerchant(db, request.kode_pendaftaran, proof);
  return {
    kode_pendaftaran: merchant.kodePendaftaran,
    nama_toko: merchant.namaToko,
    nama_pemilik: merchant.namaPemilik,
    no_hp: merchant.noHp,
    alamat: {
      alamat_jalan: merchant.alamatJalan,
      kecamatan: merchant.kecamatan,
      kota_kab: merchant.kotaKab,
      provinsi: merchant.provinsi,
      kode_pos: merchant.kodePos,
    },
  };
}
