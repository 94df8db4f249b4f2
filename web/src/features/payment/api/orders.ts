import { useQuery } from '@tanstack/react-query';
import type { PaymentOrderView } from '@gradus/contract/doctor/payment';
import { post } from '@/lib/request';

/** Every order of the applicant's cycle, newest first (the record page; creates nothing). */
export const getOrders = () => post<PaymentOrderView[]>('/mucgrs-service/doctor/payment/orders', {}, { silent: true });
export const useOrders = () => useQuery({ queryKey: ['doctor', 'payment', 'orders'] as const, queryFn: getOrders });
