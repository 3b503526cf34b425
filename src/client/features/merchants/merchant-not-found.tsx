import { MESSAGES } from '../../../domain/messages';
import { RecordNotFound } from '../../components/record-not-found';

/** An unknown or deleted id (the API answers 404 for both). */
export function MerchantNotFound() {
  return (
    <RecordNotFound
      title={MESSAGES.merchantNotFound}
      explanation="Merchant ini tidak ada atau sudah dihapus."
      backTo="/admin/merchants"
      backLabel="Kembali ke Daftar Merchant"
    />
  );
}
