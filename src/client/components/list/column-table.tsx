import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTimeWib } from '../../../domain/format';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { TableHead, TableRow, Td, Th } from '../ui/table';
import { DataTable } from './data-table';

/** One column of a table: its header, and the cell it draws of each item. */
export type Column<Item> = {
  header: string;
  cell: (item: Item) => ReactNode;
  /** The cell's classes (wrapping, figures). */
  className?: string;
  /** Figures read down a column: header and cells on the right. */
  alignRight?: boolean;
};

/** An admin list's table as data: its name, its columns, and what it says when the load fails or finds nothing. */
export type ColumnTableSpec<Item> = {
  label: string;
  /** Names each row's data attribute: `order` gives `data-order-id`. */
  item: string;
  columns: readonly Column<Item>[];
  messages: { failed: string; empty: string };
  /** Placeholder rows while the first page loads: 5 unless the list is known to be shorter. */
  loadingRows?: number;
};

type ColumnTableProps<Item> = ColumnTableSpec<Item> & { items: Item[] | undefined; loading: boolean };

/** DataTable drawn from its columns: a row's cells are the columns' cells, in the header's order. */
export function ColumnTable<Item extends { id: string | number }>(props: ColumnTableProps<Item>) {
  const { item, columns, messages } = props;
  return (
    <DataTable
      label={props.label}
      columns={columns.map((column) => column.header)}
      items={props.items}
      loading={props.loading}
      loadingRows={props.loadingRows ?? 5}
      failedText={messages.failed}
      emptyText={messages.empty}
      renderRow={(row) => <ColumnRow key={row.id} columns={columns} item={row} {...{ [`data-${item}-id`]: row.id }} />}
    />
  );
}

/** The header row of a table drawn from its columns. */
export function ColumnHead<Item>({ columns }: { columns: readonly Column<Item>[] }) {
  return (
    <TableHead>
      <tr>
        {columns.map((column) => (
          <Th key={column.header} className={cn(column.alignRight && 'text-right')}>
            {column.header}
          </Th>
        ))}
      </tr>
    </TableHead>
  );
}

type ColumnRowProps<Item> = { columns: readonly Column<Item>[]; item: Item } & Record<`data-${string}`, string | number>;

/** One item's row: a cell per column; `data-*` attributes go on the row. */
export function ColumnRow<Item>({ columns, item, ...data }: ColumnRowProps<Item>) {
  return (
    <TableRow {...data}>
      {columns.map((column) => (
        <Td key={column.header} className={cn(column.alignRight && 'text-right', column.className)}>
          {column.cell(item)}
        </Td>
      ))}
    </TableRow>
  );
}

/** A moment of each item, in WIB, on one line. */
export function timeColumn<Item>(header: string, at: (item: Item) => string): Column<Item> {
  return { header, className: 'whitespace-nowrap', cell: (item) => <time dateTime={at(item)}>{formatDateTimeWib(at(item))}</time> };
}

type ButtonColumnOptions<Item> = {
  header: string;
  Icon: LucideIcon;
  text: string;
  onClick: (item: Item) => void;
  /** Names the row's item in the button's accessible name: 'Ubah' and the product's name. */
  itemName: (item: Item) => string;
};

/** A column of one small button per row, such as Ubah or Riwayat. */
export function buttonColumn<Item>({ header, Icon, text, onClick, itemName }: ButtonColumnOptions<Item>): Column<Item> {
  return {
    header,
    cell: (item) => (
      <Button variant="outline" size="sm" onClick={() => onClick(item)} aria-label={`${text} ${itemName(item)}`}>
        <Icon aria-hidden /> {text}
      </Button>
    ),
  };
}
