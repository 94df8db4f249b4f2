import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { post } from '@/lib/request';
import { paymentKey, refreshJourney, usePaymentScope, type PaymentScope } from '../scope';
import { feeOrderKey } from './feeOrder';
import { ordersKey } from './orders';

/** Asks the server to ask the gateway; the order is paid only when the gateway says so. */
export const queryOrder = (scope: PaymentScope, orderNo: string) => post<PaymentOrderView>(`${scope.prefix}/query`, { orderNo }, { silent: true });

/** Every 3 s, for about a minute after the return from the gateway; then the applicant refreshes by hand. */
export const POLL_MS = 3_000;
export const POLL_LIMIT = 20;

/** The gateway's answer is the order as it now stands: show it, and on a paid answer refresh the rest of the journey. */
function settle(client: QueryClient, scope: PaymentScope, order: PaymentOrderView) {
  client.setQueryData(feeOrderKey(scope), order);
  void client.invalidateQueries({ queryKey: ordersKey(scope) });
  if (order.status === 'paid') void refreshJourney(client, scope);
}

/**
 * Confirmation after the return from the gateway: polls until the order is paid or the limit is
 * reached. A paid answer refreshes the order and everything else of the journey (menus, timeline).
 */
export function useConfirmation(orderNo: string | null) {
  const client = useQueryClient();
  const scope = usePaymentScope();
  const key = paymentKey(scope, 'confirm', orderNo);
  const attemptsOf = (state: { dataUpdateCount: number; errorUpdateCount: number } | undefined) => (state ? state.dataUpdateCount + state.errorUpdateCount : 0);
  const result = useQuery({
    queryKey: key,
    enabled: orderNo !== null,
    queryFn: async () => {
      const order = await queryOrder(scope, orderNo!);
      if (order.status === 'paid') settle(client, scope, order);
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
  const scope = usePaymentScope();
  return useMutation({
    mutationFn: (orderNo: string) => queryOrder(scope, orderNo),
    onSuccess: (order) => settle(client, scope, order),
  });
}
