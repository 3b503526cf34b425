import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { REVEALABLE_FIELDS } from '../../src/domain/merchants.js';
import { FIX_FIELDS } from '../../src/domain/perbaikan-texts.js';

/** A valid body for POST /api/admin/merchants, with the phone and e-mail as an admin might type them. */
export const ADMIN_CREATE_BODY = {
  nama_toko: 'Toko Sinar Jaya',
  kategori_usaha: 'Retail',
  alamat_jalan: 'Jl. Merdeka No. 10',
  kecamatan: 'Gambir',
  kota_kab: 'Jakarta Pusat',
  provinsi: 'DKI Jakarta',
  kode_pos: '10110',
  nama_pemilik: 'Budi Santoso',
  nik: '3171011708900001',
  no_hp: '0812-3456-7890',
  email: 'Budi@Contoh.CO.ID',
  alamat_pemilik: 'Jl. Melati No. 5, Jakarta',
  nama_bank: 'BCA',
  no_rekening: '1234567890',
  nama_rekening: 'BUDI SANTOSO',
} as const;

/** An admin (signed in with `cookie`) creates a merchant through POST /api/admin/merchants. */
export function createMerchantAsAdmin(
  app: FastifyInstance,
  cookie: string,
  body: Record<string, unknown> = ADMIN_CREATE_BODY,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/admin/merchants', payload: body, headers: { cookie } });
}

/** The fields of the admin's edit form (PUT /api/admin/merchants/:id): the profile in the wizard's order, then the review. */
export const EDIT_FORM_FIELDS = [...FIX_FIELDS, 'status', 'catatan_admin'] as const;

/** The edit form's fields as `detail` holds them. */
export function editFormValues(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(EDIT_FORM_FIELDS.map((f) => [f, detail[f]]));
}

/**
 * The PUT body of an admin's save from `detail`: the edit form as read, the updated_at it started from,
 * then `changes`. NIK and account number come masked in the detail, so a save that did not reveal them
 * leaves them out.
 */
export function adminSaveBody(detail: Record<string, unknown>, changes: Record<string, unknown> = {}): Record<string, unknown> {
  const masked: readonly string[] = REVEALABLE_FIELDS;
  const form = Object.fromEntries(EDIT_FORM_FIELDS.filter((f) => !masked.includes(f)).map((f) => [f, detail[f]]));
  return { ...form, expected_updated_at: detail.updated_at, ...changes };
}
