import { Minus, Plus, Trash2 } from 'lucide-react';
import type { CartLine } from '../../../domain/cart';
import { formatRupiah } from '../../../domain/format';
import type { ProductPublic } from '../../../domain/orders';
import { LinkButton } from '../../components/link-button';
import { Button } from '../../components/ui/button';

/** What keeps a line from being ordered as it stands, or null. */
export function lineProblem(line: CartLine, product: ProductPublic | undefined): string | null {
  if (!product) return 'Produk ini tidak dijual lagi. Hapus dari keranjang.';
  if (product.stock_available <= 0) return 'Stok habis. Hapus dari keranjang.';
  if (line.quantity > product.stock_available) return `Stok tersisa ${product.stock_available}. Kurangi jumlahnya.`;
  return null;
}

type CartLinesProps = {
  lines: readonly CartLine[];
  byId: ReadonlyMap<number, ProductPublic>;
  subtotal: number;
  onChange: (productId: number, delta: number) => void;
  onRemove: (productId: number) => void;
};

function LineRow({
  line,
  product,
  onChange,
  onRemove,
}: {
  line: CartLine;
  product: ProductPublic | undefined;
  onChange: (delta: number) => void;
  onRemove: () => void;
}) {
  const name = product?.name ?? `Produk #${line.productId}`;
  const problem = lineProblem(line, product);
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-4">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium">{name}</p>
        {product && <p className="text-sm text-slate-500">{formatRupiah(product.price)} / unit</p>}
        {problem && <p className="mt-1 text-sm font-medium text-red-700">{problem}</p>}
      </div>
      <div className="flex items-center rounded-lg border border-slate-200 p-0.5" role="group" aria-label={`Jumlah ${name}`}>
        <Button variant="ghost" size="icon" onClick={() => onChange(-1)} aria-label={`Kurangi ${name}`}>
          <Minus aria-hidden />
        </Button>
        <output aria-live="polite" aria-label={`Jumlah ${name}`} className="min-w-8 text-center font-semibold">
          {line.quantity}
        </output>
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onChange(1)}
          disabled={!product || line.quantity >= product.stock_available}
          aria-label={`Tambah ${name}`}
        >
          <Plus aria-hidden />
        </Button>
      </div>
      <p className="w-32 text-right font-semibold">{product ? formatRupiah(product.price * line.quantity) : '-'}</p>
      <Button variant="ghostDanger" size="sm" onClick={onRemove} aria-label={`Hapus ${name}`}>
        <Trash2 aria-hidden /> Hapus
      </Button>
    </li>
  );
}

/** Step 1: the cart's lines at the server's prices; shipping is free in this version. */
export function CartLines({ lines, byId, subtotal, onChange, onRemove }: CartLinesProps) {
  return (
    <>
      <ul className="divide-y divide-slate-100" aria-label="Barang di keranjang">
        {lines.map((line) => (
          <LineRow
            key={line.productId}
            line={line}
            product={byId.get(line.productId)}
            onChange={(delta) => onChange(line.productId, delta)}
            onRemove={() => onRemove(line.productId)}
          />
        ))}
      </ul>
      <div className="mt-2 space-y-2 border-t border-slate-200 pt-4 text-sm">
        <p className="flex justify-between">
          <span>Subtotal</span>
          <span className="font-medium" data-testid="checkout-subtotal">
            {formatRupiah(subtotal)}
          </span>
        </p>
        <p>
          Ongkos kirim: <strong className="text-green-700">Gratis</strong>
        </p>
        <p className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
          <span>Total</span>
          <span data-testid="checkout-total">{formatRupiah(subtotal)}</span>
        </p>
      </div>
      <LinkButton to="/shop" variant="secondary" size="sm" className="mt-4">
        Tambah Produk Lain
      </LinkButton>
    </>
  );
}
