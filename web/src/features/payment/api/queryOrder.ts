import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { post } from '@/lib/request';
import { feeOrderKey } from './feeOrder';

/** Asks the server to ask the gateway; the order is paid only when the gateway says so. */
export const queryOrder = (orderNo: string) => post<PaymentOrderView>('/mucgrs-service/doctor/payment/query', { orderNo }, { silent: true });

/** Every 3 s, for about a minute after the return from the gateway; then the applicant refreshes by hand. */
export const POLL_MS = 3_000;
export const POLL_LIMIT = 20;

/**
 * Confirmation after the return from the gateway: polls until the order is paid or the limit is
 * reached. A paid answer refreshes the order and everything else of the journey (menus, timeline).
 */
export function useConfirmation(orderNo: string | null) {
  const client = useQueryClient();
  const key = ['doctor', 'payment', 'confirm', orderNo] as const;
  const attemptsOf = (state: { dataUpdateCount: number; errorUpdateCount: number } | undefined) => (state ? state.dataUpdateCount + state.errorUpdateCount : 0);
  const result = useQuery({
    queryKey: key,
    enabled: orderNo !== null,
    queryFn: async () => {
      const order = await queryOrder(orderNo!);
      if (order.status === 'paid') {
        client.setQueryData(feeOrderKey, order);
        void client.invalidateQueries({ queryKey: ['doctor'], predicate: (q) => q.queryKey[1] !== 'payment' });
      }
      return order;
    },
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'paid' || attemptsOf(query.state) >= POLL_LIMIT ? false : POLL_MS),
  });
  // Still waiting for the gateway: not paid, and the polls are not used up.
  const confirming = orderNo !== null && result.data?.status !== 'paid' && attemptsOf(client.getQueryState(key)) < POLL_LIMIT;
  return { ...result, confirming };
}

/** The "refresh status" button: one query now. */
export function useRefreshStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: queryOrder,
    onSuccess: (order) => {
      client.setQueryData(feeOrderKey, order);
      if (order.status === 'paid') void client.invalidateQueries({ queryKey: ['doctor'], predicate: (q) => q.queryKey[1] !== 'payment' });
      void client.invalidateQueries({ queryKey: ['doctor', 'payment', 'orders'] });
    },
  });
}
