import { Check, Minus, Plus, ShoppingCart } from 'lucide-react';
import { formatRupiah } from '../../../domain/format';
import type { ProductPublic } from '../../../domain/orders';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

type ProductCardProps = {
  product: ProductPublic;
  quantity: number;
  onAdd: () => void;
  onChange: (delta: number) => void;
};

/** 'Stok: N' from the server (decision 0030); at 0 the product cannot be added. */
export function stockText(available: number): string {
  return available > 0 ? `Stok: ${available}` : 'Stok habis';
}

export function ProductCard({ product, quantity, onAdd, onChange }: ProductCardProps) {
  const headingId = `produk-${product.id}`;
  const available = product.stock_available;
  return (
    <Card className="flex flex-col p-6" aria-labelledby={headingId} role="article">
      <Badge className="self-start">{product.badge}</Badge>
      <h2 id={headingId} className="mt-3 text-xl font-semibold">
        {product.name}
      </h2>
      <p className="text-sm text-slate-500">SKU: {product.sku}</p>
      <p className="mt-3 text-2xl font-bold text-brand-700">{formatRupiah(product.price)}</p>
      <p className="mt-3 text-slate-600">{product.description}</p>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {product.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2">
            <Check aria-hidden className="size-4 text-green-600" />
            {feature}
          </li>
        ))}
      </ul>
      <p className={available > 0 ? 'mt-4 text-sm text-slate-500' : 'mt-4 text-sm font-semibold text-red-700'}>{stockText(available)}</p>
      <div className="mt-4">
        {quantity === 0 ? (
          <Button className="w-full" onClick={onAdd} disabled={available <= 0} aria-label={`Add to Cart ${product.name}`}>
            <ShoppingCart aria-hidden /> Add to Cart
          </Button>
        ) : (
          <div
            className="flex items-center justify-between rounded-lg border border-slate-200 p-1"
            role="group"
            aria-label={`Jumlah ${product.name}`}
          >
            <Button variant="ghost" size="icon" onClick={() => onChange(-1)} aria-label={`Kurangi ${product.name}`}>
              <Minus aria-hidden />
            </Button>
            <output aria-live="polite" aria-label={`Jumlah ${product.name}`} className="min-w-10 text-center text-lg font-semibold">
              {quantity}
            </output>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => onChange(1)}
              disabled={quantity >= available}
              aria-label={`Tambah ${product.name}`}
            >
              <Plus aria-hidden />
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
