import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../components/ui/button';

type DevicePagerProps = { page: number; hasMore: boolean; onPageChange: (page: number) => void };

/**
 * Paging without a total: the device list is not counted (a million rows would cost more than the page),
 * so the server says only whether a next page exists.
 */
export function DevicePager({ page, hasMore, onPageChange }: DevicePagerProps) {
  if (page === 1 && !hasMore) return null;
  return (
    <nav aria-label="Navigasi halaman perangkat" className="flex flex-wrap items-center justify-end gap-3 text-sm text-slate-600">
      <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        <ChevronLeft aria-hidden /> Sebelumnya
      </Button>
      <span aria-live="polite">Halaman {new Intl.NumberFormat('id-ID').format(page)}</span>
      <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={!hasMore}>
        Berikutnya <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
