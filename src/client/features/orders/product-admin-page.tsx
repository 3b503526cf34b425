import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ProductAdmin } from '../../../domain/orders';
import { Button } from '../../components/ui/button';
import { isUnauthorized, retryServerErrors } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { usePageTitle } from '../../lib/use-page-title';
import { ORDER_TEXTS } from './order-texts';
import { fetchProducts, productKeys } from './orders-api';
import { ProductEditDialog } from './product-edit-dialog';
import { ProductTable } from './product-table';
import { useLiveOrderUpdates } from './use-live-order-updates';

/** /admin/products: price, stock and sale of the shop's products; the units orders hold refresh live. */
export function ProductAdminPage() {
  const title = 'Produk';
  usePageTitle(title);
  const products = useQuery({ queryKey: productKeys.all, queryFn: ({ signal }) => fetchProducts(signal), retry: retryServerErrors });
  useLiveOrderUpdates();
  const [editing, setEditing] = useState<ProductAdmin | null>(null);

  const { error, errorUpdatedAt } = products;
  useEffect(() => {
    if (error && !isUnauthorized(error)) toast.error(ORDER_TEXTS.productsLoadFailed, { id: 'product-list-error' });
  }, [error, errorUpdatedAt]);

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">
            Stok menghitung semua unit, termasuk yang dipesan oleh pesanan yang menunggu pembayaran atau sudah dibayar. Tersedia = Stok −
            Dipesan.
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() => void products.refetch()}
          disabled={products.isFetching}
          aria-label="Refresh daftar produk"
        >
          <RefreshCw aria-hidden className={cn(products.isFetching && 'animate-spin')} /> Refresh
        </Button>
      </div>
      <ProductTable products={products.data} loading={products.isPending} onEdit={setEditing} />
      <ProductEditDialog product={editing} onClose={() => setEditing(null)} />
    </main>
  );
}
