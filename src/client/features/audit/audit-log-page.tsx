import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_PAGE_SIZE } from '../../../domain/merchants';
import { Pagination } from '../../components/pagination';
import { usePageTitle } from '../../lib/use-page-title';
import { isUnauthorized, retryServerErrors } from '../merchants/merchant-api';
import { auditKeys, fetchAuditList } from './audit-api';
import { auditViewToQuery, auditViewToSearchParams, parseAuditView, updateAuditView, type AuditView } from './audit-params';
import { AuditTable } from './audit-table';
import { AuditToolbar } from './audit-toolbar';

/** /admin/audit: newest first, 100 per page, search and filter in the URL. */
export function AuditLogPage() {
  usePageTitle('Audit Logs');
  const [searchParams, setSearchParams] = useSearchParams();
  const view = parseAuditView(searchParams);
  const query = auditViewToQuery(view);
  const result = useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => fetchAuditList(query, signal),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
  const setView = (change: Partial<AuditView>) =>
    setSearchParams(auditViewToSearchParams(updateAuditView(view, change)), { replace: change.q !== undefined });

  // SPEC §8: an audit load failure is only logged to the console.
  const { error } = result;
  useEffect(() => {
    if (error && !isUnauthorized(error)) console.error('audit log load failed', error);
  }, [error]);

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <h1 className="text-2xl font-bold">Audit Logs</h1>
      <AuditToolbar view={view} onChange={setView} onRefresh={() => void result.refetch()} refreshing={result.isFetching} />
      <AuditTable items={result.data?.items} loading={result.isPending} />
      {result.data && (
        <Pagination page={view.page} pageSize={AUDIT_PAGE_SIZE} total={result.data.total} noun="log" onPageChange={(page) => setView({ page })} />
      )}
    </main>
  );
}
