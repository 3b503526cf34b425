import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WebhookCreatedSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  type WebhookCreate,
  type WebhookUpdate,
} from '../../../domain/webhooks';
import { adminQueryKeys } from '../../lib/admin-api';
import { apiFetch } from '../../lib/api-client';
import { retryServerErrors } from '../../lib/api-errors';

const keys = adminQueryKeys('webhooks');
export const webhookKeys = { ...keys, deliveries: (id: string) => [...keys.detail(id), 'deliveries'] as const };

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.lists(),
    queryFn: async ({ signal }) => (await apiFetch('/api/admin/webhooks', { schema: WebhookListSchema, signal })).items,
    retry: retryServerErrors,
  });
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id),
    queryFn: async ({ signal }) =>
      (await apiFetch(`/api/admin/webhooks/${id}/deliveries`, { schema: WebhookDeliveryListSchema, signal })).items,
    retry: retryServerErrors,
    // A pending delivery changes on the worker's own schedule.
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.state === 'pending') ? 2000 : false),
  });
}

/** Create, change and delete refetch the list; the answer of create (with the one-time secret) goes to the caller. */
export function useWebhookMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
  const create = useMutation({
    mutationFn: (body: WebhookCreate) => apiFetch('/api/admin/webhooks', { method: 'POST', body, schema: WebhookCreatedSchema }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookUpdate }) =>
      apiFetch(`/api/admin/webhooks/${id}`, { method: 'PUT', body, schema: WebhookSchema }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  return { create, update, remove };
}

export function useResendDelivery(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch(`/api/admin/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, { method: 'POST', schema: WebhookDeliverySchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
