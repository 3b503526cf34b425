import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZES } from '../../../domain/merchants';
import { Pagination } from '../../components/pagination';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../lib/use-page-title';
import { DeleteMerchantDialog } from './delete-merchant-dialog';
import { adjacentPage, type PageSize } from './list-params';
import { MerchantListToolbar } from './merchant-list-toolbar';
import type { MerchantRef } from './merchant-ref';
import { MerchantTable } from './merchant-table';
import { StatusChangeDialog } from './status-change-dialog';
import { useLiveMerchantUpdates } from './use-live-merchant-updates';
import { useMerchantList } from './use-merchant-list';

/** /admin/merchants */
export function MerchantListPage() {
  usePageTitle('Daftar Merchant');
  const { view, setView, result } = useMerchantList();
  useLiveMerchantUpdates();
  const [statusTarget, setStatusTarget] = useState<MerchantRef | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<MerchantRef | null>(null);
  const { data } = result;

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Daftar Merchant</h1>
        <Button asChild>
          <Link to="/admin/merchants/new">
            <Plus aria-hidden /> Tambah Merchant
          </Link>
        </Button>
      </div>
      <MerchantListToolbar view={view} onChange={setView} onRefresh={() => void result.refetch()} refreshing={result.isFetching} />
      <MerchantTable items={data?.items} loading={result.isPending} onChangeStatus={setStatusTarget} onDelete={setDeleteTarget} />
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
