import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmOfflineReceiptRequest,
  OfflineReceiptListRequest,
  OfflineReceiptListView,
  OfflineReceiptRowView,
  RejectOfflineReceiptRequest,
} from '@gradus/contract/api/offline-payment';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/payments';
const key = (...rest: unknown[]) => ['staff', 'payments', ...rest] as const;

/** The receipts of a cycle (the current one until a year is chosen), filtered by state and name or number. */
export const useReceipts = (viewer: string, body: OfflineReceiptListRequest) =>
  useQuery({ queryKey: key('receipts', viewer, body), queryFn: () => post<OfflineReceiptListView>(`${base}/receipts`, body), placeholderData: keepPreviousData });

/** A decision changes the list (and the order it settles): it is fetched again. */
function useDecision<B>(call: 'confirm' | 'reject') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<OfflineReceiptRowView>(`${base}/${call}`, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: key('receipts') }),
  });
}
export const useConfirmReceipt = () => useDecision<ConfirmOfflineReceiptRequest>('confirm');
export const useRejectReceipt = () => useDecision<RejectOfflineReceiptRequest>('reject');
