import { useQuery } from '@tanstack/react-query';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { post } from '@/lib/request';
import { paymentKey, usePaymentScope, type PaymentScope } from '../scope';

/** The applicant's application-fee order of this cycle; the server creates it on the first call. */
export const getFeeOrder = (scope: PaymentScope) => post<PaymentOrderView>(`${scope.prefix}/order`, {}, { silent: true });
export const feeOrderKey = (scope: PaymentScope) => paymentKey(scope, 'order');

export function useFeeOrder() {
  const scope = usePaymentScope();
  return useQuery({ queryKey: feeOrderKey(scope), queryFn: () => getFeeOrder(scope) });
}
