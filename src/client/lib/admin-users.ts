import { AdminUserListSchema, type AdminUserList } from '../../domain/review-claims';
import { apiFetch } from './api-client';

/** The admins, for the audit log's filter and the bulk assignment of cases. */
export function fetchAdmins(signal?: AbortSignal): Promise<AdminUserList> {
  return apiFetch('/api/admin/admins', { schema: AdminUserListSchema, signal });
}
