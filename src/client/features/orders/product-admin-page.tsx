import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductAdmin } from '../../../domain/orders';
import { PageHeading } from '../../components/layout/page-heading';
import { RefreshButton } from '../../components/list/refresh-button';
import { retryServerErrors } from '../../lib/api-errors';
import { useLoadErrorToast } from '../../lib/use-load-error-toast';
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
  useLoadErrorToast(products, ORDER_TEXTS.productsLoadFailed);

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <PageHeading title={title} actions={<RefreshButton list={products} label="Refresh daftar produk" />}>
        Stok menghitung semua unit, termasuk yang dipesan oleh pesanan yang menunggu pembayaran atau sudah dibayar. Tersedia = Stok −
        Dipesan.
      </PageHeading>
      <ProductTable products={products.data} loading={products.isPending} onEdit={setEditing} />
      <ProductEditDialog product={editing} onClose={() => setEditing(null)} />
    </main>
  );
}
