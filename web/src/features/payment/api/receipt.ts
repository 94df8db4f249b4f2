import { useMutation } from '@tanstack/react-query';
import { openGeneratedPdf } from '@/lib/download';

/** The receipt PDF, opened in a new window (spec 7) or saved when the browser blocks the window. */
export const openReceipt = (orderNo: string) => openGeneratedPdf('/mucgrs-service/doctor/payment/receipt', { orderNo }, `receipt-${orderNo}.pdf`);
export const useReceipt = () => useMutation({ mutationFn: openReceipt });
