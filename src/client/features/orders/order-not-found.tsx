import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { ORDER_MESSAGES } from '../../../domain/orders';
import { Button } from '../../components/ui/button';

/** An unknown id (the API answers 404 'Pesanan tidak ditemukan'). */
export function OrderNotFound() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
      <SearchX aria-hidden className="size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold">{ORDER_MESSAGES.orderNotFound}</h1>
      <p className="mt-2 text-slate-600">Pesanan ini tidak ada. Periksa tautannya atau cari dari daftar pesanan.</p>
      <Button asChild className="mt-6">
        <Link to="/admin/orders">
          <ArrowLeft aria-hidden /> Kembali ke Daftar Pesanan
        </Link>
      </Button>
    </main>
  );
}
