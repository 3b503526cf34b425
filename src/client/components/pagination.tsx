import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from './ui/button';
import { NativeSelect } from './ui/input';

const numberFormat = new Intl.NumberFormat('id-ID');

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
   * The server stopped counting at `total` (a broad search, decision 0023): the figures read "10.000+",
   * and whether a page follows comes from `hasNext`, with `itemCount` rows on this page.
   */
  totalCapped?: boolean;
  hasNext?: boolean;
  itemCount?: number;
};

export function Pagination({ page, pageSize, total, noun, onPageChange, pageSizes, onPageSizeChange, totalCapped = false, hasNext, itemCount }: PaginationProps) {
  const sizeId = useId();
  let pages = Math.max(1, Math.ceil(total / pageSize));
  let from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  let to = Math.min(page * pageSize, total);
  let shownTotal = total;
  if (totalCapped) {
    // At least this many: past the counted rows the figures grow with the page, never shrink below it.
    from = (page - 1) * pageSize + 1;
    to = from - 1 + (itemCount ?? pageSize);
    shownTotal = Math.max(total, to);
    pages = Math.max(pages, page);
  }
  const more = totalCapped ? '+' : '';
  return (
    <nav aria-label="Navigasi halaman" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">
        Menampilkan {numberFormat.format(from)}-{numberFormat.format(to)} dari <strong>{numberFormat.format(shownTotal)}{more}</strong> {noun}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {pageSizes && onPageSizeChange && (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId}>Per halaman</label>
            <div className="w-24">
              <NativeSelect id={sizeId} name="page_size" size="sm" value={pageSize} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
                {pageSizes.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
        )}
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Halaman sebelumnya">
          <ChevronLeft aria-hidden /> Sebelumnya
        </Button>
        <span>
          Halaman {numberFormat.format(page)} dari {numberFormat.format(pages)}{more}
        </span>
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={hasNext === undefined ? page >= pages : !hasNext} aria-label="Halaman berikutnya">
          Berikutnya <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
