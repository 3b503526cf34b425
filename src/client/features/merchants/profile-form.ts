import { z } from 'zod';
import { MERCHANT_MESSAGES, MerchantUpdateSchema, type MerchantDetail, type RevealRequest } from '../../../domain/merchants';
import { PREMISES } from '../../../domain/vocabularies';

/**
 * The detail screen's Profil form: the update schema without what the form does not edit (turnover is
 * read-only, SPEC §5; the version travels separately). Every control holds a string, so the two
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
  };
}

/**
 * The PUT body: what was typed (the server parses it with the same schema), the turnover as it was,
 * and the updated_at the edit started from, so a save over someone else's change is refused (409).
 */
export function toMerchantUpdate(
  form: ProfileForm,
  merchant: Pick<MerchantDetail, 'omset_per_bulan'>,
  startedFrom: string,
  revealed: ReadonlySet<RevealRequest['field']> = new Set(),
): z.input<typeof MerchantUpdateSchema> {
  const note = form.catatan_admin.trim();
  const { nik, no_rekening, ...rest } = form;
  return {
    ...rest,
    // Only what was revealed (and so could be edited) is sent; the rest stays as stored.
    ...(revealed.has('nik') ? { nik } : {}),
    ...(revealed.has('no_rekening') ? { no_rekening } : {}),
    tempat_usaha: form.tempat_usaha === '' ? null : form.tempat_usaha,
    // SPEC §5: an empty note is stored as null.
    catatan_admin: note === '' ? null : note,
    omset_per_bulan: merchant.omset_per_bulan,
    expected_updated_at: startedFrom,
  };
}
