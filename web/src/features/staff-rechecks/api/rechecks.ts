import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerRecheckRequest, RecheckListRequest, RecheckListView, RecheckRowView, RecheckWindowRequest } from '@gradus/contract/api/score-rechecks';
import type { ApplicationFilterOptionsView } from '@gradus/contract/api/staff';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/rechecks';
const key = (...rest: unknown[]) => ['staff', 'rechecks', ...rest] as const;

/** The recruitment years the back office knows (the applications list's own choices). */
export const useRecheckYears = (viewer: string) =>
  useQuery({ queryKey: key('years', viewer), queryFn: () => post<ApplicationFilterOptionsView>('/mucgrs-service/staff/applications/options', {}), staleTime: 60_000 });

export const useRechecks = (viewer: string, body: RecheckListRequest, enabled: boolean) =>
  useQuery({ queryKey: key('list', viewer, body), queryFn: () => post<RecheckListView>(`${base}/list`, body), enabled, placeholderData: keepPreviousData });

/** An answer or a window changes the list: it is fetched again. */
function useRecheckAct<B, R>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<R>(`${base}/${call}`, body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: key('list') }),
  });
}
export const useAnswerRecheck = () => useRecheckAct<AnswerRecheckRequest, RecheckRowView>('answer');
export const useSaveRecheckWindow = () => useRecheckAct<RecheckWindowRequest, RecheckListView>('window');
