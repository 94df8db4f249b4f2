import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CampListView, DeleteCampRequest, SaveCampRequest } from '@gradus/contract/api/staff-camps';
import { post } from '@/lib/request';

const base = '/mucgrs-service/staff/camps';
/** Query keys of the Summer camps page: keyed by viewer, so another session never sees this one's reading. */
export const campsKey = (...rest: unknown[]) => ['staff', 'camps', ...rest] as const;

/** A year's camps with what the dialog offers to choose from (the current year when none is asked). */
export const useCamps = (viewer: string, recruitYear: string | undefined) =>
  useQuery({
    queryKey: campsKey('list', viewer, recruitYear),
    queryFn: () => post<CampListView>(`${base}/list`, recruitYear ? { recruitYear } : {}),
  });

/** Every change fetches the list again, refused or not: a 409 means someone changed the camp meanwhile. */
function useCampAct<B>(call: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => post<unknown>(`${base}/${call}`, body, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: campsKey() }),
  });
}
export const useSaveCamp = () => useCampAct<SaveCampRequest>('save');
export const useDeleteCamp = () => useCampAct<DeleteCampRequest>('delete');
