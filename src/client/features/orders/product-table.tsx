import { Pencil } from 'lucide-react';
import { formatRupiah } from '../../../domain/format';
import type { ProductAdmin } from '../../../domain/orders';
import { DataTable } from '../../components/list/data-table';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TableRow, Td } from '../../components/ui/table';
import { ORDER_TEXTS } from './order-texts';

const COLUMNS = ['SKU', 'Nama', 'Harga', 'Stok', 'Dipesan', 'Tersedia', 'Aktif', 'Aksi'] as const;

type ProductTableProps = { products: ProductAdmin[] | undefined; loading: boolean; onEdit: (product: ProductAdmin) => void };

/** Stok counts every unit; Dipesan the units open orders hold; Tersedia what the shop can still sell. */
export function ProductTable({ products, loading, onEdit }: ProductTableProps) {
  return (
    <DataTable
      label="Daftar produk"
      columns={COLUMNS}
      items={products}
      loading={loading}
      loadingRows={3}
      failedText={ORDER_TEXTS.productsLoadFailed}
      emptyText={ORDER_TEXTS.emptyProducts}
      renderRow={(product) => (
        <TableRow key={product.id} data-product-id={product.id}>
          <Td className="whitespace-nowrap font-mono text-xs">{product.sku}</Td>
          <Td className="font-medium">{product.name}</Td>
          <Td className="whitespace-nowrap tabular-nums">{formatRupiah(product.price)}</Td>
          <Td className="tabular-nums">{product.stock}</Td>
          <Td className="tabular-nums">{product.held}</Td>
          <Td className="tabular-nums">{product.stock_available}</Td>
          <Td>
            {product.active ? (
              <Badge colours="bg-green-100 text-green-800">Aktif</Badge>
            ) : (
              <Badge colours="bg-slate-200 text-slate-800">Nonaktif</Badge>
            )}
          </Td>
          <Td>
            <Button variant="outline" size="sm" onClick={() => onEdit(product)} aria-label={`Ubah ${product.name}`}>
              <Pencil aria-hidden /> Ubah
            </Button>
          </Td>
        </TableRow>
      )}
    />
  );
}
