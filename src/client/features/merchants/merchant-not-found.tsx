import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { Button } from '../../components/ui/button';

/** An unknown or deleted id (the API answers 404 for both). */
export function MerchantNotFound() {
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col items-center px-4 py-16 text-center">
      <SearchX aria-hidden className="size-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold">{MESSAGES.merchantNotFound}</h1>
      <p className="mt-2 text-slate-600">Merchant ini tidak ada atau sudah dihapus.</p>
      <Button asChild className="mt-6">
        <Link to="/admin/merchants">
          <ArrowLeft aria-hidden /> Kembali ke Daftar Merchant
        </Link>
      </Button>
    </main>
  );
}
