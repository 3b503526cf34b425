import { merchantAccountNumber, merchantNik } from '../../src/server/db/merchant-columns.js';
import type { MerchantRow } from '../../src/server/db/schema.js';

/** A merchant row as tests compare it: the NIK and account number opened from their sealed columns. */
export function clearIdentity(row: MerchantRow): Omit<MerchantRow, 'nik' | 'noRekening'> & { nik: string; noRekening: string } {
  return { ...row, nik: merchantNik(row), noRekening: merchantAccountNumber(row) };
}
