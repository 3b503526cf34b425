import { Pencil } from 'lucide-react';
import { formatRupiah } from '../../../domain/format';
import type { ProductAdmin } from '../../../domain/orders';
import { buttonColumn, ColumnTable, type Column, type ColumnTableSpec } from '../../components/list/column-table';
import { Badge } from '../../components/ui/badge';
import { ORDER_TEXTS } from './order-texts';

const COLUMNS: readonly Column<ProductAdmin>[] = [
  { header: 'SKU', className: 'whitespace-nowrap font-mono text-xs', cell: (product) => product.sku },
  { header: 'Nama', className: 'font-medium', cell: (product) => product.name },
  { header: 'Harga', className: 'whitespace-nowrap tabular-nums', cell: (product) => formatRupiah(product.price) },
  { header: 'Stok', className: 'tabular-nums', cell: (product) => product.stock },
  { header: 'Dipesan', className: 'tabular-nums', cell: (product) => product.held },
  { header: 'Tersedia', className: 'tabular-nums', cell: (product) => product.stock_available },
  {
    header: 'Aktif',
    cell: (product) =>
      product.active ? (
        <Badge colours="bg-green-100 text-green-800">Aktif</Badge>
      ) : (
        <Badge colours="bg-slate-200 text-slate-800">Nonaktif</Badge>
      ),
  },
];

const PRODUCT_TABLE: Omit<ColumnTableSpec<ProductAdmin>, 'columns'> = {
  label: 'Daftar produk',
  item: 'product',
  messages: { failed: ORDER_TEXTS.productsLoadFailed, empty: ORDER_TEXTS.emptyProducts },
  loadingRows: 3,
};

type ProductTableProps = { products: ProductAdmin[] | undefined; loading: boolean; onEdit: (product: ProductAdmin) => void };

/** Stok counts every unit; Dipesan the units open orders hold; Tersedia what the shop can still sell. */
export function ProductTable({ products, loading, onEdit }: ProductTableProps) {
  const edit = buttonColumn({ header: 'Aksi', Icon: Pencil, text: 'Ubah', itemName: (product) => product.name, onClick: onEdit });
  return <ColumnTable {...PRODUCT_TABLE} columns={[...COLUMNS, edit]} items={products} loading={loading} />;
}
