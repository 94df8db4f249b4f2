import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecheckKind, RecheckStatusView, RequestRecheckRequest } from '@gradus/contract/api/score-rechecks';
import { post } from '@/lib/request';

const key = (kind: RecheckKind) => ['doctor', 'results', 'recheck', kind] as const;

export const getRecheck = (kind: RecheckKind) => post<RecheckStatusView>('/mucgrs-service/doctor/results/recheck', { kind }, { silent: true });
export const useRecheck = (kind: RecheckKind) => useQuery({ queryKey: key(kind), queryFn: () => getRecheck(kind) });

/** Asks once; the reply is the request's new state, shown at once. */
export function useRequestRecheck(kind: RecheckKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestRecheckRequest) => post<RecheckStatusView>('/mucgrs-service/doctor/results/requestRecheck', body, { silent: true }),
    onSuccess: (view) => client.setQueryData(key(kind), view),
  });
}
