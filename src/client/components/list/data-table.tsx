import type { ReactNode } from 'react';
import { Skeleton } from '../ui/skeleton';
import { Table, TableHead, Th } from '../ui/table';

type DataTableProps<Item> = {
  /** The accessible name of the scrolling region. */
  label: string;
  columns: readonly string[];
  /** Undefined until the first page arrives, and after a failed first load. */
  items: Item[] | undefined;
  loading: boolean;
  /** Placeholder rows while the first page loads. */
  loadingRows?: number;
  failedText: string;
  emptyText: string;
  /** The row (or rows: an expandable detail) of one item, keyed by the caller. */
  renderRow: (item: Item) => ReactNode;
};

/** The admin lists' table: header, loading, failed and empty states, then one row per item. */
export function DataTable<Item>({
  label,
  columns,
  items,
  loading,
  loadingRows = 1,
  failedText,
  emptyText,
  renderRow,
}: DataTableProps<Item>) {
  return (
    <Table label={label} aria-busy={loading}>
      <TableHead>
        <tr>
          {columns.map((column) => (
            <Th key={column}>{column}</Th>
          ))}
        </tr>
      </TableHead>
      <tbody>
        {items === undefined &&
          loading &&
          Array.from({ length: loadingRows }, (_, row) => (
            <tr key={row}>
              <td colSpan={columns.length} className="px-4 py-3">
                <Skeleton className="h-6 w-full" />
              </td>
            </tr>
          ))}
        {items === undefined && !loading && <MessageRow columns={columns.length} className="text-red-700" text={failedText} />}
        {items?.length === 0 && <MessageRow columns={columns.length} className="text-slate-500" text={emptyText} />}
        {items?.map(renderRow)}
      </tbody>
    </Table>
  );
}

function MessageRow({ columns, className, text }: { columns: number; className: string; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className={`px-4 py-12 text-center ${className}`}>
        {text}
      </td>
    </tr>
  );
}
