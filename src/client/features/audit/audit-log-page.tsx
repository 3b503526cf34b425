import { useEffect } from 'react';
import { AUDIT_PAGE_SIZE } from '../../../domain/audit';
import { useUrlList } from '../../components/list/use-url-list';
import { Pagination } from '../../components/pagination';
import { isUnauthorized, retryServerErrors } from '../../lib/api-errors';
import { usePageTitle } from '../../lib/use-page-title';
import { auditKeys, fetchAuditList } from './audit-api';
import { AuditExportButton } from './audit-export-button';
import { auditViewToQuery, auditViewToSearchParams, parseAuditView } from './audit-params';
import { AuditTable } from './audit-table';
import { AuditToolbar } from './audit-toolbar';

/** /admin/audit: newest first, 100 per page, search and filter in the URL. */
export function AuditLogPage() {
  usePageTitle('Audit Logs');
  const { view, setView, result } = useUrlList({
    parse: parseAuditView,
    toSearchParams: auditViewToSearchParams,
    toQuery: auditViewToQuery,
    queryKey: auditKeys.list,
    fetch: fetchAuditList,
    retry: retryServerErrors,
  });

  // docs/spec.md §8: an audit load failure is only logged to the console.
  const { error } = result;
  useEffect(() => {
    if (error && !isUnauthorized(error)) console.error('audit log load failed', error);
  }, [error]);

  return (
    <main className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Audit Logs</h1>
        <AuditExportButton view={view} />
      </div>
      <AuditToolbar view={view} onChange={setView} onRefresh={() => void result.refetch()} refreshing={result.isFetching} />
      <AuditTable items={result.data?.items} loading={result.isPending} />
      {result.data && (
        <Pagination
          page={view.page}
          pageSize={AUDIT_PAGE_SIZE}
          total={result.data.total}
          noun="log"
          onPageChange={(page) => setView({ page })}
        />
      )}
    </main>
  );
}
