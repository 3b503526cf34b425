import type { z } from 'zod';
import { ApplicantMessageListSchema, ApplicantMessageSchema, type ApplicantMessage } from '../../../domain/applicant-mail';
import type { AuditEntry } from '../../../domain/audit';
import { isIdentityTerm } from '../../../domain/identity-search';
import {
  MerchantDetailSchema,
  MerchantListSchema,
  RevealResponseSchema,
  type MerchantCreateSchema,
  type MerchantDetail,
  type MerchantList,
  type MerchantListQuery,
  type MerchantStatusChangeInput,
  type MerchantUpdateSchema,
  type RevealRequest,
  type RevealResponse,
} from '../../../domain/merchants';
import { DuplicateListSchema, type DuplicateMatch } from '../../../domain/workbench';
import { adminQueryKeys, fetchAuditTrail, listSearch } from '../../lib/admin-api';
import { apiFetch, ApiRequestError } from '../../lib/api-client';

/**
 * Query keys of the admin merchant screens: the live updates invalidate every list, detail and activity feed
 * with one call, `queryClient.invalidateQueries({ queryKey: merchantKeys.all })`.
 */
export const merchantKeys = {
  ...adminQueryKeys('merchants'),
  /**
   * A search for a whole NIK or account number: outside `all`, so live updates never fetch it again, since
   * each fetch is audited and counted against the admin's hourly limit.
   */
  identitySearch: (query: MerchantListQuery) => ['admin', 'identity-search', query] as const,
  // Under the detail key: refreshing a merchant refreshes its activity too.
  activity: (id: string) => [...merchantKeys.detail(id), 'audit'] as const,
  messages: (id: string) => [...merchantKeys.detail(id), 'messages'] as const,
  // Under the detail key too: any live change of the merchant refreshes its duplicate panel.
  duplicates: (id: string) => [...merchantKeys.detail(id), 'duplicates'] as const,
};

const BASE = '/api/admin/merchants';

/** What the create form sends: the schema's input (tempat_usaha and turnover may be left to their defaults). */
export type MerchantCreateInput = z.input<typeof MerchantCreateSchema>;

function idPath(id: string): string {
  return `${BASE}/${encodeURIComponent(id)}`;
}

/** The list's query key: an identity-number search apart (see merchantKeys.identitySearch). */
export function merchantListKey(query: MerchantListQuery) {
  return query.q && isIdentityTerm(query.q) ? merchantKeys.identitySearch(query) : merchantKeys.list(query);
}

export function fetchMerchantList(query: MerchantListQuery, signal?: AbortSignal): Promise<MerchantList> {
  // A whole NIK or account number goes in a POST body, never in a URL (logs, proxies, history).
  if (query.q && isIdentityTerm(query.q))
    return apiFetch(`${BASE}/search`, { method: 'POST', body: query, schema: MerchantListSchema, signal });
  return apiFetch(`${BASE}?${listSearch(query)}`, { schema: MerchantListSchema, signal });
}

export function fetchMerchant(id: string, signal?: AbortSignal): Promise<MerchantDetail> {
  return apiFetch(idPath(id), { schema: MerchantDetailSchema, signal });
}

export function fetchMerchantActivity(id: string, signal?: AbortSignal): Promise<AuditEntry[]> {
  return fetchAuditTrail(idPath(id), signal);
}

/** The body is what the form typed; the server parses it with the same schema and answers 400 otherwise. */
export function createMerchant(body: MerchantCreateInput): Promise<MerchantDetail> {
  return apiFetch(BASE, { method: 'POST', body, schema: MerchantDetailSchema });
}

/** The PUT body as the form builds it; the server parses it with MerchantUpdateSchema. */
export type MerchantUpdateBody = z.input<typeof MerchantUpdateSchema>;

export function updateMerchant(id: string, body: MerchantUpdateBody): Promise<MerchantDetail> {
  return apiFetch(idPath(id), { method: 'PUT', body, schema: MerchantDetailSchema });
}

/** The merchant as the change left it. A fix link it made went to the applicant's e-mail only. */
export function changeMerchantStatus(id: string, body: MerchantStatusChangeInput): Promise<MerchantDetail> {
  return apiFetch(`${idPath(id)}/status`, { method: 'POST', body, schema: MerchantDetailSchema });
}

export async function fetchMerchantMessages(id: string, signal?: AbortSignal): Promise<ApplicantMessage[]> {
  const { items } = await apiFetch(`${idPath(id)}/messages`, { schema: ApplicantMessageListSchema, signal });
  return items;
}

export function resendMerchantMessage(id: string, messageId: string): Promise<ApplicantMessage> {
  return apiFetch(`${idPath(id)}/messages/${encodeURIComponent(messageId)}/resend`, { method: 'POST', schema: ApplicantMessageSchema });
}

/** One identity value in clear (for the NIK, with the birth date and sex it says); the server audits every call as pii_reveal. */
export async function revealMerchantField(id: string, field: RevealRequest['field']): Promise<RevealResponse> {
  return apiFetch(`${idPath(id)}/reveal`, { method: 'POST', body: { field }, schema: RevealResponseSchema });
}

export async function deleteMerchant(id: string): Promise<void> {
  await apiFetch(idPath(id), { method: 'DELETE' });
}

export function isStaleSave(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError && error.status === 409;
}

export function fetchDuplicates(id: string, signal?: AbortSignal): Promise<DuplicateMatch[]> {
  return apiFetch(`${idPath(id)}/duplicates`, { schema: DuplicateListSchema, signal });
}
