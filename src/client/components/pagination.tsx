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
};

export function Pagination({ page, pageSize, total, noun, onPageChange, pageSizes, onPageSizeChange }: PaginationProps) {
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label="Navigasi halaman" className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
      <p aria-live="polite">
        Menampilkan {numberFormat.format(from)}-{numberFormat.format(to)} dari <strong>{numberFormat.format(total)}</strong> {noun}
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
          Halaman {numberFormat.format(page)} dari {numberFormat.format(pages)}
        </span>
        <Button variant="secondary" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages} aria-label="Halaman berikutnya">
          Berikutnya <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
