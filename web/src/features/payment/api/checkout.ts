import { useMutation } from '@tanstack/react-query';
import type { CheckoutView } from '@gradus/contract/doctor/payment';
import { post } from '@/lib/request';
import { usePaymentScope, type PaymentScope } from '../scope';

/** Where the browser goes to pay: the gateway's page, opened in the same tab. */
export const checkout = (scope: PaymentScope, orderNo: string) => post<CheckoutView>(`${scope.prefix}/checkout`, { orderNo });

/** Seam for tests: jsdom cannot navigate. Only http(s) addresses are followed. */
export const gatewayNavigation = {
  go(url: string): void {
    if (!/^https?:\/\//i.test(url)) throw new Error('not a gateway address');
    window.location.assign(url);
  },
};

export function useCheckout() {
  const scope = usePaymentScope();
  return useMutation({
    mutationFn: async (orderNo: string) => {
      const { checkoutUrl } = await checkout(scope, orderNo);
      gatewayNavigation.go(checkoutUrl);
    },
  });
}
