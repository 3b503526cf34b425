import type { MerchantDetail } from '../../../domain/merchants';

/**
 * Whether a 'verified' just sent was recorded only as the first of two approvals (the four-eyes rule,
 * docs/decisions/0038): the status did not change, so the admin must not read "berhasil diubah".
 */
export function firstApprovalOnly(sent: string | undefined, answer: Pick<MerchantDetail, 'status' | 'persetujuan_kedua'>): boolean {
  return sent === 'verified' && answer.status !== 'verified' && answer.persetujuan_kedua.menunggu;
}
