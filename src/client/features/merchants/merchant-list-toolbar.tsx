import type { MerchantSort } from '../../../domain/merchants';
import { MERCHANT_STATUSES, STATUS_LABELS } from '../../../domain/vocabularies';
import { ListToolbar, ToolbarSelect, type ViewToolbarProps } from '../../components/list/list-toolbar';
import { WarningsFilter } from './check-warnings';
import { ExportButton } from './export-button';
import type { MerchantListView, StatusFilter } from './list-params';
import { QrisExportButton } from './qris-export-button';

const STATUS_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Semua Status' },
  ...MERCHANT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const SORT_LABELS: Record<MerchantSort, string> = {
  newest: 'Terbaru',
  oldest: 'Terlama',
  nama_toko: 'Nama Toko (A-Z)',
  status: 'Status',
  queue: 'Antrean',
};
const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value: value as MerchantSort, label }));

/** In the queue the status and order are the queue's own: only the search and refresh are offered. */
export function MerchantListToolbar({ queue, ...props }: ViewToolbarProps<MerchantListView> & { queue: boolean }) {
  const { view, onChange } = props;
  return (
    <ListToolbar
      {...props}
      searchLabel="Cari merchant"
      searchPlaceholder="Cari nama, email, no HP, atau kode..."
      refreshLabel="Refresh daftar merchant"
      actions={
        queue ? undefined : (
          <>
            <ExportButton view={view} />
            <QrisExportButton />
          </>
        )
      }
    >
      <WarningsFilter checked={view.peringatan === 'ada'} onChange={(on) => onChange({ peringatan: on ? 'ada' : '' })} />
      {!queue && (
        <>
          <ToolbarSelect {...props} field="status" label="Status" className="w-52" options={STATUS_OPTIONS} />
          <ToolbarSelect {...props} field="sort" label="Urutkan" className="w-44" options={SORT_OPTIONS} />
        </>
      )}
    </ListToolbar>
  );
}
