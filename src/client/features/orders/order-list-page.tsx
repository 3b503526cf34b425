import { Pagination } from '../../components/pagination';
import { usePageTitle } from '../../lib/use-page-title';
import { OrderListToolbar } from './order-list-toolbar';
import { OrderTable } from './order-table';
import { useLiveOrderUpdates } from './use-live-order-updates';
import { useOrderList } from './use-order-list';

/** /admin/orders: the shop's orders, newest first; search, status and page in the URL. */
export function OrderListPage() {
  const title = 'Daftar Pesanan';
  usePageTitle(title);
  const { view, setView, result } = useOrderList();
  useLiveOrderUpdates();
  const { data } = result;

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <OrderListToolbar view={view} onChange={setView} onRefresh={() => void result.refetch()} refreshing={result.isFetching} />
      <OrderTable items={data?.items} loading={result.isPending} />
      {data && (
        <Pagination
          page={view.page}
          pageSize={data.page_size}
          total={data.total}
          noun="pesanan"
          onPageChange={(page) => setView({ page })}
        />
      )}
    </main>
  );
}
