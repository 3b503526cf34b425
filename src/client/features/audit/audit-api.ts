import { AuditListSchema, type AuditList, type AuditListQuery } from '../../../domain/audit';
import { apiFetch } from '../../lib/api-client';

/** Query keys of the audit page; every admin change invalidates `auditKeys.all`. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (query: AuditListQuery) => [...auditKeys.all, query] as const,
};

export function fetchAuditList(query: AuditListQuery, signal?: AbortSignal): Promise<AuditList> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return apiFetch(`/api/admin/audit?${params.toString()}`, { schema: AuditListSchema, signal });
}
