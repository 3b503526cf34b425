import { labelledCodes } from './code-tables.js';

/** Business categories of docs/spec.md §3, in the order the form lists them. */
export const BUSINESS_CATEGORIES = [
  'Retail',
  'F&B',
  'Fashion',
  'Jasa Keuangan',
  'Elektronik',
  'Sembako',
  'Pendidikan',
  'Kesehatan',
  'Otomotif',
  'Properti',
  'Travel & Tourism',
  'Teknologi',
  'Lainnya',
] as const;

export const OTHER_CATEGORY = 'Lainnya';

export const PREMISES = ['Hak Milik', 'Sewa'] as const;
export type Premises = (typeof PREMISES)[number];
export const DEFAULT_ADMIN_PREMISES: Premises = 'Sewa';

export const BANKS = ['BCA', 'BNI', 'BRI', 'Mandiri', 'BSI', 'CIMB Niaga', 'Danamon', 'Permata'] as const;
export type Bank = (typeof BANKS)[number];

export const [MERCHANT_STATUSES, STATUS_LABELS] = labelledCodes({
  processing: 'Sedang Diproses',
  verified: 'Sudah Terverifikasi',
  rejected: 'Ditolak',
  data_tidak_lengkap: 'Data Tidak Lengkap',
});
export type MerchantStatus = keyof typeof STATUS_LABELS;

/** docs/spec.md §4: an unknown or missing status is shown as processing. */
export function normalizeStatus(value: unknown): MerchantStatus {
  return (MERCHANT_STATUSES as readonly unknown[]).includes(value) ? (value as MerchantStatus) : 'processing';
}

export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];
