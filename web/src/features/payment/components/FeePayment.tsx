import { useSearchParams } from 'react-router';
import { useFeeOrder } from '../api/feeOrder';
import { LoadState } from './LoadState';
import { PaidCard } from './PaidCard';
import { PendingPayment } from './PendingPayment';

/**
 * The fee page's body, for whichever journey the payment scope names. "Pay now" opens the gateway
 * in this tab; coming back (?orderNo=) the page asks the server, which asks the gateway, until the
 * payment is confirmed. The return itself proves nothing, so nothing here marks anything paid.
 * Applicants the server offers it (Hong Kong, Macao and Taiwan) may pay by bank transfer instead.
 */
export function FeePayment() {
  const [params] = useSearchParams();
  const order = useFeeOrder();
  const returning = params.has('orderNo');
  const cancelled = params.get('payResult') === 'cancelled';
  if (!order.data) return <LoadState pending={order.isPending} error={order.error} retry={order.refetch} />;
  if (order.data.status === 'paid') return <PaidCard order={order.data} />;
  return <PendingPayment order={order.data} returning={returning} cancelled={cancelled} />;
}
