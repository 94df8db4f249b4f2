import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BankTransferView } from '@gradus/contract/api/offline-payment';
import { post, upload } from '@/lib/request';

const P = '/mucgrs-service/doctor/payment';

/** The bank-transfer section (Hong Kong, Macao and Taiwan applicants): the account, the order to quote, the receipts sent. */
export const getBankTransfer = () => post<BankTransferView>(`${P}/offline`, {}, { silent: true });
export const bankTransferKey = ['doctor', 'payment', 'offline'] as const;
export const useBankTransfer = (enabled: boolean) => useQuery({ queryKey: bankTransferKey, queryFn: getBankTransfer, enabled });

/** Multipart with the order number BEFORE the file: the server judges it before reading the bytes. */
export function uploadReceipt(orderNo: string, file: File, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('orderNo', orderNo);
  form.append('file', file, file.name);
  return upload<BankTransferView>(`${P}/offlineUpload`, form, onProgress);
}

export function useUploadReceipt(onProgress?: (percent: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNo, file }: { orderNo: string; file: File }) => uploadReceipt(orderNo, file, onProgress),
    onSuccess: (view) => client.setQueryData(bankTransferKey, view),
    // A refusal may mean the order moved meanwhile (paid, a receipt decided): read both again.
    onError: () => void client.invalidateQueries({ queryKey: ['doctor', 'payment'] }),
  });
}
