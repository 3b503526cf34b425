import { Link } from 'react-router';
import { formatDateTimeWib, formatDateWib } from '../../../domain/format';
import type { MerchantListItem } from '../../../domain/merchants';
import { MESSAGES } from '../../../domain/messages';
import { DataTable } from '../../components/list/data-table';
import { TableRow, Td } from '../../components/ui/table';
import { CheckWarningsMark } from './check-warnings';
import { HolderCell, SecondApprovalBadge, SelectCell } from './claim-cells';
import type { MerchantRef } from './merchant-ref';
import { MerchantStatusBadge } from './merchant-status-badge';
import { RowActions } from './row-actions';
import { DuplicateMark, SlaBadge } from './sla-badge';
import type { RowSelection } from './use-row-selection';

const COLUMNS = ['Kode', 'Nama Toko', 'Pemilik', 'No. HP', 'Email', 'Lokasi', 'Status', 'Tanggal Daftar', 'Aksi'] as const;
// With row selection (the bulk bar): a box first, and who reviews each case before its actions.
const SELECTABLE_COLUMNS = ['Pilih', ...COLUMNS.slice(0, -1), 'Peninjau', 'Aksi'] as const;

type MerchantTableProps = {
  items: MerchantListItem[] | undefined;
  loading: boolean;
  onChangeStatus: (merchant: MerchantRef) => void;
  onDelete: (merchant: MerchantRef) => void;
  selection?: RowSelection;
};

export function MerchantTable({ items, loading, ...actions }: MerchantTableProps) {
  return (
    <DataTable
      label="Daftar merchant"
      columns={actions.selection ? SELECTABLE_COLUMNS : COLUMNS}
      items={items}
      loading={loading}
      loadingRows={5}
      failedText={MESSAGES.listLoadFailed}
      emptyText={MESSAGES.emptyMerchants}
      renderRow={(merchant) => <MerchantRow key={merchant.id} merchant={merchant} {...actions} />}
    />
  );
}

type MerchantRowProps = Omit<MerchantTableProps, 'items' | 'loading'> & { merchant: MerchantListItem };

function MerchantRow({ merchant, onChangeStatus, onDelete, selection }: MerchantRowProps) {
  return (
    <TableRow data-merchant-id={merchant.id}>
      {selection && <SelectCell merchant={merchant} selection={selection} />}
      <Td className="whitespace-nowrap font-mono text-xs">{merchant.kode_pendaftaran}</Td>
      <Td className="font-medium">
        <span className="inline-flex items-center gap-1.5">
          <Link to={`/admin/merchants/${encodeURIComponent(merchant.id)}`} className="hover:text-brand-700 hover:underline">
            {merchant.nama_toko}
          </Link>
          {merchant.has_duplicates && <DuplicateMark />}
          {Boolean(merchant.check_warnings) && <CheckWarningsMark count={merchant.check_warnings!} />}
        </span>
      </Td>
      <Td>{merchant.nama_pemilik}</Td>
      <Td className="whitespace-nowrap">{merchant.no_hp}</Td>
      <Td className="break-all">{merchant.email}</Td>
      <Td>
        {merchant.kota_kab}, {merchant.provinsi}
      </Td>
      <Td>
        <div className="flex flex-col items-start gap-1">
          <MerchantStatusBadge status={merchant.status} />
          <SlaBadge sla={merchant.sla} days={merchant.age_working_days} />
          <SecondApprovalBadge merchant={merchant} />
        </div>
      </Td>
      <Td className="whitespace-nowrap">
        <time dateTime={merchant.submitted_at} title={formatDateTimeWib(merchant.submitted_at)}>
          {formatDateWib(merchant.submitted_at)}
        </time>
      </Td>
      {selection && <HolderCell merchant={merchant} />}
      <Td>
        <RowActions merchant={merchant} onChangeStatus={onChangeStatus} onDelete={onDelete} />
      </Td>
    </TableRow>
  );
}
