import type { FixRequestView, FixSubmission, FixSubmissionResponse } from '../../../domain/perbaikan';
import { apiFetch } from '../../lib/api-client';

// The answers' schemas (and zod) load with the first answer, not with the page (issue 8 page budgets).
const loadViewSchema = async () => (await import('../../../domain/perbaikan')).FixRequestViewSchema.strip();
const loadSubmitSchema = async () => (await import('../../../domain/perbaikan')).FixSubmissionResponseSchema;

export function fetchFixRequest(token: string, signal?: AbortSignal): Promise<FixRequestView> {
  return apiFetch(`/api/perbaikan/${encodeURIComponent(token)}`, { schema: loadViewSchema, signal });
}

export function submitFix(token: string, body: FixSubmission): Promise<FixSubmissionResponse> {
  return apiFetch(`/api/perbaikan/${encodeURIComponent(token)}`, { method: 'POST', body, schema: loadSubmitSchema });
}
