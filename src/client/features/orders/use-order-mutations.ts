import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAdminDetail, OrderCancel, PackRequest, PaymentConfirm, ProductUpdate, ShipRequest } from '../../../domain/orders';
import { deviceKeys } from '../devices/public';
import { cancelOrder, confirmPayment, markOrderDelivered, orderKeys, packOrder, productKeys, shipOrder, updateProduct } from './orders-api';

/**
 * After a change the answer is the order's new state: it goes into the cache at once, and every order
 * query (lists, this order's activity), the products (the units held moved) and the devices (packing
 * makes them, shipping and delivery move them on) are refetched.
 */
function useOrderChange<Body>(send: (id: string, body: Body) => Promise<OrderAdminDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => send(id, body),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      await Promise.all([orderKeys.all, productKeys.all, deviceKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

export function useConfirmPayment() {
  return useOrderChange<PaymentConfirm>(confirmPayment);
}

export function useCancelOrder() {
  return useOrderChange<OrderCancel>(cancelOrder);
}

export function usePackOrder() {
  return useOrderChange<PackRequest>(packOrder);
}

export function useShipOrder() {
  return useOrderChange<ShipRequest>(shipOrder);
}

export function useMarkDelivered() {
  return useOrderChange<null>((id) => markOrderDelivered(id));
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductUpdate }) => updateProduct(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
