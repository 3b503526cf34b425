import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppSettingsSchema, SystemInfoSchema, type AppSettings } from '../../../domain/settings';
import { apiFetch } from '../../lib/api-client';

export const systemInfoKey = ['admin', 'system'] as const;
export const settingsKey = ['admin', 'settings'] as const;

export function useSystemInfo() {
  return useQuery({ queryKey: systemInfoKey, queryFn: () => apiFetch('/api/admin/system', { schema: SystemInfoSchema }) });
}

export function useAppSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => apiFetch('/api/admin/settings', { schema: AppSettingsSchema }) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AppSettings) => apiFetch('/api/admin/settings', { method: 'PUT', body: settings, schema: AppSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
}
