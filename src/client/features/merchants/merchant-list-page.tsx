import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZES } from '../../../domain/merchants';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../lib/use-page-title';
import { BulkBar } from './bulk-bar';
import { DeleteMerchantDialog } from './delete-merchant-dialog';
import { adjacentPage, type PageSize } from './list-params';
import { MerchantListToolbar } from './merchant-list-toolbar';
import type { MerchantRef } from './merchant-ref';
import { MerchantTable } from './merchant-table';
import { QueueClaimBar } from './queue-claim-bar';
import { SavedViewTabs } from './saved-view-tabs';
import { SelectPageBox } from './select-page-box';
import { StatusChangeDialog } from './status-change-dialog';
import { useLiveMerchantUpdates } from './use-live-merchant-updates';
import { useMerchantList } from './use-merchant-list';
import { useRowSelection } from './use-row-selection';

/** The queue (decision 0022): merchants waiting for a decision, the longest waiting first. */
const QUEUE_VIEW = { status: 'processing', sort: 'queue' } as const;

/** /admin/merchants, and the queue 'Antrean' at /admin: the same table, the queue's order fixed. */
export function MerchantListPage({ queue = false }: { queue?: boolean }) {
  const title = queue ? 'Antrean' : 'Daftar Merchant';
  usePageTitle(title);
  const { view, setView, result } = useMerchantList(queue ? QUEUE_VIEW : {});
  useLiveMerchantUpdates();
  const [statusTarget, setStatusTarget] = useState<MerchantRef | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<MerchantRef | null>(null);
  const { data } = result;
  const selection = useRowSelection(useMemo(() => (data?.items ?? []).map((item) => item.id), [data]));

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{title}</h1>
          {queue && (
            <p className="mt-1 text-sm text-slate-600">
              Pendaftaran yang menunggu keputusan, yang terlama di atas. Janji kami kepada pendaftar: 1-3 hari kerja.
            </p>
          )}
        </div>
        <Button asChild>
          <Link to="/admin/merchants/new">
            <Plus aria-hidden /> Tambah Merchant
          </Link>
        </Button>
      </div>
      <SavedViewTabs daftar={queue ? 'antrean' : 'merchant'} view={view} onApply={setView} />
      <MerchantListToolbar
        queue={queue}
        view={view}
        onChange={setView}
        onRefresh={() => void result.refetch()}
        refreshing={result.isFetching}
      />
      {queue && <QueueClaimBar klaim={view.klaim} counts={data?.claim_counts} onFilter={(klaim) => setView({ klaim })} />}
      <SelectPageBox selection={selection} count={data?.items.length ?? 0} />
      <BulkBar selection={selection} />
      <MerchantTable
        items={data?.items}
        loading={result.isPending}
        onChangeStatus={setStatusTarget}
        onDelete={setDeleteTarget}
        selection={selection}
      />
      {data && (
        <Pagination
          page={view.page}
          pageSize={view.page_size}
          total={data.total}
          totalCapped={data.total_capped}
          hasNext={data.has_next}
          itemCount={data.items.length}
          noun="merchant"
          onPageChange={(page) => setView(adjacentPage(view, data.items, page))}
          pageSizes={PAGE_SIZES}
          onPageSizeChange={(size) => setView({ page_size: size as PageSize })}
        />
      )}
      <StatusChangeDialog merchant={statusTarget} onClose={() => setStatusTarget(null)} />
      <DeleteMerchantDialog merchant={deleteTarget} onClose={() => setDeleteTarget(null)} />
    </main>
  );
}
