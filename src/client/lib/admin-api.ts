import { z } from 'zod';
import { AuditEntrySchema, type AuditEntry } from '../../domain/audit';
import { apiFetch } from './api-client';

/**
 * The query keys of an admin resource's screens. Every key starts with ['admin', resource], so one
 * invalidation of `all` (a live event, a change) refreshes every list, detail and activity feed; a
 * record's own feeds go under its `detail` key.
 */
export function adminQueryKeys<Resource extends string>(resource: Resource) {
  const all = ['admin', resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: <Query>(query: Query) => [...all, 'list', query] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}

/** An admin list's GET query string: every value the query holds. */
export function listSearch(query: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}

const AuditItemsSchema = z.object({ items: z.array(AuditEntrySchema) });

/** A record's audit trail (`GET <record>/audit`), newest first. */
export async function fetchAuditTrail(recordPath: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  const { items } = await apiFetch(`${recordPath}/audit`, { schema: AuditItemsSchema, signal });
  return items;
}
