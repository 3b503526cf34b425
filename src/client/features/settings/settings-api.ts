import { useQuery } from '@tanstack/react-query';
import { SystemInfoSchema } from '../../../domain/settings';
import { apiFetch } from '../../lib/api-client';

export const systemInfoKey = ['admin', 'system'] as const;

export function useSystemInfo() {
  return useQuery({ queryKey: systemInfoKey, queryFn: () => apiFetch('/api/admin/system', { schema: SystemInfoSchema }) });
}
