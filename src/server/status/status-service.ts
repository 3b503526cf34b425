import { normalizeEmail, normalizeMobile } from '../../domain/indonesian-ids.js';
import { maskEmail, maskPersonName, maskPhone } from '../../domain/masking.js';
import type { TimelineEntry } from '../../domain/orders.js';
import { fixTargetLabel } from '../../domain/perbaikan-texts.js';
import { applicantReasonTexts, reasonInfo } from '../../domain/reason-codes.js';
import { publicStatus, type StatusLookupRequest, type StatusResult } from '../../domain/status-lookup.js';
import { FIX_REASON_FOR_CODE_ONLY } from '../../domain/status-texts.js';
import type { Db } from '../db/database.js';
import { receiptMatches } from '../shared/tokens.js';
import { loadRegistrationTimeline } from '../shop/public.js';
import {
  findByCode,
  findNewestByEmailAndPhone,
  listOrdersByCode,
  type PublicMerchantRow,
  type StatusOrderRow,
} from './status-repository.js';

/**
 * The public status of one registration, or null when none matches. Only the browser holding the receipt
 * token the registration gave sees everything. A code alone is guessable: its answer masks e-mail, phone
 * and owner name. The e-mail-plus-phone asker gets back the two values they typed and a masked name.
 * Neither of those two gets the street address, kecamatan, postal code or the admin's note.
 */
export async function lookupStatus(db: Db, request: StatusLookupRequest): Promise<StatusResult | null> {
  if ('kode_pendaftaran' in request) {
    // Codes are generated upper case; matching the stored form keeps the unique index in use.
    const row = await findByCode(db, request.kode_pendaftaran.trim().toUpperCase());
    if (!row) return null;
    return receiptMatches(request.receipt_token, row.receiptTokenHash)
      ? withOrders(db, row, 'owner')
      : toStatusResult(row, 'code', null, null);
  }
  const noHp = normalizeMobile(request.no_hp);
  // Stored phones are always +628…: a number that does not normalise cannot match any row.
  if (!noHp) return null;
  const row = await findNewestByEmailAndPhone(db, normalizeEmail(request.email), noHp);
  return row ? withOrders(db, row, 'contact') : null;
}

/**
 * The asker who proved the registration is theirs also sees its orders and the merchant's timeline: a
 * few small indexed queries, run for these askers only, so the code-only lookup (the benchmarked hot
 * path, decision 0028) costs what it did.
 */
async function withOrders(db: Db, row: PublicMerchantRow, asker: 'owner' | 'contact'): Promise<StatusResult> {
  const [orderRows, timeline] = await Promise.all([
    listOrdersByCode(db, row.kodePendaftaran),
    loadRegistrationTimeline(db, row.kodePendaftaran),
  ]);
  return toStatusResult(row, asker, orderRows, timeline);
}

/** owner: the registering browser (receipt token); code: a code alone; contact: e-mail plus phone. */
type Asker = 'owner' | 'code' | 'contact';

function toStatusResult(
  row: PublicMerchantRow,
  asker: Asker,
  orderRows: StatusOrderRow[] | null,
  timeline: TimelineEntry[] | null,
): StatusResult {
  const owner = asker === 'owner';
  return {
    status: publicStatus(row.status),
    nama_toko: row.namaToko,
    kategori_usaha: row.kategoriUsaha,
    kota_kab: row.kotaKab,
    nama_pemilik: owner ? row.namaPemilik : maskPersonName(row.namaPemilik),
    email: asker === 'code' ? maskEmail(row.email) : row.email,
    no_hp: asker === 'code' ? maskPhone(row.noHp) : row.noHp,
    kode_pendaftaran: row.kodePendaftaran,
    submitted_at: row.submittedAt.toISOString(),
    catatan_admin: owner ? row.catatanAdmin : null,
    alamat_jalan: owner ? row.alamatJalan : null,
    kecamatan: owner ? row.kecamatan : null,
    provinsi: row.provinsi,
    kode_pos: owner ? row.kodePos : null,
    // The decision's reasons as the applicant reads them (never a team text, never a suspicion): the texts
    // are the same for every registration, so a code alone may read them too.
    alasan: row.status === 'rejected' || row.status === 'data_tidak_lengkap' ? applicantReasonTexts(row.kodeAlasan) : [],
    // A registration waiting for fixes lists what to fix; a code alone reads a listed reason's own text,
    // never the admin's words.
    perbaikan: (row.fixItems ?? []).map((item) => ({
      field: item.field,
      label: fixTargetLabel(item.field),
      alasan:
        asker !== 'code'
          ? item.alasan
          : item.kode && item.kode !== 'lainnya'
            ? reasonInfo(item.kode).teks_pendaftar
            : FIX_REASON_FOR_CODE_ONLY,
    })),
    pesanan:
      orderRows?.map((order) => ({
        kode_pesanan: order.kodePesanan,
        status: order.status,
        total: order.total,
        created_at: order.createdAt.toISOString(),
      })) ?? null,
    timeline,
  };
}
