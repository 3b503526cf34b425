import { MachineChecksSchema, type MachineCheck } from '../../../domain/machine-checks';
import { apiFetch } from '../../lib/api-client';
import { merchantKeys } from '../merchants/public';

/** Under the merchant's detail key: a live `checks_changed` event (a job finished) refetches it. */
export const checkKeys = (id: string) => [...merchantKeys.detail(id), 'checks'] as const;

export async function fetchChecks(id: string, signal?: AbortSignal): Promise<MachineCheck[]> {
  const answer = await apiFetch(`/api/admin/merchants/${encodeURIComponent(id)}/checks`, { schema: MachineChecksSchema, signal });
  return answer.checks;
}
