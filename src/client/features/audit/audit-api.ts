import { AuditListSchema, type AuditList, type AuditListQuery } from '../../../domain/audit';
import { listSearch } from '../../lib/admin-api';
import { apiFetch } from '../../lib/api-client';

/** Query keys of the audit page; every admin change invalidates `auditKeys.all`. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all, query] as const,
};

export function fetchAuditList(query: AuditListQuery, signal?: AbortSignal): Promise<AuditList> {
  return apiFetch(`/api/admin/audit?${listSearch(query)}`, { schema: AuditListSchema, signal });
}
