import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankTransferView } from '@gradus/contract/api/offline-payment';
import { post, upload } from '@/lib/request';
import { paymentKey, usePaymentScope, type PaymentScope } from '../scope';

/** The bank-transfer section (Hong Kong, Macao and Taiwan applicants): the account, the order to quote, the receipts sent. */
export const getBankTransfer = (scope: PaymentScope) => post<BankTransferView>(`${scope.prefix}/offline`, {}, { silent: true });
export const bankTransferKey = (scope: PaymentScope) => paymentKey(scope, 'offline');

export function useBankTransfer(enabled: boolean) {
  const scope = usePaymentScope();
  return useQuery({ queryKey: bankTransferKey(scope), queryFn: () => getBankTransfer(scope), enabled });
}

/** Multipart with the order number BEFORE the file: the server judges it before reading the bytes. */
export function uploadReceipt(scope: PaymentScope, orderNo: string, file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('orderNo', orderNo);
  form.append('file', file, file.name);
  return upload<BankTransferView>(`${scope.prefix}/offlineUpload`, form, onProgress);
}

export function useUploadReceipt(onProgress?: (percent: number) => void) {
  const client = useQueryClient();
  const scope = usePaymentScope();
  return useMutation({
    mutationFn: ({ orderNo, file }: { orderNo: string; file: File }) => uploadReceipt(scope, orderNo, file, onProgress),
    onSuccess: (view) => client.setQueryData(bankTransferKey(scope), view),
    // A refusal may mean the order moved meanwhile (paid, a receipt decided): read both again.
    onError: () => void client.invalidateQueries({ queryKey: paymentKey(scope) }),
  });
}
