import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { pagerFigures } from './pager-figures';
import { Button } from './ui/button';
import { NativeSelect } from './ui/input';

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** e.g. 'merchant' or 'log': "Menampilkan 1-25 dari 1.234 merchant". */
  noun: string;
  onPageChange: (page: number) => void;
  /** Offered sizes; without them the size is fixed and no chooser is shown. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /**
   * The server stopped counting at `total` (a broad search, decision 0023): the figures read "1.000+",
   * and whether a page follows comes from `hasNext`, with `itemCount` rows on this page.
   */
  totalCapped?: boolean;
  hasNext?: boolean;
  itemCount?: number;
};

export function Pagination({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  totalCapped,
  hasNext,
  itemCount,
}: PaginationProps) {
  const sizeId = useId();
  const figures = pagerFigures({ page, pageSize, total, totalCapped, hasNext, itemCount });
  return (
    <nav aria-label="Navigasi halaman" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">
        Menampilkan {figures.from}-{figures.to} dari <strong>{figures.total}</strong> {noun}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {pageSizes && onPageSizeChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId}>Per halaman</label>
            <div className="w-24">
              <NativeSelect
                id={sizeId}
                name="page_size"
                size="sm"
                value={pageSize}
                onChange={(event) => onPageSizeChange(Number(event.target.value))}
                choices={pageSizes}
              />
            </div>
          </div>
        )}
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Halaman sebelumnya">
          <ChevronLeft aria-hidden /> Sebelumnya
        </Button>
        <span>
          Halaman {figures.page} dari {figures.pages}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onPageChange(page + 1)}
          disabled={!figures.hasNext}
          aria-label="Halaman berikutnya"
        >
          Berikutnya <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
