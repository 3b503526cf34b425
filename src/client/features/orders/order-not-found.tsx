import { ORDER_MESSAGES } from '../../../domain/orders';
import { RecordNotFound } from '../../components/record-not-found';

/** An unknown id (the API answers 404 'Pesanan tidak ditemukan'). */
export function OrderNotFound() {
  return (
    <RecordNotFound
      title={ORDER_MESSAGES.orderNotFound}
      explanation="Pesanan ini tidak ada. Periksa tautannya atau cari dari daftar pesanan."
      backTo="/admin/orders"
      backLabel="Kembali ke Daftar Pesanan"
    />
  );
}
