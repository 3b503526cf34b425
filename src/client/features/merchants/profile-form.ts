import { z } from 'zod';
import { MERCHANT_MESSAGES, MerchantUpdateSchema, type MerchantDetail, type RevealRequest } from '../../../domain/merchants';
import { KotaQrisSchema, MccSchema, NamaQrisSchema } from '../../../domain/qris';
import { ReasonCodeSchema } from '../../../domain/reason-codes';
import { PREMISES } from '../../../domain/vocabularies';

/**
 * The detail screen's Profil form: the update schema without what the form does not edit (turnover is
 * read-only, docs/spec.md §5; the version travels separately). Every control holds a string, so the two
 * nullable fields are '' in the form and null in the request.
 */
export const ProfileFormSchema = MerchantUpdateSchema.omit({
  expected_updated_at: true,
  omset_per_bulan: true,
  tempat_usaha: true,
  catatan_admin: true,
  nik: true,
  no_rekening: true,
}).extend({
  // Masked until revealed; a revealed value is checked by the server with the same schema (400 marks it).
  nik: z.string(),
  no_rekening: z.string(),
  tempat_usaha: z.union([z.literal(''), z.enum(PREMISES)]),
  catatan_admin: z.string().max(1000, MERCHANT_MESSAGES.noteTooLong),
  // QRIS data: shown as stored or derived; '' is an MCC not chosen yet ('Lainnya').
  mcc: z.union([z.literal(''), MccSchema]),
  nama_qris: NamaQrisSchema,
  kota_qris: KotaQrisSchema,
  // A rejection chosen here needs its reasons like the status dialog's; checked at submit and by the server.
  kode_alasan: z.array(ReasonCodeSchema),
});
export type ProfileForm = z.input<typeof ProfileFormSchema>;

export const PROFILE_FIELDS = Object.keys(ProfileFormSchema.shape) as (keyof ProfileForm)[];

function isPremises(value: string | null): value is (typeof PREMISES)[number] {
  return (PREMISES as readonly (string | null)[]).includes(value);
}

export function toProfileForm(merchant: MerchantDetail): ProfileForm {
  return {
    nama_toko: merchant.nama_toko,
    kategori_usaha: merchant.kategori_usaha,
    alamat_jalan: merchant.alamat_jalan,
    kecamatan: merchant.kecamatan,
    kota_kab: merchant.kota_kab,
    provinsi: merchant.provinsi,
    kode_pos: merchant.kode_pos,
    tempat_usaha: isPremises(merchant.tempat_usaha) ? merchant.tempat_usaha : '',
    nama_pemilik: merchant.nama_pemilik,
    nik: merchant.nik,
    no_hp: merchant.no_hp,
    email: merchant.email,
    alamat_pemilik: merchant.alamat_pemilik,
    // A bank outside the list (older data) shows as "choose"; the admin must pick one to save.
    nama_bank: merchant.nama_bank as ProfileForm['nama_bank'],
    no_rekening: merchant.no_rekening,
    nama_rekening: merchant.nama_rekening,
    status: merchant.status,
    catatan_admin: merchant.catatan_admin ?? '',
    mcc: merchant.mcc ?? '',
    nama_qris: merchant.nama_qris,
    kota_qris: merchant.kota_qris,
    kode_alasan: [],
  };
}

/** Whether this form decides a rejection, so its reasons must be picked. */
export function rejectsHere(form: Pick<ProfileForm, 'status'>, merchant: Pick<MerchantDetail, 'status'>): boolean {
  return form.status === 'rejected' && merchant.status !== 'rejected';
}

type QrisShown = Pick<MerchantDetail, 'mcc' | 'nama_qris' | 'kota_qris'>;

/**
 * Only a QRIS value the admin changed is sent: one left as shown stays "derived" on the server, so it
 * follows the store name, city or category when those change later.
 */
function changedQris(form: Pick<ProfileForm, 'mcc' | 'nama_qris' | 'kota_qris'>, shown: QrisShown) {
  return {
    ...(form.mcc !== '' && form.mcc !== shown.mcc ? { mcc: form.mcc } : {}),
    ...(form.nama_qris.trim() !== shown.nama_qris ? { nama_qris: form.nama_qris } : {}),
    ...(form.kota_qris.trim() !== shown.kota_qris ? { kota_qris: form.kota_qris } : {}),
  };
}

/**
 * The PUT body: what was typed (the server parses it with the same schema), the turnover as it was,
 * and the updated_at the edit started from, so a save over someone else's change is refused (409).
 */
export function toMerchantUpdate(
  form: ProfileForm,
  merchant: Pick<MerchantDetail, 'omset_per_bulan' | 'status'> & QrisShown,
  startedFrom: string,
  revealed: ReadonlySet<RevealRequest['field']> = new Set(),
): z.input<typeof MerchantUpdateSchema> {
  const note = form.catatan_admin.trim();
  const { nik, no_rekening, mcc, nama_qris, kota_qris, kode_alasan, ...rest } = form;
  return {
    ...rest,
    // Reasons travel only with the rejection they explain.
    ...(rejectsHere(form, merchant) ? { kode_alasan } : {}),
    ...changedQris({ mcc, nama_qris, kota_qris }, merchant),
    // Only what was revealed (and so could be edited) is sent; the rest stays as stored.
    ...(revealed.has('nik') ? { nik } : {}),
    ...(revealed.has('no_rekening') ? { no_rekening } : {}),
    tempat_usaha: form.tempat_usaha === '' ? null : form.tempat_usaha,
    // docs/spec.md §5: an empty note is stored as null.
    catatan_admin: note === '' ? null : note,
    omset_per_bulan: merchant.omset_per_bulan,
    expected_updated_at: startedFrom,
  };
}
