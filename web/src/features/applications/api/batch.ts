import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchAssignRequest, BatchDecideRequest, BatchResult, BatchReturnRequest } from '@gradus/contract/api/staff-batch';
import { post } from '@/lib/request';

/**
 * The list's batch actions: each answers how many applications changed and, one by one, which were
 * refused and why (in the caller's language). A batch changes what the list, the files and the
 * queues show: they are fetched again, whatever the outcome.
 */
function useBatch<B>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<BatchResult>(url, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export const useBatchDecide = () => useBatch<BatchDecideRequest>('/mucgrs-service/staff/applications/batchDecide');
export const useBatchReturn = () => useBatch<BatchReturnRequest>('/mucgrs-service/staff/applications/batchReturn');
export const useBatchAssign = () => useBatch<BatchAssignRequest>('/mucgrs-service/staff/review/batchAssign');
