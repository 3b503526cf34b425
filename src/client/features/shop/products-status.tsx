import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/**
 * The look of components/ui/skeleton.tsx, as a class: that component belongs to the status page's chunk,
 * which /shop and /checkout would otherwise download with it (first-load budgets, decision 0043).
 */
export const PULSE = 'animate-pulse bg-slate-200';

function Bar({ className }: { className: string }) {
  return <div aria-hidden className={`${PULSE} ${className}`} />;
}

/** A product card's lines, top to bottom: badge, name, SKU, price, description, button. */
const CARD_LINES = [
  'h-5 w-24 rounded-full',
  'h-6 w-2/3 rounded-md',
  'h-4 w-1/3 rounded-md',
  'h-8 w-1/2 rounded-md',
  'h-16 w-full rounded-md',
  'h-10 w-full rounded-md',
];

/** Cards' outlines while the server's products load. */
export function ProductsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-3" aria-busy="true" aria-label="Memuat produk" role="status">
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} className="flex flex-col gap-3 p-6">
          {CARD_LINES.map((line) => (
            <Bar key={line} className={line} />
          ))}
        </Card>
      ))}
    </div>
  );
}

/** The products could not be read: say so and offer to ask again. */
export function ProductsFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card tone="warning" className="mt-8 flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center" role="alert">
      <AlertTriangle aria-hidden className="size-6 shrink-0 text-amber-700" />
      <div className="flex-1 text-sm text-amber-900">
        <p className="font-semibold">Gagal memuat produk.</p>
        <p>{message}</p>
      </div>
      <Button variant="secondary" onClick={onRetry}>
        <RefreshCw aria-hidden /> Coba Lagi
      </Button>
    </Card>
  );
}
