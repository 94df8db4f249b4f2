import { useMutation } from '@tanstack/react-query';
import { openGeneratedPdf } from '@/lib/download';
import { usePaymentScope, type PaymentScope } from '../scope';

/** The receipt PDF, opened in a new window (spec 7) or saved when the browser blocks the window. */
export const openReceipt = (scope: PaymentScope, orderNo: string) => openGeneratedPdf(`${scope.prefix}/receipt`, { orderNo }, `receipt-${orderNo}.pdf`);

export function useReceipt() {
  const scope = usePaymentScope();
  return useMutation({ mutationFn: (orderNo: string) => openReceipt(scope, orderNo) });
}
