import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderAdminDetail, OrderCancel, PaymentConfirm, ProductUpdate } from '../../../domain/orders';
import { cancelOrder, confirmPayment, orderKeys, productKeys, updateProduct } from './orders-api';

/**
 * After a change the answer is the order's new state: it goes into the cache at once, and every order
 * query (lists, this order's activity) and the products (the units held moved) are refetched.
 */
function useOrderChange<Body>(send: (id: string, body: Body) => Promise<OrderAdminDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => send(id, body),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.all }), queryClient.invalidateQueries({ queryKey: productKeys.all })]);
    },
  });
}

export function useConfirmPayment() {
  return useOrderChange<PaymentConfirm>(confirmPayment);
}

export function useCancelOrder() {
  return useOrderChange<OrderCancel>(cancelOrder);
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ProductUpdate }) => updateProduct(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
