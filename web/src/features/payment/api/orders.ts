import { useQuery } from '@tanstack/react-query';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { post } from '@/lib/request';
import { paymentKey, usePaymentScope, type PaymentScope } from '../scope';

/** Every order of the applicant's cycle, newest first (the record; creates nothing). */
export const getOrders = (scope: PaymentScope) => post<PaymentOrderView[]>(`${scope.prefix}/orders`, {}, { silent: true });
export const ordersKey = (scope: PaymentScope) => paymentKey(scope, 'orders');

export function useOrders() {
  const scope = usePaymentScope();
  return useQuery({ queryKey: ordersKey(scope), queryFn: () => getOrders(scope) });
}
