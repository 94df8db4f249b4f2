import { useQuery } from '@tanstack/react-query';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { post } from '@/lib/request';

/** The applicant's application-fee order of this cycle; the server creates it on the first call. */
export const getFeeOrder = () => post<PaymentOrderView>('/mucgrs-service/doctor/payment/order', {}, { silent: true });
export const feeOrderKey = ['doctor', 'payment', 'order'] as const;
export const useFeeOrder = () => useQuery({ queryKey: feeOrderKey, queryFn: getFeeOrder });
